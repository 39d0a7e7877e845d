// Reads of the token read models.
import type { z } from 'zod';
import type { subscriptionStatusSchema, TokenTransaction } from '../../domain/contracts/tokens';
import { microsToTokens } from '../../domain/shared/tokens';
import type { Queryable } from '../../infra/db/db';

export interface TokenAccountView {
  balanceMicros: number;
  heldMicros: number;
  subscription: z.infer<typeof subscriptionStatusSchema> | null;
}

interface AccountRow {
  balance_micros: string;
  held_micros: string;
  subscription_tier: string | null;
  period_end: Date | null;
  subscription_ends_at: Date | null;
  allowance_used: Record<string, number>;
}

export async function findTokenAccount(db: Queryable, userId: string): Promise<TokenAccountView | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT balance_micros::text, held_micros::text, subscription_tier, period_end, subscription_ends_at, allowance_used FROM token_accounts WHERE user_id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    balanceMicros: Number(row.balance_micros),
    heldMicros: Number(row.held_micros),
    subscription:
      row.subscription_tier && row.period_end
        ? {
            tierId: row.subscription_tier as z.infer<typeof subscriptionStatusSchema>['tierId'],
            periodEnd: row.period_end.toISOString(),
            endsAt: row.subscription_ends_at?.toISOString() ?? null,
            used: row.allowance_used,
          }
        : null,
  };
}

interface TransactionRow {
  event_id: string;
  kind: TokenTransaction['kind'];
  cause: string;
  status: TokenTransaction['status'];
  covered_by_allowance: boolean;
  amount_micros: string;
  available_after_micros: string;
  description: string;
  reference: string | null;
  occurred_at: Date;
}

/** The user's history, newest first. */
export async function listTokenTransactions(db: Queryable, userId: string, limit: number): Promise<TokenTransaction[]> {
  const { rows } = await db.query<TransactionRow>(
    `SELECT event_id::text, kind, cause, status, covered_by_allowance, amount_micros::text, available_after_micros::text, description, reference, occurred_at
     FROM token_transactions WHERE user_id = $1 ORDER BY stream_version DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => ({
    id: row.event_id,
    kind: row.kind,
    cause: row.cause,
    status: row.status,
    coveredBySubscription: row.covered_by_allowance,
    amount: microsToTokens(Number(row.amount_micros)),
    balanceAfter: microsToTokens(Number(row.available_after_micros)),
    description: row.description,
    reference: row.reference,
    occurredAt: row.occurred_at.toISOString(),
  }));
}

export interface TokenBucket {
  bucket: string;
  earnedMicros: number;
  spentMicros: number;
  /** The free balance after the bucket's last movement. */
  availableAfterMicros: number;
}

/**
 * The user's movements since `since` (all when null) per UTC day or month: tokens credited, tokens
 * spent (charges kept and debits; a charge still held or returned is not spent), and the free
 * balance the bucket ended on.
 */
export async function tokenBuckets(db: Queryable, userId: string, since: Date | null, bucket: 'day' | 'month'): Promise<TokenBucket[]> {
  const { rows } = await db.query<{ bucket: string; earned: string; spent: string; available_after: string }>(
    `WITH buckets AS (
       SELECT date_trunc($3, occurred_at AT TIME ZONE 'UTC') AS at,
         coalesce(sum(amount_micros) FILTER (WHERE kind = 'credit'), 0) AS earned,
         coalesce(-sum(amount_micros) FILTER (WHERE kind = 'debit' OR (kind = 'charge' AND status = 'charged')), 0) AS spent,
         max(stream_version) AS last_version
       FROM token_transactions WHERE user_id = $1 AND ($2::timestamptz IS NULL OR occurred_at >= $2) GROUP BY 1
     )
     SELECT to_char(b.at, $4) AS bucket, b.earned::text AS earned, b.spent::text AS spent, t.available_after_micros::text AS available_after
     FROM buckets b JOIN token_transactions t ON t.user_id = $1 AND t.stream_version = b.last_version ORDER BY b.at`,
    [userId, since, bucket, bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'],
  );
  return rows.map((row) => ({ bucket: row.bucket, earnedMicros: Number(row.earned), spentMicros: Number(row.spent), availableAfterMicros: Number(row.available_after) }));
}

/** The user's latest movements, newest first: the tokens' part of the recent activity. */
export async function recentTokenMovements(db: Queryable, userId: string, limit: number): Promise<Array<{ description: string; amountMicros: number; at: Date }>> {
  const { rows } = await db.query<{ description: string; amount_micros: string; occurred_at: Date }>(
    'SELECT description, amount_micros::text, occurred_at FROM token_transactions WHERE user_id = $1 ORDER BY stream_version DESC LIMIT $2',
    [userId, limit],
  );
  return rows.map((row) => ({ description: row.description, amountMicros: Number(row.amount_micros), at: row.occurred_at }));
}
