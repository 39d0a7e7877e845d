// The external v1 API through app.inject, behind the real API key guard: the copyright oracle on a
// registered recording of the key's owner and on an uploaded file (the real oracle, no stand-in),
// every refusal of the analysis route, creating a royalty contract with the same answers as the
// signed-in route, and the charge: captured on a paid key when the call succeeds, released when it
// fails, nothing on the free tier, each as the token balance and the usage log show it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v1AnalyzeResponseSchema, v1CreateContractResponseSchema } from '../../../domain/contracts/developer';
import { API_KEY_HEADER, PAID_CALL_CENTS } from '../../../domain/developer/api-tiers';
import { runFfmpeg } from '../../../infra/audio/ffmpeg';
import { registerWork } from '../../../infra/audio/oracle';
import { encodeWav, music, writeWav } from '../../../infra/audio/test-signals';
import { migrate } from '../../../infra/db/migrate';
import { contentOracleMigrations } from '../../../infra/similarity/content-oracle';
import { parseWalletConfig } from '../../../infra/wallets/config';
import { openWalletServices } from '../../../infra/wallets/services';
import { loadCorpus } from '../../../tests/corpus/corpus';
import { seedApiKey } from '../../../tests/support/api-keys';
import { multipartBody } from '../../../tests/support/multipart';
import { recordingExecutor, standInReceivers, standInSplit } from '../../../tests/support/royalty-stand-ins';
import { seedTrack } from '../../../tests/support/seed-track';
import { signUpWithWallet, startTestApp, type TestApp } from '../../../tests/support/test-app';

const ANALYZE = '/api/v1/oracle/analyze';
const CREATE = '/api/v1/smart-contracts/create';
const PAID_MICROS = PAID_CALL_CENTS * 10_000;

const corpus = await loadCorpus();
const recordingSource = corpus ? 'a real recording from the corpus' : 'a synthesized piece (no corpus on this machine: npm run corpus)';

let testApp: TestApp;
let dataDir: string;
/** A registrable recording: a 12-s excerpt of a corpus piece when there is one. */
let recording: Buffer;

