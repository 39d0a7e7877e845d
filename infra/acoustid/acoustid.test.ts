// AcoustID as the copyright check's outside catalogue, against the loopback stand-in speaking its
// documented web service: fpcalc fingerprints of generated pieces are looked up, a match becomes an
// external match that holds the upload, failures say AcoustID could not be asked (never "no
// match"), answers are cached, and a burst of lookups from two processes keeps to 3 a second.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noMatchAmong } from '../../domain/contracts/copyright-sources';
import { startAcoustidStandIn, type AcoustidStandIn } from '../../tests/support/acoustid-stand-in';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { analyzeAudio, oracleMigrations } from '../audio/oracle';
import { music, writeWav } from '../audio/test-signals';
import { postgresDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { parseAcoustid } from '../config';
import { AcoustidCatalogue, acoustidMigrations, ACOUSTID_REQUEST_GAP_MS, openAcoustidCatalogue } from './catalogue';
import { RequestSlots } from './request-slots';
import { AcoustidWebService } from './web-service';

const KEY = 'stand-in-application-key';
/** The key of the suite on the real Postgres: its budget is another database's, so it is another application to AcoustID. */
const SERVER_KEY = 'stand-in-server-suite-key';
/** The key of a client that ignores the budget. */
const EAGER_KEY = 'stand-in-eager-key';
const SECONDS = 6;
const postgresUp = await postgresAvailable();
/** The stand-in holds, and the catalogue sends, fingerprints fpcalc makes (CI installs libchromaprint-tools). */
const fpcalcInstalled = await new Promise<boolean>((resolve) => execFile('fpcalc', ['-version'], (error) => resolve(!error)));

const HARBOUR = {
  acoustidId: '9ff43b6a-4f16-427c-93c2-92307ca505e0',
  recordings: [
    {
      id: 'b9ad642e-b012-41c7-b72a-42cf4911f9ff',
      title: 'Harbour Song',
      artists: ['The Lighthouse Keepers'],
      releases: [
        { id: '3c1d4bd3-0f0b-4f4a-a2c0-3b7f4f1e2d11', title: 'Tides' },
        { id: '6a2e0d51-1b8e-4c52-9f35-1cbbd8a2c7a0', title: 'Tides (Deluxe)' },
      ],
    },
  ],
};

let dir: string;
let standIn: AcoustidStandIn;
let db: Db;
const file = (name: string): string => path.join(dir, name);
const catalogue = (apiKey = KEY, fpcalc?: string) => new AcoustidCatalogue({ db, config: { apiKey, baseUrl: standIn.url }, fpcalc, backoffMs: 20 });
const service = (on: Db, apiKey = KEY) => new AcoustidWebService({ baseUrl: standIn.url, apiKey, slots: new RequestSlots(on, { scope: standIn.url, gapMs: ACOUSTID_REQUEST_GAP_MS, maxWaitMs: 60_000 }), backoffMs: 20 });
const sent = () => standIn.lookups.length;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-acoustid-'));
  // registered: known to AcoustID; unknown: a new piece; weak: known, but only at a score of 0.3;
  // uncached: a new piece no test looks up with a good key (answers do not depend on the key).
  for (const [name, seed] of [['registered', 11], ['unknown', 12], ['weak', 13], ['uncached', 14]] as const) await writeWav(file(`${name}.wav`), music({ seconds: SECONDS, seed, level: -9 }), 44_100, 2);
  standIn = await startAcoustidStandIn({ keys: [KEY, SERVER_KEY, EAGER_KEY] });
  if (fpcalcInstalled) await standIn.addFile(file('registered.wav'), HARBOUR);
  if (fpcalcInstalled) await standIn.addFile(file('weak.wav'), { acoustidId: 'c2a1d8e4-5b7f-4e0a-8d3c-1f2e3a4b5c6d', score: 0.3, recordings: [{ id: 'f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9', title: 'Other Song', artists: ['Someone'], releases: [] }] });
  db = await pooledPglite();
  await migrate(db, [...oracleMigrations, ...acoustidMigrations]);
});

