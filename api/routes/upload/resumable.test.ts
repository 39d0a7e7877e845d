// The resumable upload with a real tus client (tus-js-client, as the web uses it) against the app
// listening on a port: a ~20 MB 24-bit/96 kHz master sent in 1 MB chunks survives its connections
// being cut mid-way, arrives byte for byte and starts its track workflow once; another user can
// neither continue nor see it; what is over the cap or not what its name says is refused in words.
// With a Postgres server (TEST_DATABASE_URL) the uploads are locked there, as with several API
// processes, and a second app over the same database and files continues and finishes them.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Upload, type UploadOptions } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { RESUMABLE_UPLOAD_PATH } from '../../../domain/contracts/vault';
import { AdvisoryUploadLocker } from '../../../infra/locks/advisory-upload-locker';
import type { FileStorage } from '../../../infra/storage/file-storage';
import { sineWav } from '../../../tests/support/audio';
import { writeMasterWav } from '../../../tests/support/master-wav';
import { postgresAvailable, TEST_DATABASE_URL } from '../../../tests/support/postgres';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TrackLifecycleInput } from '../../../workflows/track-lifecycle/shared';
import { resumableUploadStore } from './resumable';

const MASTER_BYTES = 20 * 1024 * 1024;
const CHUNK = 1024 * 1024;

let testApp: TestApp;
let app: FastifyInstance;
let storage: FileStorage;
let dataDir: string;
let endpoint: string;
let master: string;
let masterSha: string;
let masterSize: number;
let owner: string;
let stranger: string;
const started: TrackLifecycleInput[] = [];
/** What the workflow's start waits for, as the test in progress wants it. */
let startGate: () => Promise<void> = async () => undefined;
const postgresUp = await postgresAvailable();
const lockers: AdvisoryUploadLocker[] = [];
/** A Postgres upload locker of one more API process, when a server is there. */
function uploadLocker(): AdvisoryUploadLocker | undefined {
  if (!postgresUp) return undefined;
  const locker = new AdvisoryUploadLocker({ connectionString: TEST_DATABASE_URL });
  lockers.push(locker);
  return locker;
}

async function notExpected(): Promise<never> {
  throw new Error('the upload test reached a workflow command other than start');
}

