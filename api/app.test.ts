// The API through app.inject: auth, upload checks, the vault, owner-only files, and the websocket.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_BONUS_TOKENS } from '../domain/constants';
import { trackStreamId } from '../domain/track/track.events';
import { TrackCopyrightCheckStarted, TrackCopyrightChecked, TrackRegistrationFailed } from '../domain/track/stage.events';
import { sineWav } from '../tests/support/audio';
import { multipartBody } from '../tests/support/multipart';
import { grantRole } from '../tests/support/roles';
import { appendTrackEvents, checkAnalysis, seedTrack } from '../tests/support/seed-track';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import type { Db } from '../infra/db/db';
import type { PostgresEventStore } from '../infra/eventstore/postgres-event-store';
import type { FileStorage } from '../infra/storage/file-storage';
import type { Projector } from '../projections/projector';
import type { RetryCommand, TrackLifecycleInput } from '../workflows/track-lifecycle/shared';
import { viewWhen } from './routes/track-commands';

let app: FastifyInstance;
let db: Db;
let eventStore: PostgresEventStore;
let projector: Projector;
let storage: FileStorage;
let dataDir: string;
const started: TrackLifecycleInput[] = [];
const retries: { input: TrackLifecycleInput; command: RetryCommand }[] = [];

/** These tests check what the API refuses before it ever reaches the workflow. */
async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow where it should have refused');
}

let testApp: TestApp;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-api-'));
  // Records the workflow start; the commands' real Temporal path is covered by the workflow and e2e tests.
  testApp = await startTestApp(dataDir, {
    start: async (input) => (started.push(input), { workflowId: `track-lifecycle-${input.trackId}` }),
    master: notExpected,
    startMaster: notExpected,
    check: notExpected,
    register: notExpected,
    retryRegistration: async (input, command) => {
      retries.push({ input, command });
      return { ok: true, value: { txHash: 'B'.repeat(64), outcome: 'awaiting_submission', certificateId: 'GOOSE-CERT-TEST' } };
    },
  });
  ({ app, db, eventStore, projector, storage } = testApp);
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(username = `user_${randomUUID().slice(0, 8)}`, password = 'correct horse battery') {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password } });
  const cookie = response.cookies.find((c) => c.name === 'goose_session');
  return { response, username, password, cookie: cookie ? `goose_session=${cookie.value}` : '' };
}

function upload(cookie: string, fields: Record<string, string>, file?: Parameters<typeof multipartBody>[1]) {
  const { payload, headers } = multipartBody(fields, file);
  return app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, cookie } });
}