afterAll(async () => {
  await db?.close();
  await standIn?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!fpcalcInstalled)(`AcoustID lookups of fpcalc fingerprints${fpcalcInstalled ? '' : ' (skipped: fpcalc is not installed)'}`, () => {
  it('a recording AcoustID knows becomes an external match naming the MusicBrainz recording and its first release', async () => {
    const answer = await catalogue().lookup(file('registered.wav'), SECONDS);
    expect(answer).toEqual({
      state: 'asked',
      matches: [
        {
          source: 'acoustid',
          acoustidId: HARBOUR.acoustidId,
          score: 1,
          recording: { mbid: HARBOUR.recordings[0]!.id, title: 'Harbour Song', artists: ['The Lighthouse Keepers'] },
          release: { mbid: HARBOUR.recordings[0]!.releases[0]!.id, title: 'Tides' },
        },
      ],
    });
    expect(standIn.lookups.at(-1)).toMatchObject({ method: 'POST', outcome: 'ok', results: 1 });
  });

  it('a piece AcoustID does not know, or knows only below the score threshold, was asked and matched nothing', async () => {
    expect(await catalogue().lookup(file('unknown.wav'), SECONDS)).toEqual({ state: 'asked', matches: [] });
    expect(await catalogue().lookup(file('weak.wav'), SECONDS)).toEqual({ state: 'asked', matches: [] });
    expect(standIn.lookups.at(-1)).toMatchObject({ outcome: 'ok', results: 1 });
  });

  it('the same upload checked again, by another process on the same database, is answered from the cache without a request', async () => {
    const before = sent();
    const answer = await catalogue().lookup(file('registered.wav'), SECONDS);
    expect(answer.matches.map((m) => m.recording.title)).toEqual(['Harbour Song']);
    expect(sent()).toBe(before);
  });

  it('a key AcoustID refuses: unavailable, saying so in plain words, asked once (not retried) and not cached', async () => {
    const before = sent();
    const answer = await catalogue('revoked-key').lookup(file('uncached.wav'), SECONDS);
    expect(answer).toEqual({ state: 'unavailable', matches: [], note: "AcoustID did not accept this server's application key" });
    expect(standIn.lookups.slice(before).map((l) => l.outcome)).toEqual([4]);
    expect(await catalogue().lookup(file('uncached.wav'), SECONDS)).toEqual({ state: 'asked', matches: [] });
    expect(standIn.lookups.slice(before).map((l) => l.outcome)).toEqual([4, 'ok']);
  });
});

describe('the AcoustID web service', () => {
  it('"service unavailable" answers are retried with backoff until AcoustID answers', async () => {
    const before = sent();
    standIn.failNext(2);
    expect(await service(db).lookup('AQAAretried', SECONDS)).toEqual([]);
    expect(standIn.lookups.slice(before).map((l) => l.outcome)).toEqual([13, 13, 'ok']);
  });

  it('the documented error answers: a missing parameter is refused without retrying', async () => {
    const before = sent();
    await expect(service(db).lookup('', SECONDS)).rejects.toMatchObject({ failure: 'refused', code: 2, message: 'missing required parameter "fingerprint"' });
    expect(sent()).toBe(before + 1);
  });

  it('a client without the budget is refused as too frequent (code 14, HTTP 429), and retries those answers until each is answered', async () => {
    const before = sent();
    const eager = new AcoustidWebService({ baseUrl: standIn.url, apiKey: EAGER_KEY, slots: new RequestSlots(db, { scope: 'no budget', gapMs: 0, maxWaitMs: 0 }), backoffMs: 400 });
    await Promise.all(Array.from({ length: 5 }, (_, i) => eager.lookup(`AQAAeager${i}`, SECONDS)));
    const outcomes = standIn.lookups.slice(before).map((l) => l.outcome);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 14).length).toBeGreaterThanOrEqual(2);
  });

  it('a burst of lookups from two clients on one database is never refused as too frequent: the stand-in saw at most 3 a second', async () => {
    const before = sent();
    const clients = [service(db), service(db)];
    await Promise.all(Array.from({ length: 5 }, (_, i) => clients[i % 2]!.lookup(`AQAAburst${i}`, SECONDS)));
    expect(standIn.lookups.slice(before).map((l) => l.outcome)).toEqual(Array(5).fill('ok'));
    expect(standIn.busiestSecond(KEY)).toBeLessThanOrEqual(3);
  });
});

