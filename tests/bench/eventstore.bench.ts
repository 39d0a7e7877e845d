// `npm run bench:eventstore`: throughput of the Postgres event store's append path and the lag of a
// live projector behind it, on the configured Postgres server (DATABASE_URL, else
// TEST_DATABASE_URL, else the local test server). It works in a fresh database it drops afterwards.
//
// Phases, one after the other, with the same writers and pool:
// 1. appends: WRITERS concurrent writers append single TrackUploadReceived events at exact expected
//    versions to STREAMS streams (each writer owns its share, so no conflicts) as fast as they can
//    for SECONDS, while a Projector runs a minimal read model (one row per event, written per batch
//    through Projection.applyAll) on the same store and pool, as the app does. Appends made while
//    another is being written share its group commit (PostgresEventStore.append); BENCH_COMMITS
//    sets how many group commits may be in flight at once. projectionLag = from append() resolving
//    to projector.waitFor(that event's position) resolving, i.e. until the transaction holding its
//    read-model row committed. When the writers outrun the projector this lag is the length of the
//    queue they built up.
// 2. paced appends: the same, with the writers held to PACED_RATE events/s in total, so the lag is
//    measured at a load the projector can follow.
// 3. raw inserts: the same rows by plain INSERT into a table created LIKE events (same columns,
//    defaults and indexes; no version check, no validation, no function, no projector running).
// 4. batch appends: phase 1's appends with BATCH events per append (no projector running).
// The last line of stdout is one JSON object with the figures.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventRegistry } from '../../domain/registry';
import type { EventMetadata, NewEvent } from '../../domain/shared/events';
import { TrackUploadReceived, trackStreamId } from '../../domain/track/track.events';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { logger } from '../../infra/logger/logger';
import type { Projection } from '../../projections/projection';
import { Projector } from '../../projections/projector';
import { createTestDatabase } from '../support/postgres';
import { intFromEnv } from './bench-env';

const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://goose:goose@127.0.0.1:5432/postgres';
const WRITERS = intFromEnv('BENCH_WRITERS', 32);
const STREAMS = intFromEnv('BENCH_STREAMS', 1000);
const SECONDS = intFromEnv('BENCH_SECONDS', 10);
const BATCH = intFromEnv('BENCH_BATCH', 10);
const POOL = intFromEnv('BENCH_POOL', WRITERS + 2);
const PACED_RATE = intFromEnv('BENCH_PACED_RATE', 1000);
const COMMITS = intFromEnv('BENCH_COMMITS', 1);

const benchProjection: Projection = {
  name: 'bench',
  version: 1,
  tables: ['bench_read_model'],
  schema: `CREATE TABLE IF NOT EXISTS bench_read_model (
    event_id uuid PRIMARY KEY,
    stream_id text NOT NULL,
    stream_version integer NOT NULL,
    title text NOT NULL
  )`,
  handles: new Set([TrackUploadReceived.type]),
  async apply(tx, event) {
    await this.applyAll!(tx, [event]);
    return null;
  },
  async applyAll(tx, events) {
    await tx.query(
      `INSERT INTO bench_read_model (event_id, stream_id, stream_version, title)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::integer[], $4::text[])
       ON CONFLICT (event_id) DO NOTHING`,
      [
        events.map((e) => e.eventId),
        events.map((e) => e.streamId),
        events.map((e) => e.streamVersion),
        events.map((e) => (e.data as { title: string }).title),
      ],
    );
    return [];
  },
};

interface Stream {
  id: string;
  trackId: string;
  version: number;
}

/**
 * Fresh streams, shared out among the writers: writer w owns streams w, w + WRITERS, … and cycles
 * through them, so it always knows their exact version and writers never conflict.
 */
function streamsForWriters(): (writer: number) => Stream {
  const streams = Array.from({ length: STREAMS }, (): Stream => {
    const trackId = randomUUID();
    return { id: trackStreamId(trackId), trackId, version: 0 };
  });
  const owned = Array.from({ length: WRITERS }, (_, writer) => ({ streams: streams.filter((_, i) => i % WRITERS === writer), next: 0 }));
  return (writer) => {
    const mine = owned[writer]!;
    return mine.streams[mine.next++ % mine.streams.length]!;
  };
}

function uploadEvent(stream: Stream): NewEvent {
  const metadata: EventMetadata = {
    correlationId: `bench-${stream.trackId}`,
    causationId: null,
    actor: 'bench',
    workflowId: `track-lifecycle-${stream.trackId}`,
    occurredAt: new Date().toISOString(),
  };
  return {
    eventId: randomUUID(),
    type: TrackUploadReceived.type,
    data: {
      trackId: stream.trackId,
      ownerId: '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11',
      title: `Bench take ${stream.version + 1}`,
      description: 'An upload appended by the event store benchmark.',
      contentType: 'music',
      royaltySplit: 100,
      originalName: 'take.wav',
      detectedExtension: 'wav',
      detectedMimeType: 'audio/wav',
      size: 1_048_576,
      genre: 'ambient',
    },
    metadata,
  };
}

/**
 * Runs WRITERS loops of `work` until the deadline; returns the operations done and the wall time.
 * With `ratePerSec`, each writer starts an operation only at its next slot of that total rate.
 */
