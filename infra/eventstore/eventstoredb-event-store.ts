// The EventStoreDB/KurrentDB adapter (EVENTSTORE_URL), for deployments that outgrow the Postgres
// event store. It keeps the port's promises with the server's own mechanisms: optimistic
// concurrency through expected revisions, idempotent appends through event ids, global order
// through $all log positions (commit, prepare), catch-up subscriptions through subscribeToAll.
//
// Mapping caveats:
// - Our stream versions are 1-based, ESDB revisions 0-based: version n is revision n - 1.
// - ESDB only guarantees idempotency of a retried append when it carries an expected revision;
//   with 'any' it is best effort (the server checks recent event ids). When the server answers a
//   retry with WrongExpectedVersion, this adapter looks the event ids up in the stream and treats
//   "all already there" as the idempotent no-op the port promises.
// - Needs EventStoreDB ≥ 22.6, which returns log positions on stream reads.
import {
  ANY,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventRegistry } from '../../domain/shared/events';
import { ConcurrencyError } from '../../domain/shared/errors';
import { logger } from '../logger/logger';
import {
  comparePositions,
  formatPosition,
  START,
  type AppendResult,
  type BatchHandler,
  type EventMetadata,
  type EventStore,
  type GlobalPosition,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type Subscription,
} from './event-store';
import type { ExpectedVersionLike, NewEvent } from './types';

export interface EventStoreDbEventStoreOptions {
  /** Largest batch handed to a subscription handler, and default page size of readAll. */
  batchSize?: number;
  /** Consecutive failed (re)connections of a subscription before it gives up and reports. */
  maxReconnects?: number;
}

/** What we store as ESDB event metadata: our metadata, the payload's schema version, and the
 *  `$correlationId`/`$causationId` keys ESDB's own tooling and projections understand. */
interface StoredMetadata extends EventMetadata {
  schemaVersion: number;
  $correlationId?: string;
  $causationId?: string;
}

