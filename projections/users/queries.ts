// Reads of the users read model.
import type { User } from '../../domain/contracts/auth';
import { microsToTokens } from '../../domain/shared/tokens';
import type { Queryable } from '../../infra/db/db';

interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  /** The free balance (balance minus holds); null before the token account is open. */
  token_balance_micros: string | null;
  xrpl_address: string | null;
  created_at: Date;
  terms_version: number | null;
}

export interface UserWithSecret {
  user: User;
  passwordHash: string;
}

/** `currentTermsVersion`: the published terms' version (the user has accepted the terms when theirs is at least that). */
function toUser(row: UserRow, currentTermsVersion: number): User {
  return {
    id: row.id,
    username: row.username,
    tokenBalance: microsToTokens(Number(row.token_balance_micros ?? 0)),
    xrplWallet: row.xrpl_address,
    createdAt: new Date(row.created_at).toISOString(),
    termsAccepted: row.terms_version !== null && row.terms_version >= currentTermsVersion,
  };
}

const COLUMNS = `users.id::text AS id, username, password_hash, (token_accounts.balance_micros - token_accounts.held_micros)::text AS token_balance_micros, user_wallets.xrpl_address, created_at, terms_version`;
const FROM = 'users LEFT JOIN token_accounts ON token_accounts.user_id = users.id LEFT JOIN user_wallets ON user_wallets.user_id = users.id';

export async function findUserById(db: Queryable, id: string, currentTermsVersion: number): Promise<User | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE users.id = $1`, [id]);
  return rows[0] ? toUser(rows[0], currentTermsVersion) : null;
}

export async function findUserByUsername(db: Queryable, username: string, currentTermsVersion: number): Promise<UserWithSecret | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE username_lower = $1`, [username.toLowerCase()]);
  return rows[0] ? { user: toUser(rows[0], currentTermsVersion), passwordHash: rows[0].password_hash } : null;
}

/** The hash sign-in and the password change check a password against; null for an unknown user. */
export async function findPasswordHash(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return rows[0]?.password_hash ?? null;
}

/** The user's confirmed e-mail address, or null. */
export async function findConfirmedEmail(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string | null }>('SELECT email FROM users WHERE id = $1', [userId]);
  return rows[0]?.email ?? null;
}

/** The account whose confirmed address is `email` (compared without case), or null. */
export async function findUserIdByConfirmedEmail(db: Queryable, email: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE email_lower = lower($1) LIMIT 1', [email]);
  return rows[0]?.id ?? null;
}

/** Said to a sign-in of a deleted account (the password form answers as for any unknown name). */
export const ACCOUNT_DELETED = 'This account was deleted';

/** Whether the account was deleted (UserAccountDeleted). */
export async function isDeletedUser(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1', [id]);
  return rows[0]?.deleted === true;
}

/** Said to a suspended account's sign-in, API keys and requests (docs/ip-protection.md). */
export const ACCOUNT_SUSPENDED = 'This account is suspended by an operator; contact support to have it reinstated';

/** Whether an operator has the account suspended (UserSuspended, not yet UserReinstated). */
export async function isSuspendedUser(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query<{ suspended: boolean }>('SELECT suspended_at IS NOT NULL AS suspended FROM users WHERE id = $1', [id]);
  return rows[0]?.suspended === true;
}

export interface SuspendedAccount {
  userId: string;
  username: string;
  reason: string;
  suspendedBy: string;
  suspendedAt: string;
}

/** Every suspended account, the most recently suspended first (the operations page's list). */
export async function listSuspendedUsers(db: Queryable): Promise<SuspendedAccount[]> {
  const { rows } = await db.query<{ id: string; username: string; suspension_reason: string; suspended_by: string; suspended_at: Date | string }>(
    'SELECT id::text AS id, username, suspension_reason, suspended_by, suspended_at FROM users WHERE suspended_at IS NOT NULL ORDER BY suspended_at DESC, username',
  );
  return rows.map((row) => ({ userId: row.id, username: row.username, reason: row.suspension_reason, suspendedBy: row.suspended_by, suspendedAt: new Date(row.suspended_at).toISOString() }));
}

/** The id of the account named `username` (compared without case), or null. */
export async function findUserIdByUsername(db: Queryable, username: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE username_lower = lower($1)', [username]);
  return rows[0]?.id ?? null;
}
