// The certificate of a purchased license: who licensed which registered work from whom, on what
// terms and for how much. Signed like a copyright certificate (infra/certificate): the platform's
// Ed25519 key over the fields' RFC 8785 canonical JSON, so anyone holding the published key can
// check it without the server.
import { z } from 'zod';
import { LICENSE_CURRENCIES, LICENSE_SCOPES, LICENSE_TYPES, licenseTermsSchema, PAYMENT_OPTIONS } from '../../domain/contracts/licensing';
import { signatureSchema } from '../../domain/licensing/license.events';
import { signFields, verifyCertificateSignature, type SignatureCheck } from '../certificate/certificate';
import type { CertificateSigningKey } from '../certificate/signing-key';

export const LICENSE_CERTIFICATE_VERSION = 'license-1';

export const licenseCertificateSchema = z.strictObject({
  certificateId: z.string().min(1),
  licenseId: z.string().min(1),
  /** The licensing proof this certificate is the statement of. */
  proofId: z.string().min(1),
  workId: z.string().min(1),
  workTitle: z.string().min(1),
  /** Usernames. */
  owner: z.string().min(1),
  buyer: z.string().min(1),
  type: z.enum(LICENSE_TYPES),
  scope: z.enum(LICENSE_SCOPES),
  territory: z.string().min(1),
  duration: z.string().min(1),
  terms: licenseTermsSchema,
  priceCents: z.number().int().positive(),
  currency: z.enum(LICENSE_CURRENCIES),
  paymentMethod: z.enum(PAYMENT_OPTIONS),
  issuedAt: z.iso.datetime(),
  /** The work's copyright certificate and the SHA-256 of its registered file. */
  workCertificateId: z.string().min(1),
  workSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Where anyone can look the licensing proof up, absolute. */
  verificationUrl: z.url({ protocol: /^https?$/ }),
  version: z.literal(LICENSE_CERTIFICATE_VERSION),
});
export type LicenseCertificate = z.infer<typeof licenseCertificateSchema>;

export const signedLicenseCertificateSchema = z.strictObject({ certificate: licenseCertificateSchema, signature: signatureSchema });
export type SignedLicenseCertificate = z.infer<typeof signedLicenseCertificateSchema>;

/** GOOSE-LIC- and the license id's first twelve characters, upper case. */
export function licenseCertificateId(licenseId: string): string {
  return `GOOSE-LIC-${licenseId.replaceAll('-', '').slice(0, 12).toUpperCase()}`;
}

/** The licensing proof's id (the proof explorer lists it under this id). */
export function licensingProofId(licenseId: string): string {
  return `licensing-${licenseId}`;
}

export function signLicenseCertificate(fields: LicenseCertificate, key: CertificateSigningKey): SignedLicenseCertificate {
  return signFields(licenseCertificateSchema.parse(fields), key);
}

/** Valid only when signed by the published key over these exact fields (the copyright certificate's check). */
export function verifyLicenseCertificate(signed: SignedLicenseCertificate, publishedPublicKeyBase64: string): SignatureCheck {
  const parsed = signedLicenseCertificateSchema.safeParse(signed);
  if (!parsed.success) return { valid: false, reason: 'The license certificate is not in the GOOSE license certificate format.' };
  // The copyright check canonicalizes whatever fields it is given; only the field set differs.
  return verifyCertificateSignature(parsed.data as unknown as Parameters<typeof verifyCertificateSignature>[0], publishedPublicKeyBase64);
}