export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();
  private readonly batchSize: number;
  private readonly maxReconnects: number;

  constructor(
    connectionString: string,
    private readonly registry: EventRegistry,
    options: EventStoreDbEventStoreOptions = {},
  ) {
    this.client = EventStoreDBClient.connectionString(connectionString);
    this.batchSize = options.batchSize ?? 500;
    this.maxReconnects = options.maxReconnects ?? 10;
  }

  async append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersionLike): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    // Validation happens before anything is sent, so an invalid batch stores nothing.
    const proposed = events.map((event) => {
      const metadata: StoredMetadata = {
        ...event.metadata,
        schemaVersion: this.registry.versionOf(event.type),
        $correlationId: event.metadata.correlationId,
        ...(event.metadata.causationId ? { $causationId: event.metadata.causationId } : {}),
      };
      return jsonEvent({
        id: event.eventId,
        type: event.type,
        data: this.registry.parse(event.type, event.data) as JSONType,
        metadata: metadata as unknown as JSONType,
      });
    });
    try {
      const result = await this.client.appendToStream(streamId, proposed, { expectedRevision: toExpectedRevision(expectedVersion) });
      if (result.position) return { nextVersion: Number(result.nextExpectedRevision) + 1, lastPosition: result.position };
      // An append the server recognised as a retry answers without a log position: answer with
      // where the original append put the events, as the Postgres store does.
      const original = await this.findAppended(streamId, events);
      if (!original) throw new Error(`EventStoreDB accepted the append to ${streamId} but its events cannot be found`);
      return original;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const replay = await this.findAppended(streamId, events);
      if (replay) return replay;
      const actual = error.actualVersion === NO_STREAM || typeof error.actualVersion !== 'bigint' ? 0 : Number(error.actualVersion) + 1;
      throw new ConcurrencyError(streamId, expectedVersion, actual);
    }
  }

  /** When every event id is already in the stream, the result of the append that stored them. */
  private async findAppended(streamId: string, events: NewEvent[]): Promise<AppendResult | null> {
    const wanted = new Set(events.map((e) => e.eventId));
    const found = (await this.readStream(streamId)).filter((e) => wanted.has(e.eventId));
    if (found.length === 0) return null;
    if (found.length !== wanted.size) {
      throw new Error(`Only some of the event ids ${[...wanted].join(', ')} are stored in ${streamId}`);
    }
    const last = found.at(-1)!;
    return { nextVersion: last.streamVersion, lastPosition: last.position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    // A stream's version n is its revision n - 1, so the events after version n start at revision n.
    const fromRevision = options.afterVersion ? BigInt(options.afterVersion) : ESDB_START;
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision, direction: FORWARDS })) {
        if (resolved.event) events.push(this.toRecorded(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(from: GlobalPosition, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? this.batchSize;
    const events: RecordedEvent[] = [];
    // ESDB reads $all from a position inclusively and counts system events against maxCount, so
    // page through the log, skipping what is at or before the last position seen and system events.
    let after: GlobalPosition = from;
    for (;;) {
      const page = this.client.readAll({ fromPosition: toReadPosition(after), maxCount: limit + 1, direction: FORWARDS });
      let read = 0;
      let moved = false;
      for await (const resolved of page) {
        read++;
        const event = resolved.event;
        if (!event) continue;
        if (comparePositions(event.position, after) <= 0) continue;
        after = event.position;
        moved = true;
        if (isSystemEvent(event)) continue;
        events.push(this.toRecorded(event));
        if (events.length === limit) {
          await page.cancel();
          return events;
        }
      }
      if (read < limit + 1 || !moved) return events;
    }
  }

  subscribe(from: GlobalPosition, handler: BatchHandler, options: { onError?: (error: unknown) => void } = {}): Subscription {
    const queue: RecordedEvent[] = [];
    /** Position of the last event queued: where a reconnection resumes. */
    let queuedUpTo = from;
    let stopped = false;
    let stream: AllStreamSubscription | undefined;
    let streamFailure: unknown;
    let fatal: unknown;
    let notify: (() => void) | undefined;
    const signal = () => {
      const resolve = notify;
      notify = undefined;
      resolve?.();
    };
    const highWater = this.batchSize * 2;

    const connect = () => {
      streamFailure = undefined;
      const current = this.client.subscribeToAll({ fromPosition: toReadPosition(queuedUpTo), filter: excludeSystemEvents() });
      stream = current;
      current.on('data', (resolved: AllStreamResolvedEvent) => {
        const event = resolved.event;
        if (fatal || !event || isSystemEvent(event) || comparePositions(event.position, queuedUpTo) <= 0) return;
        try {
          queue.push(this.toRecorded(event));
          queuedUpTo = event.position;
          if (queue.length >= highWater) current.pause();
        } catch (error) {
          // An event we cannot read (unknown type, invalid payload): nothing after it is delivered.
          fatal = error;
          current.pause();
        }
        signal();
      });
      current.on('error', (error: unknown) => {
        if (stream !== current || stopped) return;
        streamFailure = error;
        signal();
      });
      current.on('end', () => {
        if (stream !== current || stopped) return;
        streamFailure ??= new Error('EventStoreDB ended the subscription');
        signal();
      });
    };

    const loop = async () => {
      let failures = 0;
      connect();
      while (!stopped) {
        if (fatal) throw fatal;
        if (queue.length > 0) {
          const batch = queue.splice(0, this.batchSize);
          await handler(batch);
          failures = 0;
          if (stream?.isPaused() && queue.length < this.batchSize) stream.resume();
          continue;
        }
        if (streamFailure) {
          failures++;
          if (failures > this.maxReconnects) throw streamFailure;
          logger.warn({ err: streamFailure, from: formatPosition(queuedUpTo), attempt: failures }, 'EventStoreDB subscription dropped, resubscribing');
          const dropped = stream;
          stream = undefined;
          await dropped?.unsubscribe().catch(() => undefined);
          await sleep(Math.min(5000, 100 * 2 ** failures));
          if (!stopped) connect();
          continue;
        }
        await new Promise<void>((resolve) => {
          notify = resolve;
        });
      }
    };

    const done = loop()
      .catch((error: unknown) => {
        if (stopped) return;
        logger.error({ err: error }, 'event store subscription stopped');
        options.onError?.(error);
      })
      .finally(async () => {
        const current = stream;
        stream = undefined;
        await current?.unsubscribe().catch(() => undefined);
      });

    const subscription: Subscription = {
      stop: async () => {
        stopped = true;
        signal();
        await done;
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }

  private toRecorded(event: EsdbRecordedEvent): RecordedEvent {
    if (!event.isJson) throw new Error(`Event ${event.id} in ${event.streamId} is not JSON`);
    if (!event.position) throw new Error('EventStoreDB returned an event without its log position (server older than 22.6?)');
    const stored = (event.metadata ?? {}) as Partial<StoredMetadata>;
    const { schemaVersion, $correlationId: _correlation, $causationId: _causation, ...metadata } = stored;
    return {
      eventId: event.id,
      streamId: event.streamId,
      streamVersion: Number(event.revision) + 1,
      position: { commit: event.position.commit, prepare: event.position.prepare },
      type: event.type,
      schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : this.registry.versionOf(event.type),
      data: this.registry.parse(event.type, event.data),
      metadata: metadata as EventMetadata,
      recordedAt: event.created,
    };
  }
}

function toExpectedRevision(expected: ExpectedVersionLike): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Not a stream version: ${expected}`);
  return BigInt(expected - 1);
}

function toReadPosition(position: GlobalPosition): ReadPosition {
  return comparePositions(position, START) === 0 ? ESDB_START : ({ commit: position.commit, prepare: position.prepare } satisfies Position);
}

/** ESDB's own records: $-prefixed event types ($>, $metadata, $statsCollected…) and $-streams. */
function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}
