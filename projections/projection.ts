// What a read model provides to the projector: its tables, the events it handles, and a handler
// that applies one event inside the projector's transaction.
import type { RealtimeMessage } from '../domain/contracts/realtime';
import type { Queryable } from '../infra/db/db';
import type { RecordedEvent } from '../infra/eventstore/event-store';

/** A committed change to a read model, announced to live clients (websocket) after the commit. */
export interface ReadModelChange {
  /** Every read model the websocket announces (domain/contracts/realtime.ts). */
  readModel: Extract<RealtimeMessage, { type: 'event' }>['readModel'];
  /** The user the change belongs to; only that user's browsers hear about it. */
  ownerId: string;
  /** Also announced to every connected user holding this role (the support queue hears of every ticket). */
  alsoToRole?: 'support';
  subjectId: string;
  streamId: string;
  eventType: string;
  workflowId: string | null;
  recordedAt: string;
  /** Its place in the change log (read_model_changes), once logged: a reconnecting browser resumes after it. */
  seq?: number;
}

/** The change `event` made to `readModel`, announced to `ownerId`'s browsers about `subjectId`. */
export function readModelChange(readModel: ReadModelChange['readModel'], event: RecordedEvent, ownerId: string, subjectId: string): ReadModelChange {
  return {
    readModel,
    ownerId,
    subjectId,
    streamId: event.streamId,
    eventType: event.type,
    workflowId: event.metadata.workflowId,
    recordedAt: event.recordedAt.toISOString(),
  };
}

export interface Projection {
  /** Checkpoint key. */
  readonly name: string;
  /** Bump when `schema` or the handler's output changes: the projector then rebuilds the model. */
  readonly version: number;
  /** The tables this projection owns, dropped on rebuild. */
  readonly tables: readonly string[];
  /** CREATE statements for those tables. */
  readonly schema: string;
  readonly handles: ReadonlySet<string>;
  /**
   * Applies one event. Must be idempotent (replaying an event leaves the row as it was), because
   * delivery is at least once when the event store is not the read-model database.
   */
  apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null>;
  /**
   * Optional: applies, in order, every event of one batch that this projection handles, with as
   * few statements as it can (a multi-row insert rather than one round trip per event). Same
   * result and idempotency as calling `apply` for each; the projector prefers it when present.
   */
  applyAll?(tx: Queryable, events: readonly RecordedEvent[]): Promise<ReadModelChange[]>;
}

/** Applies the events of a batch that `projection` handles, through applyAll when it has one. */
export async function applyEvents(tx: Queryable, projection: Projection, batch: readonly RecordedEvent[]): Promise<ReadModelChange[]> {
  const handled = batch.filter((event) => projection.handles.has(event.type));
  if (handled.length === 0) return [];
  if (projection.applyAll) return projection.applyAll(tx, handled);
  const changes: ReadModelChange[] = [];
  for (const event of handled) {
    const change = await projection.apply(tx, event);
    if (change) changes.push(change);
  }
  return changes;
}
