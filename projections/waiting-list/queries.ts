// The reads the waiting-list routes make: the counts behind the stats, an entry by its id, its
// user or its affiliate code, and an entry's status with its confirmed referrals.
import { NO_EARNINGS_REASON, type WaitingListStatus } from '../../domain/contracts/waiting-list';
import type { Queryable } from '../../infra/db/db';

export interface WaitingListEntryRow {
  entry_id: string;
  email: string;
  user_id: string | null;
  is_priority: boolean;
  affiliate_code: string;
  joined_at: Date;
  confirmed_at: Date | null;
}

export interface WaitingListCounts {
  confirmed: number;
  priority: number;
  awaitingConfirmation: number;
}

export async function waitingListCounts(db: Queryable): Promise<WaitingListCounts> {
  const { rows } = await db.query<{ confirmed: string; priority: string; waiting: string }>(
    `SELECT count(*) FILTER (WHERE confirmed_at IS NOT NULL) AS confirmed,
            count(*) FILTER (WHERE confirmed_at IS NOT NULL AND is_priority) AS priority,
            count(*) FILTER (WHERE confirmed_at IS NULL) AS waiting
       FROM waiting_list_entries`,
  );
  const row = rows[0]!;
  return { confirmed: Number(row.confirmed), priority: Number(row.priority), awaitingConfirmation: Number(row.waiting) };
}

const COLUMNS = 'entry_id, email, user_id, is_priority, affiliate_code, joined_at, confirmed_at';

async function one(db: Queryable, where: string, value: string): Promise<WaitingListEntryRow | null> {
  const { rows } = await db.query<WaitingListEntryRow>(`SELECT ${COLUMNS} FROM waiting_list_entries WHERE ${where} = $1 ORDER BY joined_at LIMIT 1`, [value]);
  return rows[0] ?? null;
}

export const findEntryById = (db: Queryable, entryId: string) => one(db, 'entry_id', entryId);
export const findEntryByUser = (db: Queryable, userId: string) => one(db, 'user_id', userId);
export const findEntryByAffiliateCode = (db: Queryable, code: string) => one(db, 'affiliate_code', code);

/** Confirmed addresses that joined through `code`. */
export async function confirmedReferrals(db: Queryable, code: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM waiting_list_entries WHERE referred_by_code = $1 AND confirmed_at IS NOT NULL', [code]);
  return Number(rows[0]!.n);
}

/** The entry as its holder sees it: the code and referrals only once confirmed; earnings always 0, with why. */
export async function entryStatus(db: Queryable, row: WaitingListEntryRow): Promise<WaitingListStatus> {
  const confirmed = row.confirmed_at !== null;
  return {
    email: row.email,
    confirmed,
    isPriority: row.is_priority,
    affiliateCode: confirmed ? row.affiliate_code : null,
    referrals: confirmed ? await confirmedReferrals(db, row.affiliate_code) : 0,
    referralEarnings: 0,
    referralEarningsReason: NO_EARNINGS_REASON,
    joinedAt: row.joined_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
  };
}
