// The event store port. Two adapters implement it: Postgres (default, also over PGlite) and
// EventStoreDB/KurrentDB (EVENTSTORE_URL). Both pass tests/integration/event-store.contract.ts.
import type { EventMetadata, ExpectedVersionLike, NewEvent } from './types';

export type { EventMetadata, NewEvent };

/**
 * A position in the global order of all events. For Postgres, `commit` is the appending
 * transaction's id and `prepare` the event's sequence number; for EventStoreDB they are its
 * commit and prepare log positions. Positions compare as (commit, prepare) pairs.
 */
export interface GlobalPosition {
  commit: bigint;
  prepare: bigint;
}

export const START: GlobalPosition = { commit: 0n, prepare: 0n };

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function formatPosition(p: GlobalPosition): string {
  return `${p.commit}/${p.prepare}`;
}

export function parsePosition(text: string): GlobalPosition {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`Not a global position: ${text}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export interface RecordedEvent {
  eventId: string;
  streamId: string;
  /** 1-based position of the event inside its stream. */
  streamVersion: number;
  position: GlobalPosition;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
  recordedAt: Date;
}

export interface AppendResult {
  /** The stream's version after the append. */
  nextVersion: number;
  /** Global position of the last event appended (or already present, for an idempotent retry). */
  lastPosition: GlobalPosition;
}

export interface ReadAllOptions {
  limit?: number;
}

export interface ReadStreamOptions {
  afterVersion?: number;
}

export interface Subscription {
  /** Resolves once the subscription has stopped. */
  stop(): Promise<void>;
}

export type BatchHandler = (events: RecordedEvent[]) => Promise<void>;

export interface EventStore {
  /**
   * Appends atomically. Throws ConcurrencyError when the stream is not at expectedVersion.
   * Appending events whose ids are all already stored in this stream is an idempotent no-op
   * (a retried activity never appends twice).
   */
  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersionLike): Promise<AppendResult>;
  /** The stream's events in order; with `afterVersion`, only those after that version (a cached fold's tail). */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events strictly after `from`, in global order. */
  readAll(from: GlobalPosition, options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Delivers every event after `from` in global order, batch by batch, then keeps following the
   * store. A handler that throws stops the subscription and reports the error to onError.
   */
  subscribe(from: GlobalPosition, handler: BatchHandler, options?: { onError?: (error: unknown) => void }): Subscription;
  close(): Promise<void>;
}
