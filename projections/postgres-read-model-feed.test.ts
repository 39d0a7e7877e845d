// The Postgres read-model feed against a real server: changes committed out of seq order are
// emitted in seq order (a later one waits for the transaction still committing an earlier one);
// a listening connection that drops is opened again and what was logged meanwhile is emitted;
// waitFor follows the projections' checkpoints and gives up after its timeout. The change log's
// replay tells each browser what its user hears of, and nothing once rows after its seq are gone.
// PGlite's LISTEN works through the same Db.listen.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDb, type Db } from '../infra/db/db';
import { formatPosition } from '../infra/eventstore/event-store';
import { pooledPglite } from '../tests/support/pglite-pool';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../tests/support/postgres';
import type { ReadModelChange } from './projection';
import { openPostgresReadModelFeed, type PostgresReadModelFeed } from './postgres-read-model-feed';
import { changesToReplay, logReadModelChanges } from './read-model-change-log';
import { READ_MODEL_CHANGES_CHANNEL } from './read-model-feed';

const available = await postgresAvailable();

const change = (ownerId: string, subjectId: string, extra: Partial<ReadModelChange> = {}): ReadModelChange => ({
  readModel: 'vault',
  ownerId,
  subjectId,
  streamId: `track-${subjectId}`,
  eventType: 'TrackMastered',
  workflowId: null,
  recordedAt: '2026-11-29T12:00:00.000Z',
  ...extra,
});

describe.skipIf(!available)(`the Postgres read-model feed${available ? '' : ` (skipped: no Postgres server at ${new URL(TEST_DATABASE_URL).host})`}`, () => {
  let database: TestDatabase;
  let db: Db;
  let feed: PostgresReadModelFeed;
  const heard: ReadModelChange[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ prefix: 'goose_feed' });
    db = postgresDb(database.url, 4);
    feed = await openPostgresReadModelFeed(db, { safetyPollMs: 60_000, gapWaitMs: 5000, projections: [{ name: 'vault' }, { name: 'tokens' }] });
    feed.onChange((logged) => heard.push(logged));
  });

  afterAll(async () => {
    await feed?.close();
    await db?.close();
    await database?.drop();
  });

  const subjectsHeard = () => heard.map((c) => c.subjectId);

  it('emits changes in seq order even when a later one commits first', async () => {
    heard.length = 0;
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstLogged!: () => void;
    const firstHasSeq = new Promise<void>((resolve) => (firstLogged = resolve));
    const first = db.transaction(async (tx) => {
      await logReadModelChanges(tx, [change('u1', 'earlier')]);
      firstLogged();
      await firstMayCommit;
    });
    await firstHasSeq;
    await db.transaction((tx) => logReadModelChanges(tx, [change('u1', 'later')]));
    // The later change is committed and notified, but waits for the earlier seq.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
    releaseFirst();
    await first;
    await expect.poll(subjectsHeard).toEqual(['earlier', 'later']);
    expect(heard[1]!.seq).toBe(heard[0]!.seq! + 1);
  });

  it('listens again after its connection drops, and emits what was logged meanwhile', async () => {
    heard.length = 0;
    const listener = `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`;
    const { rows: before } = await db.query<{ pid: number }>(listener);
    expect(before).toHaveLength(1);
    await db.query('SELECT pg_terminate_backend($1)', [before[0]!.pid]);
    await db.transaction((tx) => logReadModelChanges(tx, [change('u1', 'while-down')]));
    await expect.poll(subjectsHeard, { timeout: 5000 }).toEqual(['while-down']);
    await db.transaction((tx) => logReadModelChanges(tx, [change('u1', 'after')]));
    await expect.poll(subjectsHeard).toEqual(['while-down', 'after']);
    const { rows: after } = await db.query<{ pid: number }>(listener);
    expect(after.map((row) => row.pid)).not.toEqual([before[0]!.pid]);
  });

  it("waits for every running projection's checkpoint to reach the position, and gives up after its timeout", async () => {
    await db.query('CREATE TABLE IF NOT EXISTS projection_checkpoints (name text PRIMARY KEY, version integer NOT NULL, position text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())');
    // 'retired' is a projection no longer run: its checkpoint stays behind and must not hold anyone up.
    await db.query(`INSERT INTO projection_checkpoints (name, version, position) VALUES ('vault', 1, '10/10'), ('tokens', 1, '5/5'), ('retired', 1, '1/1')`);
    const target = { commit: 8n, prepare: 8n };
    let reached = false;
    const waiting = feed.waitFor(target, 5000).then(() => (reached = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reached).toBe(false);
    // A projection that handled nothing in the batch moves its checkpoint without any change to notify.
    await db.query(`UPDATE projection_checkpoints SET position = $1 WHERE name = 'tokens'`, [formatPosition({ commit: 12n, prepare: 12n })]);
    await waiting;
    await expect(feed.waitFor({ commit: 99n, prepare: 99n }, 150)).rejects.toThrow('did not reach 99/99 within 150 ms');
  });

  it("replays to a browser what its user hears of: its own changes, its role's, an operator's operations; none once the rows are gone", async () => {
    const [owner, staff, operator] = [randomUUID(), randomUUID(), randomUUID()];
    const [before] = await db.transaction((tx) => logReadModelChanges(tx, [change(owner, 'before')]));
    await db.transaction((tx) =>
      logReadModelChanges(tx, [
        change(owner, 'own'),
        change(owner, 'ticket', { readModel: 'support', alsoToRole: 'support', eventType: 'SupportMessagePosted' }),
        change(owner, 'failed', { eventType: 'TrackRegistrationFailed' }),
        change(randomUUID(), 'someone-elses'),
      ]),
    );
    const operationsEvents = new Set(['TrackRegistrationFailed']);
    const subjects = async (userId: string, roles: Array<'operator' | 'support'>) =>
      (await changesToReplay(db, before!.seq, { userId, roles, operationsEvents }))?.map((logged) => logged.change.subjectId);
    expect(await subjects(owner, [])).toEqual(['own', 'ticket', 'failed']);
    expect(await subjects(staff, ['support'])).toEqual(['ticket']);
    expect(await subjects(operator, ['operator'])).toEqual(['failed']);
    expect(await subjects(randomUUID(), [])).toEqual([]);

    await db.query('DELETE FROM read_model_changes WHERE seq <= $1', [before!.seq + 1]);
    expect(await changesToReplay(db, before!.seq, { userId: owner, roles: [], operationsEvents })).toBeNull();
  });
});

describe('PGlite listening', () => {
  it('hears a NOTIFY through Db.listen, and nothing once closed', async () => {
    const db = await pooledPglite();
    const payloads: string[] = [];
    const listening = await db.listen!(READ_MODEL_CHANGES_CHANNEL, (payload) => payloads.push(payload));
    await db.query('SELECT pg_notify($1, $2)', [READ_MODEL_CHANGES_CHANNEL, '42']);
    await expect.poll(() => payloads).toEqual(['42']);
    await listening.close();
    await db.query('SELECT pg_notify($1, $2)', [READ_MODEL_CHANGES_CHANNEL, '43']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(payloads).toEqual(['42']);
    await db.close();
  });
});
