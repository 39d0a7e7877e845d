// Single-use nonces for sign-in through an outside provider (QXMP Pay): issued by us before the
// widget opens, carried in the provider's signed assertion, and consumed once when it comes back,
// so a captured assertion cannot be replayed. Stored as SHA-256 like sessions, with an expiry.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Migration } from '../db/migrate';

/** How long a sign-in may take between opening the widget and the assertion arriving. */
export const SIGN_IN_NONCE_TTL_MS = 10 * 60 * 1000;

export const signInNonceMigrations: Migration[] = [
  {
    id: '0110_sign_in_nonces',
    sql: `
      CREATE TABLE sign_in_nonces (
        nonce_hash text PRIMARY KEY,
        provider text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sign_in_nonces_expiry_idx ON sign_in_nonces (expires_at);`,
  },
];

function digest(nonce: string): string {
  return createHash('sha256').update(nonce).digest('hex');
}

export class SignInNonces {
  constructor(private readonly db: Queryable) {}

  /** A fresh nonce for `provider`; expired ones are swept on the way. */
  async issue(provider: string, now = new Date()): Promise<string> {
    const nonce = randomBytes(24).toString('base64url');
    await this.db.query('DELETE FROM sign_in_nonces WHERE expires_at <= $1', [now]);
    await this.db.query('INSERT INTO sign_in_nonces (nonce_hash, provider, expires_at) VALUES ($1, $2, $3)', [
      digest(nonce),
      provider,
      new Date(now.getTime() + SIGN_IN_NONCE_TTL_MS),
    ]);
    return nonce;
  }

  /** True once for a nonce issued for `provider` and not yet expired; false ever after. */
  async consume(provider: string, nonce: string, now = new Date()): Promise<boolean> {
    const { rows } = await this.db.query('DELETE FROM sign_in_nonces WHERE nonce_hash = $1 AND provider = $2 AND expires_at > $3 RETURNING nonce_hash', [
      digest(nonce),
      provider,
      now,
    ]);
    return rows.length === 1;
  }
}
