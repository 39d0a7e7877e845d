// The QXMP Pay adapter: checks the signed assertion the provider's sign-in widget hands the page
// (a compact JWS, EdDSA over Ed25519) against the provider's configured public key, our audience
// and a five-minute lifetime, and reads who signed in. Replay is stopped by the nonce (the caller
// consumes it: infra/auth/sign-in-nonces.ts).
import { createPublicKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { QxmpPayConfig } from '../config';

/** The longest an assertion may live (exp - iat), and the oldest iat accepted. */
export const MAX_ASSERTION_LIFETIME_SECONDS = 5 * 60;
/** Allowed clock difference between the provider and us. */
const CLOCK_TOLERANCE_SECONDS = 30;

const assertionClaimsSchema = z.object({
  sub: z.string().min(1).max(200),
  username: z.string().min(1).max(200),
  wallet: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  iat: z.number(),
  exp: z.number(),
});
export type QxmpPayIdentity = { subject: string; username: string; wallet: string; nonce: string };

/** Why an assertion was refused, in words for the person signing in. */
export class AssertionRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssertionRejected';
  }
}

/**
 * The provider's key from QXMP_PAY_PUBLIC_KEY: a PEM public key (SPKI), or the base64 (or
 * base64url) of the 32 raw Ed25519 bytes. Anything else is a configuration error at start.
 */
export function parseProviderPublicKey(text: string): KeyObject {
  let key: KeyObject;
  try {
    if (text.includes('-----BEGIN')) {
      key = createPublicKey(text.replace(/\\n/g, '\n'));
    } else {
      const raw = Buffer.from(text, 'base64');
      if (raw.length !== 32) throw new Error(`decodes to ${raw.length} bytes, not 32`);
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
    }
  } catch (error) {
    throw new Error(`QXMP_PAY_PUBLIC_KEY must be an Ed25519 public key as PEM or base64 of its 32 raw bytes (${(error as Error).message})`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`QXMP_PAY_PUBLIC_KEY must be an Ed25519 key, got ${key.asymmetricKeyType}`);
  return key;
}

export class QxmpPayAssertions {
  private readonly key: KeyObject;

  constructor(readonly config: QxmpPayConfig) {
    this.key = parseProviderPublicKey(config.publicKey);
  }

  /** The identity in a valid assertion for `audience` (our public origin); AssertionRejected otherwise. */
  async verify(assertion: string, audience: string): Promise<QxmpPayIdentity> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(assertion, this.key, {
        algorithms: ['EdDSA', 'Ed25519'],
        audience,
        requiredClaims: ['sub', 'iat', 'exp', 'nonce'],
        maxTokenAge: MAX_ASSERTION_LIFETIME_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (error) {
      throw new AssertionRejected(rejection(error));
    }
    const claims = assertionClaimsSchema.safeParse(payload);
    if (!claims.success) throw new AssertionRejected('The QXMP Pay sign-in lacks the user, wallet or nonce it must carry');
    if (claims.data.exp - claims.data.iat > MAX_ASSERTION_LIFETIME_SECONDS) {
      throw new AssertionRejected('The QXMP Pay sign-in is valid for longer than five minutes; it is refused');
    }
    return { subject: claims.data.sub, username: claims.data.username, wallet: claims.data.wallet, nonce: claims.data.nonce };
  }
}

function rejection(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The QXMP Pay sign-in has expired; please sign in again';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'The QXMP Pay sign-in was issued for another site';
    if (error.claim === 'iat') return 'The QXMP Pay sign-in is too old; please sign in again';
    return `The QXMP Pay sign-in has an invalid ${error.claim} claim`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The QXMP Pay sign-in signature is invalid';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The QXMP Pay sign-in is not signed with Ed25519';
  if (error instanceof errors.JOSEError) return 'The QXMP Pay sign-in is not a valid signed assertion';
  throw error;
}