async function notExpected(): Promise<never> {
  throw new Error('the v1 routes do not use the track lifecycle');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-v1-'));
  testApp = await startTestApp(
    dataDir,
    { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected },
    {
      royaltyPorts: { receiversOf: standInReceivers(), payoutExecutor: recordingExecutor(), splitPayout: standInSplit },
      wallets: await openWalletServices(dataDir, parseWalletConfig({ XRP_USD_RATE: '0.5' })),
    },
  );
  // The copyright registry's tables, which `npm start` applies with the lifecycle's migrations.
  await migrate(testApp.db, contentOracleMigrations);
  const excerpt = path.join(dataDir, 'excerpt.wav');
  if (corpus) {
    const piece = [...corpus].sort((a, b) => a.durationSeconds - b.durationSeconds)[0]!;
    await runFfmpeg(['-v', 'error', '-ss', '5', '-t', '12', '-i', piece.file, '-ac', '2', '-ar', '44100', '-y', excerpt]);
  } else {
    await writeWav(excerpt, music({ seconds: 12, seed: 17 }), 44_100, 2);
  }
  recording = await readFile(excerpt);
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const signup = () => signUpWithWallet(testApp);

/** A registered track of `ownerId` whose stored file is the recording. */
async function registeredRecording(ownerId: string, until: 'cleared' | 'registered' = 'registered'): Promise<string> {
  const { trackId, storedName } = await seedTrack(testApp, ownerId, { until, title: 'Night Drive' });
  await writeFile(testApp.storage.storedPath(storedName), recording);
  return trackId;
}

const callJson = (url: string, key: string | null, payload: object) =>
  testApp.app.inject({ method: 'POST', url, payload, headers: key ? { [API_KEY_HEADER]: key } : {} });

function callWithFile(key: string, file: { filename: string; content: Buffer; contentType?: string }, fields: Record<string, string> = {}) {
  const { payload, headers } = multipartBody(fields, file);
  return testApp.app.inject({ method: 'POST', url: ANALYZE, payload, headers: { ...headers, [API_KEY_HEADER]: key } });
}

async function balance(userId: string) {
  const account = await testApp.tokenLedger.account(userId);
  return { balanceMicros: account.balanceMicros, heldMicros: account.heldMicros };
}

/** The usage log's line for the key's latest call, once the guard has written it. */
async function lastUsage(keyId: string): Promise<{ status_code: number; cost_cents: number; endpoint: string }> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await testApp.db.query<{ status_code: number; cost_cents: number; endpoint: string }>(
      'SELECT status_code, cost_cents, endpoint FROM api_usage_records WHERE key_id = $1 ORDER BY created_at DESC LIMIT 1',
      [keyId],
    );
    if (rows[0]) return rows[0];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no usage record for ${keyId}`);
}

describe('the v1 API behind the key guard', () => {
  it('refuses a call without a key (401) and with a key that is not one (401)', async () => {
    const none = await callJson(ANALYZE, null, { contentId: randomUUID() });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'An X-API-Key header is required' });
    const bad = await callJson(CREATE, `gk_${'0'.repeat(16)}_${'a'.repeat(43)}`, { contentId: randomUUID() });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'This API key is not valid' });
  });
});

describe(`POST ${ANALYZE} on ${recordingSource}`, () => {
  it('analyses a registered content id of the key owner again with the real oracle, echoing the metadata, free of charge on the free tier', async () => {
    const { userId } = await signup();
    const { key, keyId } = await seedApiKey(testApp, userId, 'free');
    const contentId = await registeredRecording(userId);
    const before = await balance(userId);

    const response = await callJson(ANALYZE, key, { contentId, metadata: { isrc: 'USRC17607839' } });
    expect(response.statusCode, response.body).toBe(200);
    const answer = v1AnalyzeResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ success: true, contentId, metadata: { isrc: 'USRC17607839' }, charged: { cents: 0 } });
    expect(answer.analysis.contentKind).toBe('audio');
    expect(answer.analysis.status).toBe('cleared');
    expect(answer.analysis.clearanceScore).toBeGreaterThanOrEqual(80);
    // What it searched, in words: GOOSE works, references (none here) and AcoustID (not configured).
    expect(answer.analysis.searched).toMatchObject({ references: 0, referenceHolders: 0, acoustid: 'not_configured' });
    expect(answer.analysis.searchedDescription).toMatch(/^\d+ GOOSE works? and 0 reference recordings from 0 rights holders; AcoustID was not asked \(not configured on this server\)$/);
    expect(answer.analysis.referenceMatches).toEqual([]);
    // The whole analysis, not a summary: the oracle's own explanation fields are there.
    expect(answer.analysis).toEqual(expect.objectContaining({ audioFingerprint: expect.stringMatching(/^gfp1-/), durationSeconds: expect.closeTo(12, 0), tempoBpm: expect.any(Number), key: expect.any(String) }));
    // Analysed, not registered again.
    expect(answer.analysis.registeredWorkId).toBeNull();
    expect(await balance(userId)).toEqual(before);
    expect(await lastUsage(keyId)).toEqual({ status_code: 200, cost_cents: 0, endpoint: ANALYZE });
  }, 60_000);

  it('analyses an uploaded audio file without storing it, and charges a pro key its price', async () => {
    const { userId } = await signup();
    const { key, keyId } = await seedApiKey(testApp, userId, 'pro');
    const before = await balance(userId);

    const response = await callWithFile(key, { filename: 'take.wav', contentType: 'audio/wav', content: recording }, { metadata: JSON.stringify({ title: 'Take 1' }) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = v1AnalyzeResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ success: true, contentId: null, metadata: { title: 'Take 1' }, charged: { cents: PAID_CALL_CENTS } });
    expect(answer.analysis.contentKind).toBe('audio');
    expect(await readdir(testApp.storage.stagingDir), 'the upload is not kept').toEqual([]);
    expect(await balance(userId)).toEqual({ balanceMicros: before.balanceMicros - PAID_MICROS, heldMicros: 0 });
    expect(await lastUsage(keyId)).toEqual({ status_code: 200, cost_cents: PAID_CALL_CENTS, endpoint: ANALYZE });
  }, 60_000);

  it('analyses against today\'s registry: an upload of another owner\'s registered work is a conflict naming it', async () => {
    const song = path.join(dataDir, 'registered-song.wav');
    await writeWav(song, music({ seconds: 15, seed: 99, level: -9 }), 44_100, 2);
    const ada = await signup();
    await registerWork(testApp.db, { workId: `song-${randomUUID()}`, owner: ada.userId, ownerName: 'ada_art', title: 'Registered Song', file: song });
    const { userId } = await signup();
    const { key } = await seedApiKey(testApp, userId, 'free');

    const response = await callWithFile(key, { filename: 'copy.wav', content: await readFile(song) });
    expect(response.statusCode, response.body).toBe(200);
    const { analysis } = v1AnalyzeResponseSchema.parse(response.json());
    expect(analysis.status).toBe('conflict');
    expect(analysis.conflicts.map((c) => c.title)).toEqual(['Registered Song']);
  }, 60_000);

  it('refuses what it cannot analyse, each with its own answer, and releases a paid key\'s hold', async () => {
    const { userId } = await signup();
    const stranger = await signup();
    const { key, keyId } = await seedApiKey(testApp, userId, 'pro');
    const before = await balance(userId);
    const cases: Array<[string, () => ReturnType<typeof callJson>, number, string | RegExp]> = [
      ['filePath in JSON', () => callJson(ANALYZE, key, { filePath: '/etc/passwd', contentId: 'x' }), 400, 'filePath is not accepted: send contentId, or upload the audio as multipart field "file"'],
      ['filePath in the form', () => callWithFile(key, { filename: 'a.wav', content: recording }, { filePath: '/etc/passwd' }), 400, 'filePath is not accepted: send contentId, or upload the audio as multipart field "file"'],
      ['no contentId', () => callJson(ANALYZE, key, {}), 400, /contentId/],
      ['an unknown content id', () => callJson(ANALYZE, key, { contentId: randomUUID() }), 404, 'Content not found'],
      ['another owner\'s content id', async () => callJson(ANALYZE, key, { contentId: await registeredRecording(stranger.userId) }), 404, 'Content not found'],
      ['content that is not registered', async () => callJson(ANALYZE, key, { contentId: await registeredRecording(userId, 'cleared') }), 409, 'Register this content before analysing it through the API'],
      ['a file that is not audio', () => callWithFile(key, { filename: 'notes.txt', content: Buffer.from('just words, not music') }), 415, /^Unsupported file type/],
      ['audio too short to analyse', () => callWithFile(key, { filename: 'blip.wav', content: encodeWav(music({ seconds: 1, seed: 3 }), 44_100, 2) }), 422, /^The audio is too short to analyse/],
      ['a file over 50 MB', () => callWithFile(key, { filename: 'huge.wav', content: Buffer.concat([recording, Buffer.alloc(50 * 1024 * 1024)]) }), 413, 'The file is larger than 50 MB'],
    ];
    for (const [name, call, status, error] of cases) {
      const response = await call();
      expect(response.statusCode, name).toBe(status);
      if (typeof error === 'string') expect(response.json().error, name).toBe(error);
      else expect(response.json().error, name).toMatch(error);
    }
    expect(await readdir(testApp.storage.stagingDir), 'refused uploads are not kept').toEqual([]);
    // Every refusal cost nothing: holds taken for the calls that reached their work were released.
    expect(await balance(userId)).toEqual(before);
    expect(await lastUsage(keyId)).toMatchObject({ cost_cents: 0 });
  }, 120_000);
});

describe('charging', () => {
  it('refuses a paid call with 402 when the balance cannot pay its price, doing no work and holding nothing', async () => {
    const { userId } = await signup();
    const { key } = await seedApiKey(testApp, userId, 'pro');
    await testApp.tokenLedger.execute(userId, { type: 'Debit', data: { amountMicros: 1_000_000_000, cause: 'withdrawal', reference: `drain-${userId}`, description: 'Drained for the test', upToAvailable: true } }, { correlationId: 'test', actor: 'test' });
    const contentId = await registeredRecording(userId);

    const response = await callJson(ANALYZE, key, { contentId });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toBe('Insufficient tokens: this step costs 0.05, your balance is 0.00');
    expect(await balance(userId)).toEqual({ balanceMicros: 0, heldMicros: 0 });
  });
});

describe(`POST ${CREATE}`, () => {
  it('creates the standard royalty contract for registered content and charges a pro key its price', async () => {
    const { userId } = await signup();
    const { key, keyId } = await seedApiKey(testApp, userId, 'pro');
    const { trackId } = await seedTrack(testApp, userId, { until: 'registered', title: 'Night Drive' });
    const before = await balance(userId);

    const response = await callJson(CREATE, key, { contentId: trackId, royaltySplit: 85 });
    expect(response.statusCode, response.body).toBe(201);
    const answer = v1CreateContractResponseSchema.parse(response.json());
    expect(answer.contract).toMatchObject({ contentId: trackId, royaltySplit: 85, templateType: 'standard_royalty' });
    expect(answer.charged).toEqual({ cents: PAID_CALL_CENTS });
    expect(await balance(userId)).toEqual({ balanceMicros: before.balanceMicros - PAID_MICROS, heldMicros: 0 });
    expect(await lastUsage(keyId)).toEqual({ status_code: 201, cost_cents: PAID_CALL_CENTS, endpoint: CREATE });

    // A second contract for the same content: the signed-in route's 409, and the hold released.
    const again = await callJson(CREATE, key, { contentId: trackId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This content already has a smart contract' });
    expect(await balance(userId)).toEqual({ balanceMicros: before.balanceMicros - PAID_MICROS, heldMicros: 0 });
  }, 30_000);

  it('gives the signed-in route\'s answers: 404, 400 registration required, 400 for a split the template does not give', async () => {
    const { userId } = await signup();
    const stranger = await signup();
    const { key } = await seedApiKey(testApp, userId, 'free');
    const unregistered = await seedTrack(testApp, userId, { until: 'cleared' });
    const strangers = await seedTrack(testApp, stranger.userId, { until: 'registered' });
    const registered = await seedTrack(testApp, userId, { until: 'registered' });

    expect((await callJson(CREATE, key, { contentId: strangers.trackId })).json()).toEqual({ error: 'Content not found' });
    const notRegistered = await callJson(CREATE, key, { contentId: unregistered.trackId });
    expect(notRegistered.statusCode).toBe(400);
    expect(notRegistered.json().error).toMatch(/^Copyright Registration Required/);
    const split = await callJson(CREATE, key, { contentId: registered.trackId, royaltySplit: 90 });
    expect(split.statusCode).toBe(400);
    expect(split.json()).toEqual({ error: 'The Standard royalty (85% to the creator) template gives the creator 85%, not 90%' });
  });

  it('takes creatorWallet only when it is the owner\'s own XRPL account, naming that account otherwise', async () => {
    const { userId } = await signup();
    const { key } = await seedApiKey(testApp, userId, 'free');
    const { trackId } = await seedTrack(testApp, userId, { until: 'registered' });
    const { rows } = await testApp.db.query<{ xrpl_address: string }>('SELECT xrpl_address FROM user_wallets WHERE user_id = $1', [userId]);
    const own = rows[0]!.xrpl_address;

    const other = await callJson(CREATE, key, { contentId: trackId, creatorWallet: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ error: `creatorWallet must be your own XRPL account, ${own}, from which the contract is anchored` });
    const mine = await callJson(CREATE, key, { contentId: trackId, creatorWallet: own });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().charged).toEqual({ cents: 0 });
  });
});
