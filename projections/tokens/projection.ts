// The token read models: each account's balance, holds and subscription (token_accounts), and its
// history, one row per movement with the free balance after it (token_transactions). A hold's
// row follows it: held, then charged (captured) or returned (released, with its own row giving
// the tokens back). Each event applies once: an account row records the stream version it has
// folded, and an event at or below it is a replay.
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { HOLD_PURPOSE_LABELS } from '../../domain/tokens/catalogue';
import { TOKEN_ACCOUNT_EVENT_TYPES, type TokenAccountEvent } from '../../domain/tokens/token-account.events';
import type { Projection, ReadModelChange } from '../projection';

/** Rebuilds one account's rows from its events (Fix Tokens): the same handler, replayed in one transaction. */
export async function rebuildTokenAccount(tx: Queryable, userId: string, events: readonly RecordedEvent[]): Promise<void> {
  await tx.query('DELETE FROM token_transactions WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM token_accounts WHERE user_id = $1', [userId]);
  for (const event of events) await tokensProjection.apply(tx, event);
}

export const tokensProjection: Projection = {
  name: 'tokens',
  // 2: token_transactions by user and time, for the analytics' series.
  version: 2,
  tables: ['token_accounts', 'token_transactions'],
  schema: `
    CREATE TABLE IF NOT EXISTS token_accounts (
      user_id uuid PRIMARY KEY,
      balance_micros bigint NOT NULL DEFAULT 0,
      held_micros bigint NOT NULL DEFAULT 0,
      stream_version integer NOT NULL,
      subscription_id text,
      subscription_tier text,
      period_start timestamptz,
      period_end timestamptz,
      subscription_ends_at timestamptz,
      allowance_used jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL
    );
    CREATE TABLE IF NOT EXISTS token_transactions (
      event_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      stream_version integer NOT NULL,
      kind text NOT NULL,
      cause text NOT NULL,
      hold_id text,
      status text NOT NULL,
      covered_by_allowance boolean NOT NULL DEFAULT false,
      amount_micros bigint NOT NULL,
      available_after_micros bigint NOT NULL,
      reference text,
      description text NOT NULL,
      occurred_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS token_transactions_user_idx ON token_transactions (user_id, stream_version DESC);
    CREATE INDEX IF NOT EXISTS token_transactions_time_idx ON token_transactions (user_id, occurred_at);
    CREATE INDEX IF NOT EXISTS token_transactions_hold_idx ON token_transactions (user_id, hold_id) WHERE hold_id IS NOT NULL;`,
  handles: TOKEN_ACCOUNT_EVENT_TYPES,
  async apply(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
    const event = { type: recorded.type, data: recorded.data } as TokenAccountEvent;
    const userId = event.data.userId;
    const at = recorded.recordedAt;
    if (event.type === 'TokenAccountOpened') {
      const { rows } = await tx.query(
        `INSERT INTO token_accounts (user_id, stream_version, updated_at) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
        [userId, recorded.streamVersion, at],
      );
      return rows.length > 0 ? change(recorded, userId) : null;
    }
    // Claims the event for this account: moves its version on, or finds it applied already.
    const claimed = await tx.query<{ available: string }>(
      `UPDATE token_accounts SET stream_version = $2, updated_at = $3 WHERE user_id = $1 AND stream_version < $2
       RETURNING (balance_micros - held_micros)::text AS available`,
      [userId, recorded.streamVersion, at],
    );
    if (claimed.rows.length === 0) return null;
    const movement = async (delta: { balance: number; held: number }) => {
      const { rows } = await tx.query<{ available: string }>(
        `UPDATE token_accounts SET balance_micros = balance_micros + $2, held_micros = held_micros + $3 WHERE user_id = $1
         RETURNING (balance_micros - held_micros)::text AS available`,
        [userId, delta.balance, delta.held],
      );
      return Number(rows[0]!.available);
    };
    const history = (row: { kind: string; cause: string; holdId?: string; status: string; covered?: boolean; amountMicros: number; availableAfter: number; reference?: string; description: string }) =>
      tx.query(
        `INSERT INTO token_transactions (event_id, user_id, stream_version, kind, cause, hold_id, status, covered_by_allowance, amount_micros, available_after_micros, reference, description, occurred_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (event_id) DO NOTHING`,
        [recorded.eventId, userId, recorded.streamVersion, row.kind, row.cause, row.holdId ?? null, row.status, row.covered ?? false, row.amountMicros, row.availableAfter, row.reference ?? null, row.description, at],
      );
    switch (event.type) {
      case 'TokensCreditedToAccount': {
        const { amountMicros, cause, reference, description } = event.data;
        const availableAfter = await movement({ balance: amountMicros, held: 0 });
        await history({ kind: 'credit', cause, status: 'completed', amountMicros, availableAfter, reference, description });
        break;
      }
      case 'TokensHeld': {
        const { amountMicros, service, holdId, coveredByAllowance, description } = event.data;
        const availableAfter = await movement({ balance: 0, held: amountMicros });
        if (coveredByAllowance) await useAllowance(tx, userId, service, 1);
        await history({
          kind: 'charge',
          cause: service,
          holdId,
          status: 'held',
          covered: coveredByAllowance,
          amountMicros: -amountMicros,
          availableAfter,
          description: description || HOLD_PURPOSE_LABELS[service],
        });
        break;
      }
      case 'TokenHoldCaptured': {
        await movement({ balance: -event.data.amountMicros, held: -event.data.amountMicros });
        await tx.query(`UPDATE token_transactions SET status = 'charged' WHERE user_id = $1 AND hold_id = $2 AND kind = 'charge'`, [userId, event.data.holdId]);
        break;
      }
      case 'TokenHoldReleased': {
        const { amountMicros, holdId, reason } = event.data;
        const availableAfter = await movement({ balance: 0, held: -amountMicros });
        const { rows } = await tx.query<{ cause: string; covered_by_allowance: boolean }>(
          `UPDATE token_transactions SET status = 'returned' WHERE user_id = $1 AND hold_id = $2 AND kind = 'charge' RETURNING cause, covered_by_allowance`,
          [userId, holdId],
        );
        const charged = rows[0];
        if (charged?.covered_by_allowance) await useAllowance(tx, userId, charged.cause, -1);
        await history({ kind: 'release', cause: charged?.cause ?? 'release', holdId, status: 'completed', amountMicros, availableAfter, description: `Returned: ${reason}` });
        break;
      }
      case 'TokensDebitedFromAccount': {
        const { amountMicros, cause, reference, description } = event.data;
        const availableAfter = await movement({ balance: -amountMicros, held: 0 });
        await history({ kind: 'debit', cause, status: 'completed', amountMicros: -amountMicros, availableAfter, reference, description });
        break;
      }
      case 'SubscriptionPeriodPaid': {
        const { subscriptionId, tierId, periodStart, periodEnd } = event.data;
        await tx.query(
          `UPDATE token_accounts SET subscription_id = $2, subscription_tier = $3, period_start = $4, period_end = $5, subscription_ends_at = NULL, allowance_used = '{}' WHERE user_id = $1`,
          [userId, subscriptionId, tierId, periodStart, periodEnd],
        );
        break;
      }
      case 'SubscriptionCancelled':
        await tx.query(`UPDATE token_accounts SET subscription_ends_at = $3 WHERE user_id = $1 AND subscription_id = $2`, [userId, event.data.subscriptionId, event.data.endsAt]);
        break;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown token account event ${JSON.stringify(unknown)}`);
      }
    }
    return change(recorded, userId);
  },
};

async function useAllowance(tx: Queryable, userId: string, service: string, delta: number): Promise<void> {
  await tx.query(
    `UPDATE token_accounts SET allowance_used = jsonb_set(allowance_used, ARRAY[$2::text], to_jsonb(greatest(0, coalesce((allowance_used->>$2)::int, 0) + $3))) WHERE user_id = $1`,
    [userId, service, delta],
  );
}

function change(event: RecordedEvent, userId: string): ReadModelChange {
  return {
    readModel: 'tokens',
    ownerId: userId,
    subjectId: userId,
    streamId: event.streamId,
    eventType: event.type,
    workflowId: event.metadata.workflowId,
    recordedAt: event.recordedAt.toISOString(),
  };
}