async function signUp(): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `u_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  return `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const lifecycle = {
  start: async (input: TrackLifecycleInput) => {
    started.push(input);
    await startGate();
    return { workflowId: `track-lifecycle-${input.trackId}` };
  },
  master: notExpected,
  startMaster: notExpected,
  check: notExpected,
  register: notExpected,
  retryRegistration: notExpected,
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-resumable-'));
  master = path.join(dataDir, 'Harbour Lights (master).wav');
  masterSize = await writeMasterWav(master, MASTER_BYTES);
  masterSha = await sha256(master);
  testApp = await startTestApp(path.join(dataDir, 'data'), lifecycle, { uploadLocker: uploadLocker() });
  ({ app, storage } = testApp);
  await app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${RESUMABLE_UPLOAD_PATH}`;
  owner = await signUp();
  stranger = await signUp();
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await Promise.all(lockers.map((locker) => locker.close()));
  await rm(dataDir, { recursive: true, force: true });
});

const FORM = { filename: 'Harbour Lights (master).wav', title: 'Harbour Lights', description: 'The album master', contentType: 'music', royaltySplit: '80', metadata: '{"genre":"Ambient"}' };

/** Runs a tus upload to its end; resolves with the upload (its url names the track) or rejects with the server's refusal. */
function send(cookie: string, options: Partial<UploadOptions> & { file?: string } = {}): { upload: Upload; done: Promise<Upload> } {
  let upload!: Upload;
  const done = new Promise<Upload>((resolve, reject) => {
    upload = new Upload(createReadStream(options.file ?? master), {
      endpoint,
      chunkSize: CHUNK,
      retryDelays: [0, 50, 200, 500],
      headers: { cookie },
      metadata: FORM,
      ...options,
      onSuccess: () => resolve(upload),
      onError: reject,
    });
    upload.start();
  });
  return { upload, done };
}

/** What the server says when it refuses a tus request: its status and JSON error. */
function refusal(error: unknown): { status: number; error: string } {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
  if (!response) throw error;
  return { status: response.getStatus(), error: (JSON.parse(response.getBody() || '{}') as { error?: string }).error ?? response.getBody() };
}

function tusRequest(method: string, url: string, headers: Record<string, string>, body?: Buffer) {
  return app.inject({ method: method as 'HEAD', url, headers: { 'tus-resumable': '1.0.0', ...headers }, payload: body });
}

describe('a resumable upload of a large master', () => {
  it('survives dropped connections, arrives byte for byte and starts its track workflow once', async () => {
    let cut = 0;
    let retries = 0;
    const run = send(owner, {
      onProgress: (sent) => {
        // Cut every open connection twice on the way, as a phone leaving Wi-Fi would.
        if ((cut === 0 && sent > MASTER_BYTES * 0.3) || (cut === 1 && sent > MASTER_BYTES * 0.7)) {
          cut += 1;
          app.server.closeAllConnections();
        }
      },
      onShouldRetry: () => (retries += 1) > 0,
    });
    const upload = await run.done;
    expect(cut).toBe(2);
    expect(retries).toBeGreaterThanOrEqual(2);

    const trackId = upload.url!.split('/').pop()!;
    const mine = started.filter((input) => input.trackId === trackId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: 'Harbour Lights', description: 'The album master', contentType: 'music', royaltySplit: 80, genre: 'Ambient', originalName: FORM.filename, detectedExtension: 'wav', size: masterSize });
    expect(await sha256(storage.stagingPath(mine[0]!.stagingName))).toBe(masterSha);

    // A client that lost the last answer asks again, or starts over from the stored url: the upload is done, the workflow not started twice.
    const head = await tusRequest('HEAD', `${RESUMABLE_UPLOAD_PATH}/${trackId}`, { cookie: owner });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(masterSize));
    await send(owner, { uploadUrl: upload.url }).done;
    expect(started.filter((input) => input.trackId === trackId)).toHaveLength(1);
  }, 120_000);

  it('lets no one else continue or see it, and a visitor not at all', async () => {
    let stopped: Promise<void> | undefined;
    const part = send(owner, {
      onProgress: (sent) => {
        if (!stopped && sent > MASTER_BYTES / 2) stopped = part.upload.abort();
      },
    });
    await vi.waitFor(() => expect(stopped).toBeDefined(), { timeout: 60_000, interval: 20 });
    await stopped;
    const url = part.upload.url!;
    const id = url.split('/').pop()!;

    // The stranger's client is told the upload does not exist, so it starts one of the stranger's own.
    const offsetBefore = (await tusRequest('HEAD', `${RESUMABLE_UPLOAD_PATH}/${id}`, { cookie: owner })).headers['upload-offset'];
    const theirs = await send(stranger, { uploadUrl: url, storeFingerprintForResuming: false }).done;
    expect(theirs.url).not.toBe(url);
    expect(started.find((input) => input.trackId === theirs.url!.split('/').pop())?.ownerId).not.toBe(started.at(0)?.ownerId);
    expect((await tusRequest('HEAD', `${RESUMABLE_UPLOAD_PATH}/${id}`, { cookie: owner })).headers['upload-offset']).toBe(offsetBefore);
    const strangerPatch = await tusRequest('PATCH', `${RESUMABLE_UPLOAD_PATH}/${id}`, { cookie: stranger, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, Buffer.from('x'));
    expect([strangerPatch.statusCode, strangerPatch.json()]).toEqual([404, { error: 'No such upload' }]);
    expect((await tusRequest('HEAD', `${RESUMABLE_UPLOAD_PATH}/${id}`, { cookie: stranger })).statusCode).toBe(404);
    expect((await tusRequest('HEAD', `${RESUMABLE_UPLOAD_PATH}/${id}`, {})).statusCode).toBe(401);
    expect((await tusRequest('POST', RESUMABLE_UPLOAD_PATH, { 'upload-length': '10' })).statusCode).toBe(401);
    expect(started.some((input) => input.trackId === id)).toBe(false);

    // The owner picks it up where it stopped.
    const offset = Number((await tusRequest('HEAD', `${RESUMABLE_UPLOAD_PATH}/${id}`, { cookie: owner })).headers['upload-offset']);
    expect(offset).toBeGreaterThan(MASTER_BYTES / 2 - CHUNK);
    await send(owner, { uploadUrl: url }).done;
    expect(started.filter((input) => input.trackId === id)).toHaveLength(1);
  }, 120_000);
});

describe('refusals', () => {
  it('refuses a file over the cap before any byte is sent, saying the cap', async () => {
    const response = await tusRequest('POST', RESUMABLE_UPLOAD_PATH, { cookie: owner, 'upload-length': String(MAX_UPLOAD_BYTES + 1), 'upload-metadata': `filename ${Buffer.from('big.wav').toString('base64')}` });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: `File too large: the limit is ${MAX_UPLOAD_BYTES / 1024 / 1024} MB a file` });
  });

  it('refuses a bad form when the upload is created', async () => {
    const error = await send(owner, { metadata: { ...FORM, title: ' ' }, retryDelays: null }).done.catch(refusal);
    expect(error).toEqual({ status: 400, error: 'Title is required' });
    const named = await send(owner, { metadata: { ...FORM, filename: 'notes.exe' }, retryDelays: null }).done.catch(refusal);
    expect(named).toMatchObject({ status: 415, error: expect.stringContaining('Unsupported file type: "notes.exe"') });
  });

  it('refuses a finished file that is not what its name says, and keeps nothing of it', async () => {
    const fake = path.join(dataDir, 'fake.wav');
    await writeFile(fake, 'la la la, all night long\n'.repeat(100));
    const before = started.length;
    const error = await send(owner, { file: fake, retryDelays: null }).done.catch(refusal);
    expect(error).toEqual({ status: 415, error: 'The file\'s content is plain text but its name ends in ".wav" (expected .txt)' });
    expect(started.length).toBe(before);
  });

  it('deletes an upload abandoned for longer than its expiry', async () => {
    const created = await tusRequest('POST', RESUMABLE_UPLOAD_PATH, { cookie: owner, 'upload-length': '1000', 'upload-metadata': Object.entries(FORM).map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`).join(',') });
    expect(created.statusCode).toBe(201);
    const id = String(created.headers.location).split('/').pop()!;
    const store = resumableUploadStore(storage);
    const record = path.join(store.directory, `${id}.json`);
    const info = JSON.parse(await readFile(record, 'utf8')) as { creation_date: string };
    await writeFile(record, JSON.stringify({ ...info, creation_date: new Date(Date.now() - 25 * 3600_000).toISOString() }));
    expect((await tusRequest('HEAD', `${RESUMABLE_UPLOAD_PATH}/${id}`, { cookie: owner })).statusCode).toBe(410);
    expect(await store.deleteExpired()).toBeGreaterThanOrEqual(1);
    await expect(stat(path.join(store.directory, id))).rejects.toThrow();
  });
});

