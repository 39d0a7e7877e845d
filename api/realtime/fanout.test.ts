// Live updates across API processes: two apps on one Postgres database, each hearing the change log
// through its own Postgres feed, with real browsers' websockets on loopback. A change logged on one
// process's side reaches its user's sockets on both and nobody else's; a browser that reconnects
// after its last seq gets exactly what it missed, then live changes, none twice; a seq no longer
// kept makes it refetch; stopping a process closes its sockets with 1012 after in-flight requests
// finish, and the browser resumes on the other. Also measures event-to-browser latency (p95).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { realtimeMessageSchema, type RealtimeMessage } from '../../domain/contracts/realtime';
import { postgresDb, type Db } from '../../infra/db/db';
import { logger } from '../../infra/logger/logger';
import type { ReadModelChange } from '../../projections/projection';
import { logReadModelChanges, pruneLoggedChanges } from '../../projections/read-model-change-log';
import { READ_MODEL_CHANGES_RETENTION_MS } from '../../projections/read-model-feed';
import { measureFanout } from '../../tests/bench/fanout';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { startPostgresApiApp, type PostgresApiApp } from '../../tests/support/postgres-api-app';

const available = await postgresAvailable();

type EventMessage = Extract<RealtimeMessage, { type: 'event' }>;

/** A browser's socket: every message it got, in order. */
class Browser {
  readonly messages: RealtimeMessage[] = [];
  closeCode: number | null = null;
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.messages.push(realtimeMessageSchema.parse(JSON.parse(String(data)))));
    socket.on('close', (code) => (this.closeCode = code));
  }

  static async open(origin: string, cookie: string, after?: number | null): Promise<Browser> {
    const query = after === undefined || after === null ? '' : `?after=${after}`;
    const browser = new Browser(new WebSocket(`${origin.replace('http:', 'ws:')}/api/ws${query}`, { headers: { cookie } }));
    await expect.poll(() => browser.hello, { timeout: 5000 }).toBeTruthy();
    return browser;
  }

  get hello(): Extract<RealtimeMessage, { type: 'hello' }> | undefined {
    return this.messages.find((m) => m.type === 'hello') as Extract<RealtimeMessage, { type: 'hello' }> | undefined;
  }

  get events(): EventMessage[] {
    return this.messages.filter((m): m is EventMessage => m.type === 'event');
  }

  subjects(): string[] {
    return this.events.map((e) => e.subjectId);
  }
}

const change = (ownerId: string, subjectId: string, extra: Partial<ReadModelChange> = {}): ReadModelChange => ({
  readModel: 'vault',
  ownerId,
  subjectId,
  streamId: `track-${subjectId}`,
  eventType: 'TrackMastered',
  workflowId: null,
  recordedAt: new Date().toISOString(),
  ...extra,
});

