// Resumable uploads across two API processes (two apps over one database and one file store, each
// with its own Postgres upload locker on the real server): an upload begun on one process is
// finished on the other, and a finished upload that both processes find accepts once.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_PATH } from '../../../domain/contracts/vault';
import { AdvisoryUploadLocker } from '../../../infra/locks/advisory-upload-locker';
import { sineWav } from '../../../tests/support/audio';
import { postgresAvailable, TEST_DATABASE_URL } from '../../../tests/support/postgres';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TrackLifecycleInput } from '../../../workflows/track-lifecycle/shared';

const postgresUp = await postgresAvailable();

describe.skipIf(!postgresUp)(`resumable uploads over two API processes${postgresUp ? '' : ` (skipped: no Postgres server at ${new URL(TEST_DATABASE_URL).host})`}`, () => {
  let dataDir: string;
  let first: TestApp;
  let second: TestApp;
  const lockers: AdvisoryUploadLocker[] = [];
  const started: TrackLifecycleInput[] = [];
  /** What the workflow's start waits for, as the test in progress wants it. */
  let startGate: () => Promise<void> = async () => undefined;
  let owner: string;

  const notExpected = async (): Promise<never> => {
    throw new Error('only start is expected');
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-resumable-processes-'));
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
    const locker = () => {
      const made = new AdvisoryUploadLocker({ connectionString: TEST_DATABASE_URL });
      lockers.push(made);
      return made;
    };
    first = await startTestApp(dataDir, lifecycle, { uploadLocker: locker() });
    second = await startTestApp(dataDir, lifecycle, { uploadLocker: locker(), sharing: first });
    const signup = await first.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `u_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
    owner = `goose_session=${signup.cookies.find((c) => c.name === 'goose_session')!.value}`;
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await Promise.all(lockers.map((locker) => locker.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  const tus = (app: FastifyInstance, method: 'POST' | 'PATCH' | 'HEAD', url: string, headers: Record<string, string>, body?: Buffer) =>
    app.inject({ method, url, headers: { 'tus-resumable': '1.0.0', cookie: owner, ...headers }, payload: body });
  const metadata = Object.entries({ filename: 'Tide.wav', title: 'Tide', description: 'A test tone', contentType: 'music', royaltySplit: '80', metadata: '{}' })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

  async function create(app: FastifyInstance, size: number): Promise<string> {
    const created = await tus(app, 'POST', RESUMABLE_UPLOAD_PATH, { 'upload-length': String(size), 'upload-metadata': metadata });
    expect(created.statusCode).toBe(201);
    return String(created.headers.location);
  }

  const patch = (app: FastifyInstance, url: string, offset: number, bytes: Buffer) =>
    tus(app, 'PATCH', url, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, bytes);

  it('an upload begun on one process is continued and finished on the other, and starts its workflow once', async () => {
    const wav = sineWav({ seconds: 1 });
    const url = await create(first.app, wav.length);
    const half = Math.floor(wav.length / 2);
    expect((await patch(first.app, url, 0, wav.subarray(0, half))).statusCode).toBe(204);
    expect((await tus(second.app, 'HEAD', url, {})).headers['upload-offset']).toBe(String(half));
    expect((await patch(second.app, url, half, wav.subarray(half))).statusCode).toBe(204);
    const id = url.split('/').pop()!;
    expect(started.filter((input) => input.trackId === id)).toHaveLength(1);
  });

  it('a finished upload that both processes find (the last PATCH on one, a HEAD on the other) is accepted once', async () => {
    const wav = sineWav({ seconds: 1 });
    const url = await create(first.app, wav.length);
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
      const last = patch(first.app, url, 0, wav);
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