describe.skipIf(!postgresUp)(`over two API processes${postgresUp ? '' : ` (skipped: no Postgres server at ${new URL(TEST_DATABASE_URL).host})`}`, () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp(path.join(dataDir, 'data'), lifecycle, { uploadLocker: uploadLocker(), sharing: testApp });
  });
  afterAll(async () => second?.close());

  const tus = (target: FastifyInstance, method: 'POST' | 'PATCH' | 'HEAD', url: string, headers: Record<string, string>, body?: Buffer) =>
    target.inject({ method, url, headers: { 'tus-resumable': '1.0.0', cookie: owner, ...headers }, payload: body });
  const metadata = Object.entries({ filename: 'Tide.wav', title: 'Tide', description: 'A test tone', contentType: 'music', royaltySplit: '80', metadata: '{}' })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

  async function create(target: FastifyInstance, size: number): Promise<string> {
    const created = await tus(target, 'POST', RESUMABLE_UPLOAD_PATH, { 'upload-length': String(size), 'upload-metadata': metadata });
    expect(created.statusCode).toBe(201);
    return String(created.headers.location);
  }

  const patch = (target: FastifyInstance, url: string, offset: number, bytes: Buffer) =>
    tus(target, 'PATCH', url, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, bytes);

  it('an upload begun on one process is continued and finished on the other, and starts its workflow once', async () => {
    const wav = sineWav({ seconds: 1 });
    const url = await create(app, wav.length);
    const half = Math.floor(wav.length / 2);
    expect((await patch(app, url, 0, wav.subarray(0, half))).statusCode).toBe(204);
    expect((await tus(second.app, 'HEAD', url, {})).headers['upload-offset']).toBe(String(half));
    expect((await patch(second.app, url, half, wav.subarray(half))).statusCode).toBe(204);
    const id = url.split('/').pop()!;
    expect(started.filter((input) => input.trackId === id)).toHaveLength(1);
  });

  it('a finished upload that both processes find (the last PATCH on one, a HEAD on the other) is accepted once', async () => {
    const wav = sineWav({ seconds: 1 });
    const url = await create(app, wav.length);
    const id = url.split('/').pop()!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let accepting!: () => void;
    const acceptanceBegun = new Promise<void>((resolve) => (accepting = resolve));
    startGate = async () => {
      accepting();
      await held;
    };
    try {
      const last = patch(app, url, 0, wav);
      await acceptanceBegun;
      // Every byte is there and the first process is starting the workflow: the other finds it finished.
      const head = tus(second.app, 'HEAD', url, {});
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      expect((await last).statusCode).toBe(204);
      const answered = await head;
      expect(answered.statusCode).toBe(200);
      expect(answered.headers['upload-offset']).toBe(String(wav.length));
    } finally {
      startGate = async () => undefined;
      release();
    }
    expect(started.filter((input) => input.trackId === id)).toHaveLength(1);
  });
});
