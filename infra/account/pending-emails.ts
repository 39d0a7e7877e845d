// The address a user asked to use and was mailed a confirmation link for, until they open it. It
// is not an event: nothing is true of the account until the link is opened (UserEmailConfirmed).
// One per user: asking again replaces it, so only the newest link confirms.
import type { Queryable } from '../db/db';
import type { Migration } from '../db/migrate';

export const pendingEmailMigrations: Migration[] = [
  {
    id: '0400_account_pending_emails',
    sql: `
      CREATE TABLE account_pending_emails (
        user_id uuid PRIMARY KEY,
        email text NOT NULL,
        requested_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );`,
  },
];

export interface PendingEmailRow {
  email: string;
  requestedAt: Date;
  expiresAt: Date;
}

export class PendingEmails {
  constructor(private readonly db: Queryable) {}

  async put(userId: string, pending: PendingEmailRow): Promise<void> {
    await this.db.query(
      `INSERT INTO account_pending_emails (user_id, email, requested_at, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, requested_at = EXCLUDED.requested_at, expires_at = EXCLUDED.expires_at`,
      [userId, pending.email, pending.requestedAt, pending.expiresAt],
    );
  }

  /** The user's pending address whose link still works at `now`, or null. */
  async of(userId: string, now = new Date()): Promise<PendingEmailRow | null> {
    const { rows } = await this.db.query<{ email: string; requested_at: Date | string; expires_at: Date | string }>(
      'SELECT email, requested_at, expires_at FROM account_pending_emails WHERE user_id = $1 AND expires_at > $2',
      [userId, now],
    );
    const row = rows[0];
    return row ? { email: row.email, requestedAt: new Date(row.requested_at), expiresAt: new Date(row.expires_at) } : null;
  }

  /** Drops the user's pending address; true when there was one (expired or not). */
  async clear(userId: string): Promise<boolean> {
    const { rows } = await this.db.query('DELETE FROM account_pending_emails WHERE user_id = $1 RETURNING user_id', [userId]);
    return rows.length > 0;
  }
}