describe('auth', () => {
  it('reports signed out as 401 on /api/auth/me', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not signed in' });
  });

  it('signs up with a hashed password, an httpOnly SameSite session cookie and the welcome bonus', async () => {
    const { response, username, cookie } = await signup();
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ username, tokenBalance: WELCOME_BONUS_TOKENS });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ username, tokenBalance: WELCOME_BONUS_TOKENS });

    const userEvents = await eventStore.readStream(`user-${me.json().id}`);
    expect(userEvents.map((e) => e.type)).toEqual(['UserRegistered']);
    const accountEvents = await eventStore.readStream(`token-account-${me.json().id}`);
    expect(accountEvents.map((e) => [e.type, (e.data as { cause?: string }).cause])).toEqual([
      ['TokenAccountOpened', undefined],
      ['TokensCreditedToAccount', 'welcome_bonus'],
    ]);
    expect((userEvents[0]!.data as { passwordHash: string }).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a taken username, case-insensitively', async () => {
    const { username } = await signup();
    const again = await signup(username.toUpperCase());
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json()).toEqual({ error: 'Username is already taken' });
  });

  it('rejects bad credentials with a clear error', async () => {
    const short = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: 'ab', password: 'x' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/username/i);
  });

  it('logs in, and logs out so the session no longer works', async () => {
    const { username, password } = await signup();
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'wrong password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid username or password' });

    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    expect(login.statusCode).toBe(200);
    const cookie = `goose_session=${login.cookies.find((c) => c.name === 'goose_session')!.value}`;
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);

    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('upload', () => {
  const fields = { title: 'Sine Song', description: 'a test tone', contentType: 'music', royaltySplit: '80', metadata: '{"genre":"Electronic"}' };

  it('accepts a WAV, stages it and starts the track workflow with the content-detected type', async () => {
    const { cookie } = await signup();
    const wav = sineWav({ seconds: 0.5 });
    const response = await upload(cookie, fields, { filename: 'sine.wav', content: wav, contentType: 'audio/wav' });
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body).toMatchObject({ status: 'processing', workflowId: `track-lifecycle-${body.id}` });
    const input = started.find((s) => s.trackId === body.id)!;
    expect(input).toMatchObject({ title: 'Sine Song', contentType: 'music', royaltySplit: 80, genre: 'Electronic', detectedExtension: 'wav', size: wav.length });
    expect(await readdir(storage.stagingDir)).toContain(input.stagingName);
  });

  it.each([
    ['no file', {}, undefined, 400, 'No file selected'],
    ['no title', { title: '' }, { filename: 'a.wav', content: sineWav({ seconds: 0.1 }) }, 400, 'Title is required'],
    ['unknown content type', { contentType: 'podcast' }, { filename: 'a.wav', content: sineWav({ seconds: 0.1 }) }, 400, 'contentType must be one of'],
    ['split out of range', { royaltySplit: '101' }, { filename: 'a.wav', content: sineWav({ seconds: 0.1 }) }, 400, 'royaltySplit must be at most 100'],
    ['binary junk', {}, { filename: 'a.mp3', content: Buffer.from([0, 1, 2, 3, 0, 255, 254, 0]) }, 415, 'Unsupported file type'],
    ['a PNG named .wav', {}, { filename: 'a.wav', content: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex') }, 415, 'PNG image but its name ends in ".wav"'],
    ['text uploaded as music', {}, { filename: 'notes.txt', content: Buffer.from('la la la\n') }, 400, 'cannot be uploaded as music'],
  ] as const)('refuses %s with a clear error and keeps nothing', async (_name, override, file, status, message) => {
    const { cookie } = await signup();
    const before = started.length;
    const response = await upload(cookie, { ...fields, ...override }, file as Parameters<typeof multipartBody>[1]);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toContain(message);
    expect(started.length).toBe(before);
    expect((await readdir(storage.stagingDir)).filter((n) => !started.some((s) => s.stagingName === n))).toEqual([]);
  });

  it('requires a signed-in user', async () => {
    const response = await upload('', fields, { filename: 'a.wav', content: sineWav({ seconds: 0.1 }) });
    expect(response.statusCode).toBe(401);
  });
});

describe('vault, files and live events', () => {
  async function recordTrack(ownerId: string) {
    const content = sineWav({ seconds: 0.2 });
    const { trackId, storedName } = await seedTrack({ eventStore, projector }, ownerId, { until: 'stored', title: 'Stored', size: content.length, sha256: 'a'.repeat(64) });
    await writeFile(storage.storedPath(storedName), content);
    return { trackId, content };
  }

  it('lists only the owner\'s items and serves their files to the owner alone', async () => {
    const owner = await signup();
    const other = await signup();
    const ownerId = (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: owner.cookie } })).json().id;
    const { trackId, content } = await recordTrack(ownerId);

    const vault = (await app.inject({ method: 'GET', url: '/api/vault', headers: { cookie: owner.cookie } })).json();
    expect(vault).toHaveLength(1);
    expect(vault[0]).toMatchObject({ id: trackId, status: 'processing', filePath: `/uploads/${trackId}.wav`, metadata: { sha256: 'a'.repeat(64) } });
    expect(vault[0].workflow.steps.slice(0, 3)).toEqual([
      { name: 'receive', status: 'completed' },
      { name: 'store', status: 'completed' },
      { name: 'probe', status: 'running' },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/vault', headers: { cookie: other.cookie } })).json()).toEqual([]);

    const file = await app.inject({ method: 'GET', url: `/uploads/${trackId}.wav`, headers: { cookie: owner.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/uploads/${trackId}.wav`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/uploads/${trackId}.wav` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd', headers: { cookie: owner.cookie } })).statusCode).toBe(400);
  });

  it('pushes the user\'s own content events over the websocket after the read model commits', async () => {
    const owner = await signup();
    const other = await signup();
    const ownerId = (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: owner.cookie } })).json().id;
    await app.ready();
    const ownerSocket = await app.injectWS('/api/ws', { headers: { cookie: owner.cookie } });
    const otherSocket = await app.injectWS('/api/ws', { headers: { cookie: other.cookie } });
    const ownerMessages: { type: string; eventType?: string; subjectId?: string }[] = [];
    const otherMessages: unknown[] = [];
    ownerSocket.on('message', (data) => ownerMessages.push(JSON.parse(String(data))));
    otherSocket.on('message', (data) => otherMessages.push(JSON.parse(String(data))));

    const { trackId } = await recordTrack(ownerId);
    await expect.poll(() => ownerMessages.filter((m) => m.type === 'event').map((m) => m.eventType)).toEqual(['TrackUploadReceived', 'TrackFileStored']);
    expect(ownerMessages.find((m) => m.type === 'event')!.subjectId).toBe(trackId);
    expect(otherMessages.filter((m) => (m as { type: string }).type === 'event')).toEqual([]);
    ownerSocket.terminate();
    otherSocket.terminate();
  });
});

