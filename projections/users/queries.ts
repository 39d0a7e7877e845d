// Reads of the users read model.
import type { User } from '../../domain/contracts/auth';
import { microsToTokens } from '../../domain/shared/tokens';
import type { Queryable } from '../../infra/db/db';

interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  token_balance_micros: string;
  created_at: Date;
}

export interface UserWithSecret {
  user: User;
  passwordHash: string;
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    tokenBalance: microsToTokens(Number(row.token_balance_micros)),
    xrplWallet: null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = 'id::text AS id, username, password_hash, token_balance_micros::text AS token_balance_micros, created_at';

export async function findUserById(db: Queryable, id: string): Promise<User | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : null;
}

export async function findUserByUsername(db: Queryable, username: string): Promise<UserWithSecret | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE username_lower = $1`, [username.toLowerCase()]);
  return rows[0] ? { user: toUser(rows[0]), passwordHash: rows[0].password_hash } : null;
}
