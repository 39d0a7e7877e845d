// The copyright certificate of a registered track and its proof: the
// fields are signed with the platform's Ed25519 key over their RFC 8785 canonical JSON, so the
// public verification page can check a certificate with nothing but the published public key.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';
import { z } from 'zod';
import { CERTIFICATE_FORMAT_VERSION, CONTENT_TYPES } from '../../domain/constants';
import { generatedWorkSchema } from '../../domain/creation/generated-work';
import { certificateSignatureSchema, REGISTRATION_OUTCOMES } from '../../domain/track/stage.events';
import type { CertificateSigningKey } from './signing-key';

/** The version the certificate footer names. */
export const CERTIFICATE_VERSION = CERTIFICATE_FORMAT_VERSION;

const webUrl = z.url({ protocol: /^https?$/ });

export const certificateSchema = z.strictObject({
  certificateId: z.string().min(1).max(200),
  trackId: z.string().min(1),
  title: z.string().min(1),
  /** The owner's username. */
  owner: z.string().min(1),
  ownerId: z.string().min(1),
  contentType: z.enum(CONTENT_TYPES),
  /** Of the registered file: the master when there is one, else the upload. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The stored file the hash was taken of (the download check reads it). */
  fileName: z.string().min(1),
  /** The name the creator uploaded the file under, shown as "File name"; absent on certificates issued before it was signed. */
  uploadedFileName: z.string().min(1).optional(),
  copyrightStatus: z.literal('registered'),
  publicVisibility: z.literal('public'),
  registrationDate: z.iso.datetime(),
  /** e.g. 'XRPL testnet'. */
  blockchainNetwork: z.string().min(1),
  /** The platform's XRPL account that signed the registration transaction. */
  walletAddress: z.string().min(1),
  xrplTxHash: z.string().regex(/^[0-9A-F]{64}$/),
  ledgerStatus: z.enum(REGISTRATION_OUTCOMES),
  /** e.g. 'verified', 'signed, awaiting ledger submission'. */
  verificationStatus: z.string().min(1),
  /** An explorer without a page for the network is null. */
  blockchainExplorer: z.strictObject({ xrpscan: webUrl.nullable(), xrplorer: webUrl.nullable(), bithomp: webUrl.nullable() }),
  /** 0–100, null when the copyright check could not score the work. */
  clearanceScore: z.number().min(0).max(100).nullable(),
  /** The public verification page, absolute. */
  verificationUrl: webUrl,
  version: z.string().min(1),
  /** Only on a generated track's certificate: that it was generated, by what and from what request. */
  generation: generatedWorkSchema.optional(),
});
export type CertificateFields = z.infer<typeof certificateSchema>;

export const signedCertificateSchema = z.strictObject({ certificate: certificateSchema, signature: certificateSignatureSchema });
export type CertificateSignature = z.infer<typeof certificateSignatureSchema>;
export type SignedCertificate = z.infer<typeof signedCertificateSchema>;

export interface SignatureCheck {
  valid: boolean;
  /** Why the certificate failed, as a sentence for the verification page; null when valid. */
  reason: string | null;
}

const ED25519_PUBLIC_KEY_BYTES = 32;
const ED25519_SIGNATURE_BYTES = 64;

/** The exact text that is signed: the fields' RFC 8785 canonical JSON. */
export function canonicalCertificate(fields: object): string {
  const canonical = canonicalize(fields);
  if (canonical === undefined) throw new Error('The certificate fields have no JSON form');
  return canonical;
}

/** Signs any certificate's fields as the copyright certificate is signed (license certificates too). */
export function signFields<T extends object>(fields: T, key: CertificateSigningKey): { certificate: T; signature: CertificateSignature } {
  return {
    certificate: fields,
    signature: {
      algorithm: 'Ed25519',
      keyId: key.keyId,
      publicKey: key.publicKeyBase64,
      canonicalization: 'RFC8785',
      value: key.sign(Buffer.from(canonicalCertificate(fields), 'utf8')),
    },
  };
}

/** Validates the fields (so every signed certificate parses back) and signs them. */
export function signCertificate(fields: CertificateFields, key: CertificateSigningKey): SignedCertificate {
  return signFields(certificateSchema.parse(fields), key);
}

/**
 * Valid only when the certificate names the published key and the signature made with that key
 * covers these exact fields. The check always uses the published key, never the one the
 * certificate carries, so a forger's self-made key pair proves nothing.
 */
export function verifyCertificateSignature(signed: SignedCertificate, publishedPublicKeyBase64: string): SignatureCheck {
  const publishedKey = ed25519PublicKey(publishedPublicKeyBase64);
  if (!publishedKey) return invalid('The published GOOSE key is not an Ed25519 public key, so nothing can be checked against it.');
  const { signature } = signed;
  if (signature.algorithm !== 'Ed25519' || signature.canonicalization !== 'RFC8785') {
    return invalid('The certificate uses a signature scheme other than Ed25519 over RFC 8785 canonical JSON.');
  }
  const claimedKey = decodeBase64Url(signature.publicKey);
  if (!claimedKey || !claimedKey.equals(publishedKey.raw)) {
    return invalid("The certificate was signed with a key other than GOOSE's published key.");
  }
  const signatureBytes = decodeBase64Url(signature.value);
  if (!signatureBytes || signatureBytes.length !== ED25519_SIGNATURE_BYTES) return invalid('The signature value is malformed.');
  let message: Buffer;
  try {
    message = Buffer.from(canonicalCertificate(signed.certificate), 'utf8');
  } catch {
    return invalid('The certificate fields cannot be put in canonical form.');
  }
  return verify(null, message, publishedKey.key, signatureBytes)
    ? { valid: true, reason: null }
    : invalid('The signature does not match the certificate: its fields were changed after GOOSE signed it, or GOOSE never signed it.');
}

const MAX_TITLE_IN_FILE_NAME = 80;

/** The download name, e.g. "My_Song_GOOSE-CERT-1A2B.pdf": safe on every file system and in a header. */
export function certificateFileName(title: string, certificateId: string): string {
  const safeTitle = fileNamePart(title).slice(0, MAX_TITLE_IN_FILE_NAME).replace(/[_-]+$/, '') || 'certificate';
  const safeId = fileNamePart(certificateId);
  return safeId ? `${safeTitle}_${safeId}.pdf` : `${safeTitle}.pdf`;
}

function fileNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // accents off: "Café" → "Cafe"
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .replace(/_{2,}/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '');
}

function ed25519PublicKey(base64Url: string): { raw: Buffer; key: KeyObject } | null {
  const raw = decodeBase64Url(base64Url);
  if (!raw || raw.length !== ED25519_PUBLIC_KEY_BYTES) return null;
  try {
    return { raw, key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' }) };
  } catch {
    return null;
  }
}

/** Strict: Node's decoder skips stray characters, which would let two spellings name one key. */
function decodeBase64Url(text: string): Buffer | null {
  const unpadded = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(unpadded)) return null;
  const bytes = Buffer.from(unpadded, 'base64url');
  return bytes.toString('base64url') === unpadded ? bytes : null;
}

function invalid(reason: string): SignatureCheck {
  return { valid: false, reason };
}