/** A track whose upload was received (nothing stored or probed yet), owned by the signed-in user. */
async function receivedTrack(cookie: string, title: string): Promise<{ ownerId: string; trackId: string }> {
  const ownerId = (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json().id as string;
  const { trackId } = await seedTrack({ eventStore, projector }, ownerId, { until: 'received', title });
  return { ownerId, trackId };
}

describe('track lifecycle commands', () => {
  it('refuses, with a reason and before any workflow runs, what a track cannot do yet or what is not the caller\'s', async () => {
    const owner = await signup();
    const { trackId } = await receivedTrack(owner.cookie, 'Fresh');
    const post = (url: string, payload?: object, cookie = owner.cookie) => app.inject({ method: 'POST', url, payload, headers: { cookie } });

    expect((await post(`/api/copyright-register/${trackId}`)).json()).toEqual({ error: 'The upload is still being stored and checked' });
    expect((await post('/api/landr/master', { contentId: trackId, style: 'loud' })).json()).toEqual({ error: 'style: style must be one of warm, balanced, open' });
    expect((await post('/api/landr/master', {})).json()).toEqual({ error: 'contentId is required: choose exactly one track to master' });
    const stranger = await signup();
    expect((await post(`/api/copyright-check/${trackId}`, undefined, stranger.cookie)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/copyright-certificate/${trackId}`, headers: { cookie: owner.cookie } })).json()).toEqual({
      error: 'This content has no certificate yet: register it first',
    });
    expect((await app.inject({ method: 'GET', url: '/api/verify/GOOSE-CERT-NOPE' })).statusCode).toBe(404);
    const ops = await app.inject({ method: 'POST', url: `/api/ops/tracks/${trackId}/retry-registration`, payload: {}, headers: { cookie: owner.cookie } });
    expect(ops.statusCode).toBe(403);
    expect(ops.json()).toEqual({ error: 'This needs the operator role' });
    const token = await app.inject({ method: 'POST', url: `/api/ops/tracks/${trackId}/retry-registration`, payload: {}, headers: { 'x-operator-token': 'anything' } });
    expect(token.statusCode).toBe(503);
    expect(token.json().error).toMatch(/OPS_TOKEN/);
    expect(started.some((input) => input.trackId === trackId)).toBe(false);
  });

  it('records a review request for a check that held the track, and refuses one for a check that did not', async () => {
    const owner = await signup();
    const ownerId = (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: owner.cookie } })).json().id;
    const { trackId, sha256 } = await seedTrack({ eventStore, projector }, ownerId, { title: 'Borrowed Tune' });
    const analysis = checkAnalysis();
    const passage = { workId: 'w1', title: 'Harbour Lights', owner: 'alice', registeredAt: '2026-03-12T09:00:00.000Z', kind: 'melody' as const, similarity: 71, upload: { startSeconds: 42, endSeconds: 70 }, work: { startSeconds: 65, endSeconds: 93 } };
    const append = (events: { type: string; data: unknown }[]) => appendTrackEvents({ eventStore, projector }, trackId, ownerId, events);
    const request = (payload?: object, cookie = owner.cookie) => app.inject({ method: 'POST', url: `/api/copyright-check/${trackId}/review-request`, payload, headers: { cookie } });

    const cleared = await request({ note: 'please' });
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json()).toEqual({ error: 'Only a check that held the track for review or found a conflict can be reviewed; the latest one cleared the track' });

    const reason = 'Part of it looks like “Harbour Lights” by alice, registered 12 Mar 2026';
    await append([
      TrackCopyrightCheckStarted.create({ trackId, checkId: 'c2', storedName: `${trackId}.wav`, sha256 }),
      TrackCopyrightChecked.create({ trackId, checkId: 'c2', sha256, elapsedSeconds: 1, analysis: { ...analysis, clearanceScore: 71, status: 'needs_review', reason, passages: [passage] } }),
    ]);
    const [held] = (await app.inject({ method: 'GET', url: '/api/vault', headers: { cookie: owner.cookie } })).json();
    expect(held).toMatchObject({ status: 'processing', trackStatus: 'completed', copyrightResult: null, workflow: { stageLabel: 'Held for copyright review', failureReason: null } });
    expect(held.copyrightCheck).toMatchObject({ status: 'completed', verdict: 'needs_review', passages: [passage], reviewRequest: null });
    expect((await post(`/api/copyright-register/${trackId}`)).json()).toEqual({ error: `The copyright check held the track for review: ${reason}` });

    expect((await request({ note: 'x'.repeat(1001) })).json()).toEqual({ error: 'note: note must be at most 1000 characters' });
    expect((await request({ note: 'mine' }, (await signup()).cookie)).statusCode).toBe(404);

    const accepted = await request({ note: '  I wrote that melody in 2019; the demo is dated.  ' });
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json();
    expect(body).toMatchObject({ success: true, check: { checkId: 'c2', verdict: 'needs_review', reviewRequest: { note: 'I wrote that melody in 2019; the demo is dated.' } } });
    expect(Date.parse(body.check.reviewRequest.requestedAt)).not.toBeNaN();
    const recorded = (await eventStore.readStream(trackStreamId(trackId))).at(-1)!;
    expect(recorded).toMatchObject({ type: 'TrackCopyrightReviewRequested', data: { trackId, checkId: 'c2', note: 'I wrote that melody in 2019; the demo is dated.' }, metadata: { actor: `user:${ownerId}` } });

    const again = await request({});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^A review of this check was already requested on \d{4}-\d{2}-\d{2}$/);
    expect(started.some((input) => input.trackId === trackId)).toBe(false);

    function post(url: string) {
      return app.inject({ method: 'POST', url, headers: { cookie: owner.cookie } });
    }
  });

  it('answers 504 rather than the item as it stood when the read model does not show the outcome in time', async () => {
    const owner = await signup();
    const { ownerId, trackId } = await receivedTrack(owner.cookie, 'Waiting');
    await expect(viewWhen({ db, projector }, ownerId, trackId, (item) => item.title === 'Waiting', 50)).resolves.toMatchObject({ id: trackId });
    await expect(viewWhen({ db, projector }, ownerId, trackId, (item) => item.copyrightCheck?.status === 'completed', 50)).rejects.toMatchObject({
      statusCode: 504,
      message: expect.stringMatching(/did not show its result/),
    });
  });

  it('publishes the certificate signing key', async () => {
    const key = (await app.inject({ method: 'GET', url: '/api/certificate-key' })).json();
    expect(key).toMatchObject({ algorithm: 'Ed25519', keyId: expect.stringMatching(/^goose-[0-9a-f]{16}$/) });
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(32);
  });
});

describe('operator retry of a failed ledger step', () => {
  it('needs the operator role, refuses a track whose registration did not fail, and hands a failed one to the workflow named by the operator', async () => {
    const owner = await signup();
    const ownerId = (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: owner.cookie } })).json().id;
    const operator = await signup();
    const operatorId = (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: operator.cookie } })).json().id;
    const { trackId } = await seedTrack({ eventStore, projector }, ownerId, { title: 'Failed on the ledger' });
    const retry = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/api/ops/tracks/${trackId}/retry-registration`, payload: { note: 'ledger back' }, headers });

    expect((await retry({})).statusCode).toBe(401);
    expect((await retry({ cookie: operator.cookie })).json()).toEqual({ error: 'This needs the operator role' });
    await grantRole({ eventStore }, operatorId, 'operator');
    const notFailed = await retry({ cookie: operator.cookie });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toEqual({ error: 'Only a failed registration can be retried' });

    await appendTrackEvents({ eventStore, projector }, trackId, ownerId, [TrackRegistrationFailed.create({ trackId, txHash: null, resultCode: null, reason: 'The ledger could not be reached' })]);
    const accepted = await retry({ cookie: operator.cookie });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, certificateId: 'GOOSE-CERT-TEST' });
    expect(retries.at(-1)!.command).toMatchObject({ actor: `operator:${operator.username}`, operator: operator.username, note: 'ledger back' });
    expect(retries.at(-1)!.input).toMatchObject({ trackId, ownerId, title: 'Failed on the ledger' });
  });

  it('takes the bootstrap OPS_TOKEN from scripts, naming the operator from X-Operator-Name', async () => {
    const owner = await signup();
    const ownerId = (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: owner.cookie } })).json().id;
    const { trackId } = await seedTrack({ eventStore, projector }, ownerId, { title: 'Failed again' });
    await appendTrackEvents({ eventStore, projector }, trackId, ownerId, [TrackRegistrationFailed.create({ trackId, txHash: null, resultCode: 'tecNO_DST', reason: 'No destination' })]);
    const retry = (token: string) =>
      app.inject({ method: 'POST', url: `/api/ops/tracks/${trackId}/retry-registration`, payload: {}, headers: { 'x-operator-token': token, 'x-operator-name': 'grace' } });
    process.env.OPS_TOKEN = 'operator-secret';
    try {
      expect((await retry('wrong-secret-xx')).statusCode).toBe(401);
      expect((await retry('operator-secret')).statusCode).toBe(200);
      expect(retries.at(-1)!.command).toMatchObject({ actor: 'operator:grace', operator: 'grace' });
    } finally {
      delete process.env.OPS_TOKEN;
    }
  });
});

