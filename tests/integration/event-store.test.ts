// Runs the event store contract against every adapter this machine can reach, plus what only the
// Postgres store promises: a late-committing writer is never skipped, and events are append-only.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import type { NewEvent } from '../../domain/shared/events';
import { pgliteDb, postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { START, type RecordedEvent } from '../../infra/eventstore/event-store';
import { EventStoreDbEventStore } from '../../infra/eventstore/eventstoredb-event-store';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../support/postgres';
import { describeEventStoreContract, eventually, newTrack, newAccount } from './event-store.contract';

const postgresUp = await postgresAvailable();
const serverLabel = redactPassword(TEST_DATABASE_URL);
const eventStoreUrl = process.env.EVENTSTORE_URL;

interface OpenedStore {
  db: Db;
  store: PostgresEventStore;
  /** The real server's test database, dropped afterwards. */
  database?: TestDatabase;
}

async function pgliteStore(): Promise<OpenedStore> {
  const db = await pgliteDb();
  await migrate(db, eventStoreMigrations);
  return { db, store: new PostgresEventStore(db, eventRegistry) };
}

async function postgresStore(): Promise<OpenedStore & { database: TestDatabase }> {
  const database = await createTestDatabase();
  const db = postgresDb(database.url);
  await migrate(db, eventStoreMigrations);
  return { db, store: new PostgresEventStore(db, eventRegistry), database };
}

describeEventStoreContract('Postgres event store on PGlite (in memory)', async () => {
  const { db, store } = await pgliteStore();
  return {
    store,
    async cleanup() {
      await store.close();
      await db.close();
    },
  };
});

if (postgresUp) {
  describeEventStoreContract(`Postgres event store on a real server (${serverLabel})`, async () => {
    const { db, store, database } = await postgresStore();
    return {
      store,
      async cleanup() {
        await store.close();
        await db.close();
        await database.drop();
      },
    };
  });
} else {
  describe(`Postgres event store on a real server (skipped: no Postgres server at ${serverLabel})`, () => {
    it.skip('runs the contract and the late-commit specification against a real Postgres server', () => {});
  });
}

if (eventStoreUrl) {
  describeEventStoreContract(`EventStoreDB adapter (${eventStoreUrl})`, async () => {
    const store = new EventStoreDbEventStore(eventStoreUrl, eventRegistry);
    return { store, cleanup: () => store.close() };
  });
} else {
  describe('EventStoreDB adapter (skipped: EVENTSTORE_URL not set)', () => {
    it.skip('runs the contract against the EventStoreDB server at EVENTSTORE_URL', () => {});
  });
}

describe('Postgres event store: its own guarantees', () => {
  const backends: [string, (() => Promise<OpenedStore>) | null][] = [
    ['PGlite', pgliteStore],
    ['real server', postgresUp ? postgresStore : null],
  ];
  for (const [backend, open] of backends) {
    const name = open ? `on ${backend}` : `on ${backend} (skipped: no Postgres server at ${serverLabel})`;
    describe(name, () => {
      if (!open) {
        it.skip('orders positions as numbers and refuses UPDATE and DELETE of stored events', () => {});
        return;
      }
      let subject: OpenedStore;
      beforeAll(async () => {
        subject = await open();
      });
      afterAll(async () => {
        await subject.store.close();
        await subject.db.close();
        await subject.database?.drop();
      });

      it('orders events by number, not by text: positions 1..12 of one batch come back 1..12', async () => {
        // A fresh store, so this batch's global positions cross from 9 to 10 (text order: "10" < "9").
        const fresh = await open();
        try {
          const track = newTrack();
          const failures = Array.from({ length: 9 }, (_, i) => failure(track.trackId, `attempt ${i + 1}`));
          const batch = [...track.received, ...track.stored, ...track.probed, ...failures];
          await fresh.store.append(track.streamId, batch, 'no_stream');

          // Another transaction anywhere on the server holds readers back until it ends (the
          // late-commit rule), so wait for the batch to become readable instead of reading once.
          await expect.poll(async () => (await fresh.store.readAll(START)).length, { timeout: 10_000 }).toBe(batch.length);
          const all = await fresh.store.readAll(START);
          expect(all.map((e) => e.position.prepare)).toEqual(batch.map((_, i) => BigInt(i + 1)));
          expect(all.map((e) => e.eventId)).toEqual(batch.map((e) => e.eventId));
          expect((await fresh.store.readAll(all[8]!.position, { limit: 2 })).map((e) => e.streamVersion)).toEqual([10, 11]);
          expect(await fresh.store.append(track.streamId, batch, 'no_stream')).toEqual({ nextVersion: 12, lastPosition: all[11]!.position });
        } finally {
          await fresh.store.close();
          await fresh.db.close();
          await fresh.database?.drop();
        }
      });

      it('commits appends made while another is being written as one group, each append with its own outcome', async () => {
        const existing = newTrack();
        await subject.store.append(existing.streamId, [...existing.received, ...existing.stored], 'no_stream');
        const fresh = Array.from({ length: 12 }, () => newTrack());
        const sequential = newTrack();

        // The first append is written at once; everything issued while it is in flight queues
        // for the next group commit.
        const leader = newTrack();
        const leading = subject.store.append(leader.streamId, leader.received, 'no_stream');
        const grouped = fresh.map((t) => subject.store.append(t.streamId, t.received, 'no_stream'));
        const stale = subject.store.append(existing.streamId, existing.probed, 1);
        const retry = subject.store.append(existing.streamId, [...existing.received, ...existing.stored], 'no_stream');
        const first = subject.store.append(sequential.streamId, sequential.received, 'no_stream');
        const second = subject.store.append(sequential.streamId, sequential.stored, 1);

        // Assert on the rejection at once, so it is handled whenever it comes.
        const staleRefused = expect(stale).rejects.toMatchObject({ expectedVersion: 1, actualVersion: 2 });
        await leading;
        const results = await Promise.all(grouped);
        expect(results.map((r) => r.nextVersion)).toEqual(fresh.map(() => 1));
        expect(new Set(results.map((r) => r.lastPosition.commit)).size).toBe(1);
        await staleRefused;
        expect((await retry).nextVersion).toBe(2);
        expect((await first).nextVersion).toBe(1);
        expect((await second).nextVersion).toBe(2);

        expect((await subject.store.readStream(existing.streamId)).map((e) => e.type)).toEqual(['TrackUploadReceived', 'TrackFileStored']);
        expect((await subject.store.readStream(sequential.streamId)).map((e) => e.type)).toEqual(['TrackUploadReceived', 'TrackFileStored']);
        for (const track of fresh) {
          expect((await subject.store.readStream(track.streamId)).map((e) => e.eventId)).toEqual(track.received.map((e) => e.eventId));
        }
      });

      it('when one append of a group reuses an event id stored elsewhere, fails only that append', async () => {
        const owner = newTrack();
        await subject.store.append(owner.streamId, owner.received, 'no_stream');
        const fresh = Array.from({ length: 5 }, () => newTrack());
        const thief = newTrack();

        const leader = newTrack();
        const leading = subject.store.append(leader.streamId, leader.received, 'no_stream');
        const grouped = fresh.map((t) => subject.store.append(t.streamId, t.received, 'no_stream'));
        const stolen = subject.store.append(thief.streamId, [{ ...thief.received[0]!, eventId: owner.received[0]!.eventId }], 'no_stream');

        const stolenRefused = expect(stolen).rejects.toThrow(/already stored elsewhere/);
        await leading;
        await stolenRefused;
        expect((await Promise.all(grouped)).map((r) => r.nextVersion)).toEqual(fresh.map(() => 1));
        expect(await subject.store.readStream(thief.streamId)).toEqual([]);
      });

      it('wakes a subscriber at once for an append made through another store, without waiting for its idle recheck', async () => {
        // Another process on a real server (its own connection pool); another store over the same PGlite.
        const otherDb = subject.database ? postgresDb(subject.database.url) : subject.db;
        const other = new PostgresEventStore(otherDb, eventRegistry);
        const listening = new PostgresEventStore(subject.db, eventRegistry, { idleRecheckMs: 60_000 });
        const track = newTrack();
        const subscribed: RecordedEvent[] = [];
        const head = (await listening.readAll(START, { limit: 100_000 })).at(-1)?.position ?? START;
        const subscription = listening.subscribe(head, async (batch) => {
          subscribed.push(...batch);
        });
        try {
          await new Promise((resolve) => setTimeout(resolve, 100));
          await other.append(track.streamId, track.received, 'no_stream');
          // Appends of the tests before this one may still be committing on a loaded machine: only this stream's events are this test's.
          await eventually(() => expect(subscribed.filter((e) => e.streamId === track.streamId).map((e) => e.streamId)).toEqual(track.received.map(() => track.streamId)), 2_000);
        } finally {
          await subscription.stop();
          await other.close();
          if (otherDb !== subject.db) await otherDb.close();
        }
      });

      it('refuses UPDATE and DELETE of stored events', async () => {
        const track = newTrack();
        await subject.store.append(track.streamId, track.received, 'no_stream');

        await expect(subject.db.query(`UPDATE events SET type = 'Tampered' WHERE stream_id = $1`, [track.streamId])).rejects.toThrow(/append-only/);
        await expect(subject.db.query('DELETE FROM events WHERE stream_id = $1', [track.streamId])).rejects.toThrow(/append-only/);

        expect((await subject.store.readStream(track.streamId)).map((e) => e.type)).toEqual(['TrackUploadReceived']);
      });
    });
  }
});

describe.skipIf(!postgresUp)(
  postgresUp
    ? 'Postgres event store on a real server: a late commit is never skipped'
    : `Postgres event store: a late commit is never skipped (skipped: no Postgres server at ${serverLabel})`,
  () => {
    let database: TestDatabase;
    let db: Db;
    let store: PostgresEventStore;
    let slowWriter: pg.Client;

    beforeAll(async () => {
      ({ db, store, database } = await postgresStore());
      slowWriter = new pg.Client({ connectionString: database.url });
      await slowWriter.connect();
    });

    afterAll(async () => {
      await slowWriter?.end();
      await store?.close();
      await db?.close();
      await database?.drop();
    });

    it('holds back an event committed after an earlier, still open append until that append commits, then delivers both in order', async () => {
      const early = newTrack();
      const late = newAccount();
      const subscribed: RecordedEvent[] = [];
      const subscription = store.subscribe(START, async (batch) => {
        subscribed.push(...batch);
      });
      try {
        // Writer 1 appends through the store's own statement inside a transaction it leaves open:
        // it has taken its transaction id and its global_position, but has not committed.
        await slowWriter.query('BEGIN');
        const earlyAppend = await new PostgresEventStore(clientDb(slowWriter), eventRegistry).append(early.streamId, early.received, 'no_stream');

        // Writer 2 appends and commits afterwards, from another connection.
        const lateAppend = await store.append(late.streamId, late.events, 'no_stream');
        expect(lateAppend.lastPosition.prepare).toBeGreaterThan(earlyAppend.lastPosition.prepare);
        expect(lateAppend.lastPosition.commit).toBeGreaterThan(earlyAppend.lastPosition.commit);

        // A reader ordering by global_position alone would already see writer 2's events and
        // checkpoint past writer 1's, which it has not seen: it would never deliver them.
        const { rows: visibleBySequence } = await db.query<{ event_id: string }>(
          'SELECT event_id::text AS event_id FROM events WHERE global_position > $1 ORDER BY global_position',
          [earlyAppend.lastPosition.prepare.toString()],
        );
        expect(visibleBySequence.map((r) => r.event_id)).toEqual(late.events.map((e) => e.eventId));

        // The store holds writer 2's events back, and so does a live subscriber (given several
        // poll intervals to misbehave in).
        expect(await store.readAll(START)).toEqual([]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(subscribed).toEqual([]);

        await slowWriter.query('COMMIT');

        const expectedOrder = [...early.received, ...late.events].map((e) => e.eventId);
        expect((await store.readAll(START)).map((e) => e.eventId)).toEqual(expectedOrder);
        await eventually(() => expect(subscribed.map((e) => e.eventId)).toEqual(expectedOrder));
      } finally {
        await slowWriter.query('ROLLBACK').catch(() => undefined);
        await subscription.stop();
      }
    });

    it('delivers to a subscriber that already checkpointed past other events the late commit that precedes newer ones', async () => {
      const before = newTrack();
      const { lastPosition: checkpoint } = await store.append(before.streamId, before.received, 'no_stream');
      const subscribed: RecordedEvent[] = [];
      const subscription = store.subscribe(checkpoint, async (batch) => {
        subscribed.push(...batch);
      });
      try {
        const early = newTrack();
        const late = newTrack();
        await slowWriter.query('BEGIN');
        await new PostgresEventStore(clientDb(slowWriter), eventRegistry).append(early.streamId, early.received, 'no_stream');
        await store.append(late.streamId, late.received, 'no_stream');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(subscribed).toEqual([]);

        await slowWriter.query('COMMIT');

        await eventually(() => expect(subscribed.map((e) => e.streamId)).toEqual([early.streamId, late.streamId]));
      } finally {
        await slowWriter.query('ROLLBACK').catch(() => undefined);
        await subscription.stop();
      }
    });
  },
);

function failure(trackId: string, reason: string): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'TrackIntakeFailed',
    data: { trackId, step: 'probe', reason },
    metadata: { correlationId: 'c', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() },
  };
}

/** A Db over one client, so an append runs inside whatever transaction that client has open. */
function clientDb(client: pg.Client): Db {
  return {
    kind: 'postgres',
    query: async (sql, params) => (await client.query(sql, params)) as never,
    transaction: () => Promise.reject(new Error('not used')),
    close: async () => undefined,
  };
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
