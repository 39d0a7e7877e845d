// Server-side sessions. The browser holds a random token in an httpOnly cookie; the database holds
// only its SHA-256, so a leaked sessions table cannot be replayed as cookies.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Migration } from '../db/migrate';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long a session found valid is believed without asking the database again. Every signed-in
 * request looks its session up; a logout here forgets it at once, but one on another instance of
 * the app is noticed here within this time.
 */
export const SESSION_RECHECK_MS = 10_000;
/** Sessions kept in memory at most; the oldest check is dropped first. */
const MAX_REMEMBERED_SESSIONS = 10_000;

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
  private readonly recentlyValid = new Map<string, { userId: string; expiresAt: number; checkedAt: number }>();

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
    const hash = digest(token);
    const known = this.recentlyValid.get(hash);
    if (known && known.expiresAt > now.getTime() && now.getTime() - known.checkedAt < SESSION_RECHECK_MS) return known.userId;
    const { rows } = await this.db.query<{ user_id: string; expires_at: Date | string }>(
      'SELECT user_id::text AS user_id, expires_at FROM sessions WHERE token_hash = $1 AND expires_at > $2',
      [hash, now],
    );
    const row = rows[0];
    this.recentlyValid.delete(hash);
    if (!row) return null;
    this.recentlyValid.set(hash, { userId: row.user_id, expiresAt: new Date(row.expires_at).getTime(), checkedAt: now.getTime() });
    if (this.recentlyValid.size > MAX_REMEMBERED_SESSIONS) this.recentlyValid.delete(this.recentlyValid.keys().next().value!);
    return row.user_id;
  }

  async destroy(token: string): Promise<void> {
    const hash = digest(token);
    this.recentlyValid.delete(hash);
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [hash]);
  }

  /** Ends every session of the user (a deleted account); answers how many there were. */
  async destroyAllOf(userId: string): Promise<number> {
    for (const [hash, known] of this.recentlyValid) if (known.userId === userId) this.recentlyValid.delete(hash);
    const { rows } = await this.db.query<{ token_hash: string }>('DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash', [userId]);
    return rows.length;
  }
}
