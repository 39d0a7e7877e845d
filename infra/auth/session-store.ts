// Server-side sessions. The browser holds a random token in an httpOnly cookie; the database holds
// only its SHA-256, so a leaked sessions table cannot be replayed as cookies. Each session also has
// a public id (for listing and revoking it on the settings page), the User-Agent it signed in with,
// and when it was last used, written at most once a minute per session.
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
/** A session's last use is written when the one recorded is at least this old: not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** The User-Agent kept per session, at most this long. */
const MAX_USER_AGENT_LENGTH = 512;

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
  {
    // Sessions from before this migration get an id, no device and their start as last use.
    id: '0101_session_devices',
    sql: `
      ALTER TABLE sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
      ALTER TABLE sessions ADD COLUMN user_agent text;
      ALTER TABLE sessions ADD COLUMN last_used_at timestamptz;
      UPDATE sessions SET last_used_at = created_at;
      ALTER TABLE sessions ALTER COLUMN last_used_at SET NOT NULL;
      CREATE UNIQUE INDEX sessions_id_idx ON sessions (id);`,
  },
];

/** A signed-in request's session: whose it is, and its public id. */
export interface SessionOwner {
  userId: string;
  sessionId: string;
}

/** One active session as the settings page lists it. */
export interface ActiveSession {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface RememberedSession extends SessionOwner {
  expiresAt: number;
  checkedAt: number;
  lastUsedAt: number;
}

export class SessionStore {
  private readonly recentlyValid = new Map<string, RememberedSession>();

  constructor(private readonly db: Queryable) {}

  /** A new session for `userId`; `userAgent` is the browser's header, kept to tell the user which device it is. */
  async create(userId: string, now = new Date(), userAgent: string | null = null): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.db.query('INSERT INTO sessions (token_hash, user_id, expires_at, created_at, last_used_at, user_agent) VALUES ($1, $2, $3, $4, $4, $5)', [
      digest(token),
      userId,
      expiresAt,
      now,
      userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null,
    ]);
    return { token, expiresAt };
  }

  async userIdFor(token: string, now = new Date()): Promise<string | null> {
    return (await this.sessionFor(token, now))?.userId ?? null;
  }

  /** The session `token` opens, or null; records its use when the recorded one is a minute old or more. */
  async sessionFor(token: string, now = new Date()): Promise<SessionOwner | null> {
    const hash = digest(token);
    const known = this.recentlyValid.get(hash);
    if (known && known.expiresAt > now.getTime() && now.getTime() - known.checkedAt < SESSION_RECHECK_MS) {
      await this.recordUse(hash, known, now);
      return { userId: known.userId, sessionId: known.sessionId };
    }
    const { rows } = await this.db.query<{ user_id: string; id: string; expires_at: Date | string; last_used_at: Date | string }>(
      'SELECT user_id::text AS user_id, id::text AS id, expires_at, last_used_at FROM sessions WHERE token_hash = $1 AND expires_at > $2',
      [hash, now],
    );
    const row = rows[0];
    this.recentlyValid.delete(hash);
    if (!row) return null;
    const remembered: RememberedSession = {
      userId: row.user_id,
      sessionId: row.id,
      expiresAt: new Date(row.expires_at).getTime(),
      checkedAt: now.getTime(),
      lastUsedAt: new Date(row.last_used_at).getTime(),
    };
    this.recentlyValid.set(hash, remembered);
    if (this.recentlyValid.size > MAX_REMEMBERED_SESSIONS) this.recentlyValid.delete(this.recentlyValid.keys().next().value!);
    await this.recordUse(hash, remembered, now);
    return { userId: row.user_id, sessionId: row.id };
  }

  async destroy(token: string): Promise<void> {
    const hash = digest(token);
    this.recentlyValid.delete(hash);
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [hash]);
  }

  /** The user's sessions that have not expired, the most recently used first. */
  async activeSessions(userId: string, now = new Date()): Promise<ActiveSession[]> {
    const { rows } = await this.db.query<{ id: string; user_agent: string | null; created_at: Date | string; last_used_at: Date | string }>(
      `SELECT id::text AS id, user_agent, created_at, last_used_at FROM sessions
       WHERE user_id = $1 AND expires_at > $2 ORDER BY last_used_at DESC, created_at DESC`,
      [userId, now],
    );
    return rows.map((row) => ({ id: row.id, userAgent: row.user_agent, createdAt: new Date(row.created_at), lastUsedAt: new Date(row.last_used_at) }));
  }

  /** Ends the user's session with public id `sessionId`; false when the user has no such session. */
  async revoke(userId: string, sessionId: string): Promise<boolean> {
    const { rows } = await this.db.query<{ token_hash: string }>('DELETE FROM sessions WHERE user_id = $1 AND id::text = $2 RETURNING token_hash', [userId, sessionId]);
    this.forget(rows);
    return rows.length > 0;
  }

  /** Ends every session of the user but `keepSessionId` (after a password change); how many ended. */
  async revokeOthers(userId: string, keepSessionId: string): Promise<number> {
    const { rows } = await this.db.query<{ token_hash: string }>('DELETE FROM sessions WHERE user_id = $1 AND id::text <> $2 RETURNING token_hash', [userId, keepSessionId]);
    this.forget(rows);
    return rows.length;
  }

  /** Ends every session of the user (a deleted account); answers how many there were. */
  async destroyAllOf(userId: string): Promise<number> {
    // By user, not by the rows deleted: another instance (the deletion workflow's) may have deleted them first.
    for (const [hash, known] of this.recentlyValid) if (known.userId === userId) this.recentlyValid.delete(hash);
    const { rows } = await this.db.query<{ token_hash: string }>('DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash', [userId]);
    return rows.length;
  }

  private forget(rows: ReadonlyArray<{ token_hash: string }>): void {
    for (const { token_hash } of rows) this.recentlyValid.delete(token_hash);
  }

  private async recordUse(hash: string, session: RememberedSession, now: Date): Promise<void> {
    if (now.getTime() - session.lastUsedAt < LAST_USED_RESOLUTION_MS) return;
    session.lastUsedAt = now.getTime();
    await this.db.query('UPDATE sessions SET last_used_at = $2 WHERE token_hash = $1 AND last_used_at < $2', [hash, now]);
  }
}
