// What an API process needs from the projections, wherever they run: hearing each committed
// read-model change (the websocket hub, in-process caches), announcing a change made outside the
// projections, and waiting until the read models include an event (read-your-writes). In one
// process the Projector itself is the feed; an API process without a projector hears the projecting
// process through Postgres: each committed change is also a row of `read_model_changes` (written in
// the projection's own transaction, so a change is logged exactly when its read model commits) and a
// NOTIFY on READ_MODEL_CHANGES_CHANNEL carrying the row's sequence number. The rows also let a
// reconnecting browser resume after the last change it saw.
import type { GlobalPosition } from '../infra/eventstore/event-store';
import type { Migration } from '../infra/db/migrate';
import type { ReadModelChange } from './projection';

export interface ReadModelFeed {
  /** Calls `listener` with each change once its read model has committed; answers the unsubscribe. */
  onChange(listener: (change: ReadModelChange) => void): () => void;
  /** Tells live clients of a change made outside the projections (the developer API's usage log). */
  announce(change: ReadModelChange): void;
  /** Resolves once every projection has committed the event at `position`; rejects after `timeoutMs`. */
  waitFor(position: GlobalPosition, timeoutMs?: number): Promise<void>;
}

/** A change as the log keeps it: its place in the log, for a browser to resume after. */
export interface LoggedReadModelChange {
  seq: number;
  change: ReadModelChange;
}

/** The NOTIFY channel: the payload is the new row's `seq` (a change itself is read from the table). */
export const READ_MODEL_CHANGES_CHANNEL = 'read_model_changes';

/** How long logged changes are kept for browsers to resume from; older rows are pruned. */
export const READ_MODEL_CHANGES_RETENTION_MS = 60 * 60 * 1000;

export const readModelChangeMigrations: readonly Migration[] = [
  {
    id: 'read-model-changes-1',
    sql: `
      CREATE TABLE IF NOT EXISTS read_model_changes (
        seq bigserial PRIMARY KEY,
        change jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX IF NOT EXISTS read_model_changes_recorded_idx ON read_model_changes (recorded_at);
    `,
  },
];