describe.skipIf(!fpcalcInstalled)(`the copyright check with AcoustID${fpcalcInstalled ? '' : ' (skipped: fpcalc is not installed)'}`, () => {
  it('an upload AcoustID knows is held for review with the external match, and the result says AcoustID was asked', async () => {
    const result = await analyzeAudio(file('registered.wav'), { db, ownerId: 'uploader', externalCatalogue: catalogue() });
    expect(result.status).toBe('needs_review');
    expect(result.externalMatches.map((m) => [m.recording.title, m.release?.title])).toEqual([['Harbour Song', 'Tides']]);
    expect(result.searched).toMatchObject({ acoustid: 'asked' });
    expect(result.reason).toBe('AcoustID recognises this recording as “Harbour Song” by The Lighthouse Keepers, on “Tides” (MusicBrainz; AcoustID score 100%)');
    expect(result.recommendations).toEqual([
      'Registration is held for review: AcoustID recognises this recording as “Harbour Song” by The Lighthouse Keepers, on “Tides” (MusicBrainz; AcoustID score 100%). The track stays in your vault.',
      'If the recording AcoustID names is yours or licensed to you, ask for a review with your evidence.',
    ]);
  });
});

describe('the copyright check when AcoustID is not asked', () => {
  it('without a key the check says AcoustID was not asked, never that it found nothing there', async () => {
    const externalCatalogue = openAcoustidCatalogue(parseAcoustid({}), db);
    expect(externalCatalogue).toBeUndefined();
    const result = await analyzeAudio(file('unknown.wav'), { db, ownerId: 'uploader', externalCatalogue });
    expect(result.status).toBe('cleared');
    expect(result.searched).toMatchObject({ acoustid: 'not_configured' });
    expect(noMatchAmong(result.searched)).toMatch(/AcoustID was not asked/);
  });

  it('with a key but without fpcalc the check says AcoustID could not be asked, and why; nothing is sent', async () => {
    const before = sent();
    const result = await analyzeAudio(file('unknown.wav'), { db, ownerId: 'uploader', externalCatalogue: catalogue(KEY, path.join(dir, 'no-such-fpcalc')) });
    expect(result.searched).toMatchObject({ acoustid: 'unavailable', acoustidNote: 'the Chromaprint fingerprinter is not installed on this server' });
    expect(noMatchAmong(result.searched)).toMatch(/AcoustID could not be asked \(the Chromaprint fingerprinter is not installed on this server\)/);
    expect(result.externalMatches).toEqual([]);
    expect(sent()).toBe(before);
  });
});

describe.skipIf(!postgresUp)(`the request budget shared by two processes on the real Postgres${postgresUp ? '' : ` (skipped: no server at ${new URL(TEST_DATABASE_URL).host})`}`, () => {
  let database: TestDatabase;
  let first: Db;
  let second: Db;

  beforeAll(async () => {
    database = await createTestDatabase({ prefix: 'goose_acoustid' });
    first = postgresDb(database.url, 4);
    second = postgresDb(database.url, 4);
    await migrate(first, acoustidMigrations);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('5 lookups at once through two pools all get answers, and the stand-in saw at most 3 a second', async () => {
    const before = sent();
    const clients = [service(first, SERVER_KEY), service(second, SERVER_KEY)];
    await Promise.all(Array.from({ length: 5 }, (_, i) => clients[i % 2]!.lookup(`AQAAshared${i}`, SECONDS)));
    expect(standIn.lookups.slice(before).map((l) => l.outcome)).toEqual(Array(5).fill('ok'));
    expect(standIn.busiestSecond(SERVER_KEY)).toBeLessThanOrEqual(3);
  });
});