describe.skipIf(!available)(`live updates across API processes (Postgres)${available ? '' : ` (skipped: no Postgres server at ${new URL(TEST_DATABASE_URL).host})`}`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: PostgresApiApp;
  let b: PostgresApiApp;
  /** The projecting process's side: its own connections to the same database. */
  let projectorDb: Db;
  const user = randomUUID();
  const other = randomUUID();
  let userCookie: string;
  let otherCookie: string;
  const opened: Browser[] = [];
  const open = async (app: PostgresApiApp, cookie: string, after?: number | null) => {
    const browser = await Browser.open(app.origin, cookie, after);
    opened.push(browser);
    return browser;
  };
  let slowStarted!: () => void;
  const slowInFlight = new Promise<void>((resolve) => (slowStarted = resolve));
  /** Logs changes as the projector does: in a transaction, with the NOTIFY. */
  const log = (...changes: ReadModelChange[]) => projectorDb.transaction((tx) => logReadModelChanges(tx, changes));

  beforeAll(async () => {
    database = await createTestDatabase({ prefix: 'goose_fanout' });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-fanout-'));
    a = await startPostgresApiApp({ databaseUrl: database.url, dataDir: path.join(dataDir, 'a') });
    b = await startPostgresApiApp({
      databaseUrl: database.url,
      dataDir: path.join(dataDir, 'b'),
      // A slow request in flight while the process stops: it must still be answered.
      routes: (app) =>
        app.get('/test/slow', { schema: { hide: true } }, async () => {
          slowStarted();
          return new Promise((resolve) => setTimeout(() => resolve({ done: true }), 400));
        }),
    });
    projectorDb = postgresDb(database.url, 2);
    userCookie = await a.sessionCookie(user);
    otherCookie = await a.sessionCookie(other);
  });

  afterAll(async () => {
    for (const browser of opened) browser.socket.terminate();
    await a?.close();
    await b?.close();
    await projectorDb?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("tells a change logged on one process's side to its user's browsers on both processes, and to nobody else", async () => {
    const [onA, onB, otherOnB] = [await open(a, userCookie), await open(b, userCookie), await open(b, otherCookie)];
    const [logged] = await log(change(user, 'first'));
    await expect.poll(() => onB.subjects()).toEqual(['first']);
    await expect.poll(() => onA.subjects()).toEqual(['first']);
    expect(onB.events[0]).toMatchObject({ readModel: 'vault', eventType: 'TrackMastered', seq: logged!.seq });

    // A change announced by process A (outside the projections) is heard on B from the log too.
    a.feed.announce(change(user, 'announced', { readModel: 'developer', eventType: 'ApiKeyUsed' }));
    await expect.poll(() => onB.subjects()).toEqual(['first', 'announced']);

    // The other user hears their own change, and by then had heard none of the user's.
    await log(change(other, 'others'));
    await expect.poll(() => otherOnB.subjects()).toEqual(['others']);
    for (const browser of [onA, onB, otherOnB]) browser.socket.terminate();
  });

  it('replays exactly what a browser missed after its last seq, then goes live, none twice', async () => {
    const first = await open(b, userCookie);
    const [seen] = await log(change(user, 'seen'));
    await expect.poll(() => first.subjects()).toEqual(['seen']);
    first.socket.terminate();

    await log(change(user, 'missed-1'), change(other, 'not-mine'));
    await log(change(user, 'missed-2'), change(user, 'missed-3'));
    const resumed = await open(b, userCookie, seen!.seq);
    expect(resumed.hello).toMatchObject({ resumed: true });
    await expect.poll(() => resumed.subjects()).toEqual(['missed-1', 'missed-2', 'missed-3']);
    await log(change(user, 'live'));
    await expect.poll(() => resumed.subjects()).toEqual(['missed-1', 'missed-2', 'missed-3', 'live']);
    const seqs = resumed.events.map((e) => e.seq!);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(seqs[0]).toBeGreaterThan(seen!.seq);

    // A browser that had heard nothing resumes from the head its hello gave.
    const quiet = await open(a, otherCookie);
    const head = quiet.hello!.seq;
    quiet.socket.terminate();
    await log(change(other, 'while-away'));
    const back = await open(b, otherCookie, head);
    await expect.poll(() => back.subjects()).toEqual(['while-away']);
  });

  it('tells a browser whose seq is no longer kept (or not from this log) to refetch everything', async () => {
    const [old] = await log(change(user, 'old'));
    await log(change(user, 'newer'));
    // Pruned as if the retention had passed: the row after `old` is gone.
    await pruneLoggedChanges(projectorDb, new Date(Date.now() + READ_MODEL_CHANGES_RETENTION_MS + 1000));
    const stale = await open(b, userCookie, old!.seq - 1);
    expect(stale.hello).toMatchObject({ resumed: false });
    const foreign = await open(b, userCookie, 10_000_000);
    expect(foreign.hello).toMatchObject({ resumed: false });
    // Resuming right at the head still works with nothing kept.
    const atHead = await open(a, userCookie, stale.hello!.seq);
    expect(atHead.hello).toMatchObject({ resumed: true });
    // Not a seq: refused before the upgrade.
    const refused = await new Promise<number>((resolve) =>
      new WebSocket(`${b.origin.replace('http:', 'ws:')}/api/ws?after=soon`, { headers: { cookie: userCookie } }).on('unexpected-response', (_request, response) => resolve(response.statusCode!)),
    );
    expect(refused).toBe(400);
  });

  it('every change logged on one side reaches the browsers on both processes (latency measured, reported by bench:scale)', async ({ annotate }) => {
    const figures = await measureFanout({
      socketUrls: [a, b].map((app) => `${app.origin.replace('http:', 'ws:')}/api/ws`),
      cookie: userCookie,
      produce: async (subjectId) => void (await log(change(user, subjectId))),
      events: 200,
    });
    logger.info({ fanoutMsP95: figures.p95Ms, ...figures }, 'event-to-browser latency across two API processes');
    await annotate(`fanoutMsP95 ${figures.p95Ms} ms (p50 ${figures.p50Ms}, max ${figures.maxMs}) over ${figures.events} changes × ${figures.sockets} browsers`);
    expect(figures.events).toBe(200);
    expect(figures.sockets).toBe(2);
  });

  // Last: it stops process B.
  it('on stop, answers in-flight requests, closes sockets with 1012, and the browser resumes on the other process', async () => {
    const browser = await open(b, userCookie);
    const [last] = await log(change(user, 'before-stop'));
    await expect.poll(() => browser.subjects()).toEqual(['before-stop']);

    const slow = fetch(`${b.origin}/test/slow`);
    await slowInFlight;
    const stopping = b.app.close();
    await expect.poll(() => browser.closeCode).toBe(1012);
    await log(change(user, 'during-stop'));
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    await stopping;

    const resumed = await open(a, userCookie, last!.seq);
    expect(resumed.hello).toMatchObject({ resumed: true });
    await expect.poll(() => resumed.subjects()).toEqual(['during-stop']);
  });
});
