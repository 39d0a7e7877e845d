// The default event store: one append-only table in Postgres (or PGlite).
//
// Global order without skipped late commits: every row records the id of the transaction that
// appended it (xid8, assigned when the transaction first writes). Readers order by
// (transaction_id, global_position) and only return rows whose transaction id is below the xmin of
// the current snapshot, i.e. below every transaction still in flight. A transaction that took its
// sequence number early but commits late therefore holds back everything after it instead of being
// passed over: a subscriber's checkpoint never moves beyond an event that is not yet visible.
import { EventEmitter } from 'node:events';
import type { EventRegistry } from '../../domain/shared/events';
import { ConcurrencyError } from '../../domain/shared/errors';
import type { Db, Queryable } from '../db/db';
import { isUniqueViolation } from '../db/db';
import type { Migration } from '../db/migrate';
import { logger } from '../logger/logger';
import {
  START,
  type AppendResult,
  type BatchHandler,
  type EventStore,
  type GlobalPosition,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type Subscription,
} from './event-store';
import type { ExpectedVersionLike, NewEvent } from './types';

export const eventStoreMigrations: Migration[] = [
  {
    id: '0001_event_store',
    sql: `
      CREATE TABLE events (
        global_position bigint GENERATED ALWAYS AS IDENTITY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        stream_version integer NOT NULL CHECK (stream_version > 0),
        event_id uuid NOT NULL,
        type text NOT NULL,
        schema_version integer NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version),
        CONSTRAINT events_event_id_key UNIQUE (event_id)
      );
      CREATE INDEX events_global_order_idx ON events (transaction_id, global_position);
      CREATE FUNCTION events_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'events are append-only'; END $$;
      CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION events_are_append_only();
    `,
  },
  {
    id: '0002_append_events_function',
    sql: `
      CREATE FUNCTION append_events(p_stream_id text, p_expected_version integer, p_events jsonb)
        RETURNS TABLE (global_position bigint, transaction_id xid8, stream_version integer)
        LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        current_version integer;
      BEGIN
        SELECT coalesce(max(e.stream_version), 0) INTO current_version FROM events e WHERE e.stream_id = p_stream_id;
        IF p_expected_version IS NOT NULL AND current_version <> p_expected_version THEN
          RETURN;
        END IF;
        -- ORDER BY: identity values (the global order inside this transaction) follow the batch order.
        RETURN QUERY
          INSERT INTO events AS ev (stream_id, stream_version, event_id, type, schema_version, data, metadata)
          SELECT p_stream_id, current_version + d.ordinality, (d.doc->>'eventId')::uuid, d.doc->>'type',
                 (d.doc->>'schemaVersion')::integer, d.doc->'data', d.doc->'metadata'
          FROM jsonb_array_elements(p_events) WITH ORDINALITY AS d(doc, ordinality)
          ORDER BY d.ordinality
          RETURNING ev.global_position, ev.transaction_id, ev.stream_version;
      END $$;
    `,
  },
  {
    // Several appends, to distinct streams, in one statement and one transaction: the group commit
    // of PostgresEventStore.append. Each append is checked against its own expected version; one
    // whose version is wrong is left out (returns no rows) without touching the others.
    id: '0003_append_to_streams_function',
    sql: `
      DROP FUNCTION append_events(text, integer, jsonb);
      CREATE FUNCTION append_to_streams(p_appends jsonb)
        RETURNS TABLE (stream_id text, global_position bigint, transaction_id xid8, stream_version integer)
        LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      BEGIN
        -- ORDER BY: identity values (the global order inside this transaction) follow the group's order.
        RETURN QUERY
          WITH appends AS (
            SELECT a.ordinality AS append_index, a.doc->>'streamId' AS stream_id, a.doc->'expectedVersion' AS expected,
                   a.doc->'events' AS events,
                   coalesce((SELECT max(e.stream_version) FROM events e WHERE e.stream_id = a.doc->>'streamId'), 0) AS current_version
            FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(doc, ordinality)
          )
          INSERT INTO events AS ev (stream_id, stream_version, event_id, type, schema_version, data, metadata)
          SELECT ap.stream_id, ap.current_version + d.ordinality, (d.doc->>'eventId')::uuid, d.doc->>'type',
                 (d.doc->>'schemaVersion')::integer, d.doc->'data', d.doc->'metadata'
          FROM appends ap CROSS JOIN LATERAL jsonb_array_elements(ap.events) WITH ORDINALITY AS d(doc, ordinality)
          WHERE jsonb_typeof(ap.expected) <> 'number' OR ap.current_version = ap.expected::integer
          ORDER BY ap.append_index, d.ordinality
          RETURNING ev.stream_id, ev.global_position, ev.transaction_id, ev.stream_version;
      END $$;
    `,
  },
];

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date;
}

