// The users read model: account and login lookup by username. Token balances are the tokens
// read model's (projections/tokens). Version 2 dropped the balance kept here before the ledger.
import { z } from 'zod';
import { UserRegistered } from '../../domain/identity/user.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import type { Projection, ReadModelChange } from '../projection';

export const usersProjection: Projection = {
  name: 'users',
  version: 2,
  tables: ['users'],
  // user_token_credits: version 1's balance table, gone since the token ledger.
  schema: `
    DROP TABLE IF EXISTS user_token_credits;
    CREATE TABLE IF NOT EXISTS users (
      id uuid PRIMARY KEY,
      username text NOT NULL,
      username_lower text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL
    );`,
  handles: new Set([UserRegistered.type]),
  async apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
    if (event.type !== UserRegistered.type) return null;
    const data = event.data as z.output<typeof UserRegistered.schema>;
    await tx.query(
      `INSERT INTO users (id, username, username_lower, password_hash, created_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [data.userId, data.username, data.username.toLowerCase(), data.passwordHash, event.recordedAt],
    );
    return change(event, data.userId);
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