async function runWriters(
  seconds: number,
  work: (writer: number) => Promise<number>,
  ratePerSec?: number,
): Promise<{ operations: number; elapsedSec: number }> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const interval = ratePerSec ? (WRITERS * 1000) / ratePerSec : 0;
  let operations = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      let slot = started + (interval * writer) / WRITERS;
      while (performance.now() < deadline) {
        if (interval > 0) {
          const wait = slot - performance.now();
          if (wait > 0) await sleep(wait);
          slot += interval;
        }
        const done = await work(writer);
        operations += done;
      }
    }),
  );
  return { operations, elapsedSec: (performance.now() - started) / 1000 };
}

async function appendPhase(store: PostgresEventStore, projector: Projector, ratePerSec?: number) {
  const nextStream = streamsForWriters();
  const lags: number[] = [];
  const appendLatencies: number[] = [];
  const pending: Promise<void>[] = [];
  const result = await runWriters(SECONDS, async (writer) => {
    const stream = nextStream(writer);
    const event = uploadEvent(stream);
    const begun = performance.now();
    const { nextVersion, lastPosition } = await store.append(stream.id, [event], stream.version === 0 ? 'no_stream' : stream.version);
    const appended = performance.now();
    appendLatencies.push(appended - begun);
    stream.version = nextVersion;
    pending.push(projector.waitFor(lastPosition, 120_000).then(() => void lags.push(performance.now() - appended)));
    return 1;
  }, ratePerSec);
  const behindAtEnd = pending.length - lags.length;
  await Promise.all(pending);
  return { ...result, lags, appendLatencies, behindAtEnd };
}

async function rawInsertPhase(db: Db) {
  await db.query('CREATE TABLE raw_events (LIKE events INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING INDEXES)');
  const nextStream = streamsForWriters();
  return runWriters(SECONDS, async (writer) => {
    const stream = nextStream(writer);
    const event = uploadEvent(stream);
    await db.query(
      `INSERT INTO raw_events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [stream.id, stream.version + 1, event.eventId, event.type, 1, JSON.stringify(event.data), JSON.stringify(event.metadata)],
    );
    stream.version += 1;
    return 1;
  });
}

async function batchAppendPhase(store: PostgresEventStore) {
  const nextStream = streamsForWriters();
  return runWriters(Math.max(2, Math.round(SECONDS / 2)), async (writer) => {
    const stream = nextStream(writer);
    const events = Array.from({ length: BATCH }, (_, i) => uploadEvent({ ...stream, version: stream.version + i }));
    const { nextVersion } = await store.append(stream.id, events, stream.version === 0 ? 'no_stream' : stream.version);
    stream.version = nextVersion;
    return events.length;
  });
}

async function main(): Promise<void> {
  const database = await createTestDatabase({ serverUrl, prefix: 'goose_bench' });
  const db = postgresDb(database.url, POOL);
  const store = new PostgresEventStore(db, eventRegistry, { concurrentCommits: COMMITS });
  let projector: Projector | undefined;
  try {
    await migrate(db, eventStoreMigrations);
    projector = new Projector(db, store, [benchProjection]);
    await projector.start();
    logger.info({ database: database.label, writers: WRITERS, streams: STREAMS, seconds: SECONDS, pool: POOL }, 'bench: appending with a live projector');

    const appends = await appendPhase(store, projector);
    logger.info({ eventsPerSec: Math.round(appends.operations / appends.elapsedSec) }, 'bench: paced appends');
    const paced = await appendPhase(store, projector, PACED_RATE);
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM bench_read_model');
    const projectedRows = rows[0]!.count;
    if (projectedRows !== appends.operations + paced.operations) {
      throw new Error(`projected ${projectedRows} rows for ${appends.operations + paced.operations} events`);
    }
    await projector.stop();
    projector = undefined;

    logger.info('bench: raw inserts');
    const raw = await rawInsertPhase(db);
    logger.info('bench: batch appends');
    const batches = await batchAppendPhase(store);

    const figures = {
      appendsPerSec: Math.round(appends.operations / appends.elapsedSec),
      rawInsertsPerSec: Math.round(raw.operations / raw.elapsedSec),
      projectionLagMsP50: round(percentile(appends.lags, 0.5)),
      projectionLagMsP99: round(percentile(appends.lags, 0.99)),
      projectionLagMsMax: round(appends.lags.reduce((max, lag) => Math.max(max, lag), 0)),
      projectorBehindAtEnd: appends.behindAtEnd,
      appendLatencyMsP50: round(percentile(appends.appendLatencies, 0.5)),
      appendLatencyMsP99: round(percentile(appends.appendLatencies, 0.99)),
      pacedRatePerSec: PACED_RATE,
      pacedAppendsPerSec: Math.round(paced.operations / paced.elapsedSec),
      pacedProjectionLagMsP50: round(percentile(paced.lags, 0.5)),
      pacedProjectionLagMsP99: round(percentile(paced.lags, 0.99)),
      batchAppendEventsPerSec: Math.round(batches.operations / batches.elapsedSec),
      batchSize: BATCH,
      events: appends.operations,
      rawInserts: raw.operations,
      writers: WRITERS,
      streams: STREAMS,
      pool: POOL,
      concurrentCommits: COMMITS,
      durationSec: round(appends.elapsedSec),
      event: TrackUploadReceived.type,
      database: `${database.label} (dropped)`,
    };
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    await projector?.stop();
    await store.close();
    await db.close();
    await database.drop();
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'bench failed');
  process.exitCode = 1;
});
