// Request shapes of the purchase routes that are not payloads of domain/contracts/licensing.ts.
import { z } from 'zod';
import { purchasedLicenseSchema } from '../../../domain/contracts/licensing';

export const signedLicenseCertificateResponseSchema = z.object({
  certificate: z.record(z.string(), z.unknown()),
  signature: z.object({ algorithm: z.literal('Ed25519'), keyId: z.string(), publicKey: z.string(), canonicalization: z.literal('RFC8785'), value: z.string() }),
});

/** GET /api/licenses/:id and the rating's answer. */
export const licenseEnvelopeSchema = z.object({ license: purchasedLicenseSchema });