// The text aliases keep bigint/xid8 exact in JS. They shadow the real columns in ORDER BY (an
// output name wins there), so every ORDER BY below names `events.` columns: ordering by the text
// would put position 10 before 9 and xid 1000 before 999.
const SELECT_COLUMNS = `global_position::text AS global_position, transaction_id::text AS transaction_id,
  stream_id, stream_version, event_id::text AS event_id, type, schema_version, data, metadata, recorded_at`;

// One statement, so each group of appends is atomic without an explicit transaction:
// append_to_streams (migration 0003) inserts an append only when its stream is at the expected
// version (null = any); two writers racing past that check collide on the (stream_id,
// stream_version) unique key instead of overwriting each other. A function rather than the same SQL
// sent as text, because PL/pgSQL keeps its statements' plans per connection: planning them cost more
// server time than running them.
const APPEND_SQL = `SELECT stream_id, global_position::text AS global_position, transaction_id::text AS transaction_id, stream_version
  FROM append_to_streams($1::jsonb)`;

/** Appends waiting for the next group commit. */
interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersionLike;
  document: { streamId: string; expectedVersion: number | null; events: unknown[] };
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

interface AppendedRow {
  stream_id: string;
  global_position: string;
  transaction_id: string;
  stream_version: number;
}

export interface PostgresEventStoreOptions {
  /**
   * How often the store looks for events appended by other processes, on a Postgres server (an
   * embedded PGlite has no other writer). One query per store, however many subscriptions.
   */
  pollIntervalMs?: number;
  /** How long an idle subscription waits unwoken before it reads again anyway: a safety net only. */
  idleRecheckMs?: number;
  batchSize?: number;
  /** Group commits in flight at once; appends arriving meanwhile queue for the next one. */
  concurrentCommits?: number;
  /** Most appends one group commit carries. */
  appendsPerCommit?: number;
}

/**
 * Appends made through any store over one database wake the subscriptions of every store over it,
 * so two stores in one process (an API and a worker sharing a PGlite) hear each other at once.
 */
const appendedOn = new WeakMap<Db, EventEmitter>();

function appendedEmitter(db: Db): EventEmitter {
  let emitter = appendedOn.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    appendedOn.set(db, emitter);
  }
  return emitter;
}

/** The newest event a reader may see: the last one under the snapshot's xmin, as `readAll` orders them. */
const VISIBLE_HEAD_SQL = `
  SELECT transaction_id::text || '/' || global_position AS head FROM events
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id DESC, global_position DESC
  LIMIT 1`;

export class PostgresEventStore implements EventStore {
  private readonly appended: EventEmitter;
  private readonly subscriptions = new Set<Subscription>();
  private otherWriters: { stop(): Promise<void> } | null = null;
  private readonly pollIntervalMs: number;
  private readonly idleRecheckMs: number;
  private readonly batchSize: number;
  private readonly concurrentCommits: number;
  private readonly appendsPerCommit: number;
  private readonly queued: PendingAppend[] = [];
  private commitsInFlight = 0;

  constructor(
    private readonly db: Db,
    private readonly registry: EventRegistry,
    options: PostgresEventStoreOptions = {},
  ) {
    this.appended = appendedEmitter(db);
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
    this.idleRecheckMs = options.idleRecheckMs ?? 1_000;
    this.batchSize = options.batchSize ?? 500;
    // PGlite runs one statement at a time, so more than one commit in flight only queues inside it.
    this.concurrentCommits = options.concurrentCommits ?? 1;
    this.appendsPerCommit = options.appendsPerCommit ?? 200;
  }

