// The users read model: account, login lookup by username, token balance.
import { z } from 'zod';
import { TokensCredited, UserRegistered } from '../../domain/identity/user.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import type { Projection, ReadModelChange } from '../projection';

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  tables: ['users', 'user_token_credits'],
  schema: `
    CREATE TABLE IF NOT EXISTS users (
      id uuid PRIMARY KEY,
      username text NOT NULL,
      username_lower text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      token_balance_micros bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL
    );
    CREATE TABLE IF NOT EXISTS user_token_credits (
      event_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      amount_micros bigint NOT NULL,
      reason text NOT NULL,
      credited_at timestamptz NOT NULL
    );`,
  handles: new Set([UserRegistered.type, TokensCredited.type]),
  async apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
    switch (event.type) {
      case UserRegistered.type: {
        const data = event.data as z.output<typeof UserRegistered.schema>;
        await tx.query(
          `INSERT INTO users (id, username, username_lower, password_hash, created_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
          [data.userId, data.username, data.username.toLowerCase(), data.passwordHash, event.recordedAt],
        );
        return change(event, data.userId);
      }
      case TokensCredited.type: {
        const data = event.data as z.output<typeof TokensCredited.schema>;
        // The credit row keyed by event id makes a replayed credit a no-op instead of a double credit.
        const { rows } = await tx.query(
          `INSERT INTO user_token_credits (event_id, user_id, amount_micros, reason, credited_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
          [event.eventId, data.userId, data.amountMicros, data.reason, event.recordedAt],
        );
        if (rows.length === 0) return null;
        await tx.query('UPDATE users SET token_balance_micros = token_balance_micros + $2 WHERE id = $1', [
          data.userId,
          data.amountMicros,
        ]);
        return change(event, data.userId);
      }
      default:
        return null;
    }
  },
};

function change(event: RecordedEvent, userId: string): ReadModelChange {
  return {
    readModel: 'user',
    ownerId: userId,
    subjectId: userId,
    streamId: event.streamId,
    eventType: event.type,
    workflowId: event.metadata.workflowId,
    recordedAt: event.recordedAt.toISOString(),
  };
}
