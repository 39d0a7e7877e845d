// Request shapes of the purchase routes that are not payloads of domain/contracts/licensing.ts.
import { z } from 'zod';

export const signedLicenseCertificateResponseSchema = z.object({
  certificate: z.record(z.string(), z.unknown()),
  signature: z.object({ algorithm: z.literal('Ed25519'), keyId: z.string(), publicKey: z.string(), canonicalization: z.literal('RFC8785'), value: z.string() }),
});