  /**
   * Group commit: appends that arrive while earlier ones are being written are sent together, in
   * one statement and one transaction, so concurrent writers share the round trip and the WAL flush
   * instead of queueing for a connection each. Every append keeps its own version check and result.
   */
  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersionLike): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    let document: PendingAppend['document'];
    try {
      document = {
        streamId,
        expectedVersion: expectedVersion === 'any' ? null : expectedVersion === 'no_stream' ? 0 : expectedVersion,
        events: events.map((event) => ({
          eventId: event.eventId,
          type: event.type,
          schemaVersion: this.registry.versionOf(event.type),
          data: this.registry.parse(event.type, event.data),
          metadata: event.metadata,
        })),
      };
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.queued.push({ streamId, events, expectedVersion, document, resolve, reject });
      this.startCommits();
    });
  }

  private startCommits(): void {
    while (this.commitsInFlight < this.concurrentCommits && this.queued.length > 0) {
      const group = this.takeGroup();
      this.commitsInFlight++;
      void this.commitGroup(group).finally(() => {
        this.commitsInFlight--;
        this.startCommits();
      });
    }
  }

  /**
   * The next appends to commit together: the oldest queued ones, one per stream (append_to_streams
   * checks every version against the stream as it was before the statement), up to appendsPerCommit.
   */
  private takeGroup(): PendingAppend[] {
    const group: PendingAppend[] = [];
    const streams = new Set<string>();
    const left: PendingAppend[] = [];
    for (const append of this.queued) {
      if (group.length < this.appendsPerCommit && !streams.has(append.streamId)) {
        group.push(append);
        streams.add(append.streamId);
      } else {
        left.push(append);
      }
    }
    this.queued.splice(0, this.queued.length, ...left);
    return group;
  }

  private async commitGroup(group: PendingAppend[]): Promise<void> {
    if (group.length === 1) return this.appendAlone(group[0]!);
    let rows: AppendedRow[];
    try {
      ({ rows } = await this.db.query<AppendedRow>(APPEND_SQL, [JSON.stringify(group.map((append) => append.document))]));
    } catch (error) {
      // A unique violation aborts the whole group; only the appends at fault should fail, so each
      // is tried again on its own.
      if (isUniqueViolation(error)) await Promise.all(group.map((append) => this.appendAlone(append)));
      else for (const append of group) append.reject(error);
      return;
    }
    this.appended.emit('appended');
    const lastRowOf = new Map<string, AppendedRow>();
    for (const row of rows) lastRowOf.set(row.stream_id, row);
    await Promise.all(
      group.map(async (append) => {
        const last = lastRowOf.get(append.streamId);
        if (last) append.resolve({ nextVersion: last.stream_version, lastPosition: positionOf(last) });
        else await this.settleUnwritten(append);
      }),
    );
  }

  private async appendAlone(append: PendingAppend): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const { rows } = await this.db.query<AppendedRow>(APPEND_SQL, [JSON.stringify([append.document])]);
        const last = rows.at(-1);
        if (!last) return this.settleUnwritten(append);
        this.appended.emit('appended');
        return append.resolve({ nextVersion: last.stream_version, lastPosition: positionOf(last) });
      } catch (error) {
        // With no expected version a lost race on the next version number is just tried again.
        if (isUniqueViolation(error, 'events_stream_version_key') && append.document.expectedVersion === null && attempt < 5) continue;
        if (isUniqueViolation(error, 'events_event_id_key') || isUniqueViolation(error, 'events_stream_version_key')) {
          return this.settleUnwritten(append);
        }
        return append.reject(error);
      }
    }
  }

  private async settleUnwritten(append: PendingAppend): Promise<void> {
    try {
      append.resolve(await this.rejectOrReplay(append.streamId, append.events, append.expectedVersion));
    } catch (error) {
      append.reject(error);
    }
  }

  /** The append did not happen: either it had already happened (idempotent retry) or the version was wrong. */
  private async rejectOrReplay(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersionLike): Promise<AppendResult> {
    const ids = events.map((e) => e.eventId);
    const { rows } = await this.db.query<{ event_id: string; stream_id: string; stream_version: number; global_position: string; transaction_id: string }>(
      `SELECT event_id::text AS event_id, stream_id, stream_version, global_position::text AS global_position,
              transaction_id::text AS transaction_id
       FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY events.transaction_id, events.global_position`,
      [ids],
    );
    if (rows.length === ids.length && rows.every((r) => r.stream_id === streamId)) {
      return { nextVersion: Math.max(...rows.map((r) => r.stream_version)), lastPosition: positionOf(rows.at(-1)!) };
    }
    if (rows.length > 0) {
      throw new Error(`Event ids ${rows.map((r) => r.event_id).join(', ')} are already stored elsewhere`);
    }
    throw new ConcurrencyError(streamId, expectedVersion, await this.streamVersion(this.db, streamId));
  }

  private async streamVersion(db: Queryable, streamId: string): Promise<number> {
    const { rows } = await db.query<{ version: number }>(
      'SELECT coalesce(max(stream_version), 0)::integer AS version FROM events WHERE stream_id = $1',
      [streamId],
    );
    return rows[0]?.version ?? 0;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version > $2 ORDER BY events.stream_version`,
      [streamId, options.afterVersion ?? 0],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  async readAll(from: GlobalPosition, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY events.transaction_id, events.global_position
       LIMIT $3`,
      [from.commit.toString(), from.prepare.toString(), options.limit ?? this.batchSize],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  subscribe(from: GlobalPosition, handler: BatchHandler, options: { onError?: (error: unknown) => void } = {}): Subscription {
    const controller = new AbortController();
    // `appendedSinceRead` closes the lost-wakeup window: an append that lands while the loop is
    // reading or running the handler (no one waiting on `wake`) still skips the next idle wait.
    let appendedSinceRead = false;
    let wake: (() => void) | undefined;
    const onAppended = () => {
      appendedSinceRead = true;
      wake?.();
    };
    this.appended.on('appended', onAppended);

    const loop = async () => {
      let position = from;
      while (!controller.signal.aborted) {
        appendedSinceRead = false;
        const batch = await this.readAll(position);
        if (batch.length > 0) {
          await handler(batch);
          position = batch.at(-1)!.position;
          if (batch.length === this.batchSize) continue;
        }
        if (appendedSinceRead || controller.signal.aborted) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, this.idleRecheckMs);
          function finish() {
            clearTimeout(timer);
            resolve();
          }
          wake = finish;
        });
        wake = undefined;
      }
    };

    const done = loop()
      .catch((error) => {
        if (controller.signal.aborted) return;
        logger.error({ err: error }, 'event store subscription stopped');
        options.onError?.(error);
      })
      .finally(() => this.appended.off('appended', onAppended));

    const subscription: Subscription = {
      stop: async () => {
        controller.abort();
        wake?.();
        await done;
        this.subscriptions.delete(subscription);
        if (this.subscriptions.size === 0) await this.stopWatchingOtherWriters();
      },
    };
    this.subscriptions.add(subscription);
    this.watchOtherWriters();
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }

  /**
   * On a Postgres server other processes append too (workers, other API processes): one loop per
   * store reads the visible head every `pollIntervalMs` and wakes the subscriptions when it moved,
   * instead of every subscription querying on its own. PGlite lives in this process alone, so the
   * appends' own wake-ups are all there is to hear.
   */
  private watchOtherWriters(): void {
    if (this.db.kind !== 'postgres' || this.otherWriters) return;
    const controller = new AbortController();
    let wake: (() => void) | undefined;
    const loop = async () => {
      let seen: string | null = null;
      while (!controller.signal.aborted) {
        try {
          const { rows } = await this.db.query<{ head: string }>(VISIBLE_HEAD_SQL);
          const head = rows[0]?.head ?? null;
          if (head !== seen) {
            seen = head;
            this.appended.emit('appended');
          }
        } catch (error) {
          if (!controller.signal.aborted) logger.warn({ err: error }, 'event store: looking for other processes\' appends failed; trying again');
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, this.pollIntervalMs);
          function finish() {
            clearTimeout(timer);
            resolve();
          }
          wake = finish;
        });
      }
    };
    const done = loop();
    this.otherWriters = {
      stop: async () => {
        controller.abort();
        wake?.();
        await done;
      },
    };
  }

  private async stopWatchingOtherWriters(): Promise<void> {
    const watcher = this.otherWriters;
    this.otherWriters = null;
    await watcher?.stop();
  }

  private toRecorded(row: EventRow): RecordedEvent {
    return {
      eventId: row.event_id,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
      type: row.type,
      schemaVersion: row.schema_version,
      data: this.registry.parse(row.type, row.data),
      metadata: row.metadata,
      recordedAt: new Date(row.recorded_at),
    };
  }
}

function positionOf(row: AppendedRow): GlobalPosition {
  return { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) };
}

export { START };
