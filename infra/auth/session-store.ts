// Server-side sessions. The browser holds a random token in an httpOnly cookie; the database holds
// only its SHA-256, so a leaked sessions table cannot be replayed as cookies.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Migration } from '../db/migrate';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const sessionMigrations: Migration[] = [
  {
    id: '0100_sessions',
    sql: `
      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_user_idx ON sessions (user_id);`,
  },
];

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionStore {
  constructor(private readonly db: Queryable) {}

  async create(userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.db.query('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
      digest(token),
      userId,
      expiresAt,
    ]);
    return { token, expiresAt };
  }

  async userIdFor(token: string, now = new Date()): Promise<string | null> {
    const { rows } = await this.db.query<{ user_id: string }>(
      'SELECT user_id::text AS user_id FROM sessions WHERE token_hash = $1 AND expires_at > $2',
      [digest(token), now],
    );
    return rows[0]?.user_id ?? null;
  }

  async destroy(token: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [digest(token)]);
  }
}
