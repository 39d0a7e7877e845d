// The app with object storage switched on, against a real S3 server (SeaweedFS on loopback): an
// upload (in one request, and resumable with tus's S3 store) is handed over through the bucket to a
// "worker" on another data folder, which stores it as the track workflow does; the app then serves
// it from the bucket, whole and by range, and an account export downloads through a presigned link.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_PATH } from '../domain/contracts/vault';
import { accountExportListSchema } from './routes/account-exports/schemas';
import { TrackFileStored, TrackUploadReceived } from '../domain/track/track.events';
import { S3Storage } from '../infra/storage/s3-storage';
import { sineWav } from '../tests/support/audio';
import { multipartBody } from '../tests/support/multipart';
import { seaweedBinary, startSeaweedS3, type SeaweedS3 } from '../tests/support/seaweedfs';
import { appendTrackEvents } from '../tests/support/seed-track';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import type { TrackLifecycleInput } from '../workflows/track-lifecycle/shared';

const binary = seaweedBinary();
const suite = binary ? describe : describe.skip;
const title = binary ? 'the app with S3 storage (SeaweedFS)' : 'the app with S3 storage (skipped: the weed binary is not installed; .ci/run builds it)';

suite(title, () => {
  let server: SeaweedS3;
  let dir: string;
  let testApp: TestApp;
  let worker: S3Storage;
  let cookie: string;
  const started: TrackLifecycleInput[] = [];
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const notExpected = async (): Promise<never> => {
    throw new Error('only uploads start workflows here');
  };

  beforeAll(async () => {
    server = await startSeaweedS3(binary!);
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-app-s3-'));
    const api = new S3Storage(path.join(dir, 'api'), server.config);
    worker = new S3Storage(path.join(dir, 'worker'), server.config);
    await worker.init();
    testApp = await startTestApp(
      path.join(dir, 'api'),
      {
        start: async (input) => (started.push(input), { workflowId: `track-lifecycle-${input.trackId}` }),
        master: notExpected,
        startMaster: notExpected,
        check: notExpected,
        register: notExpected,
        retryRegistration: notExpected,
      },
      { contentStorage: api },
    );
    const signup = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `s3_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
    cookie = `goose_session=${signup.cookies.find((c) => c.name === 'goose_session')!.value}`;
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** What the track workflow's storeUpload does on its worker, recorded as it records it. */
  async function storeOnWorker(input: TrackLifecycleInput) {
    const storedName = `${input.trackId}.${input.detectedExtension}`;
    const { sha256: hash, size } = await worker.storeStaged(input.stagingName, storedName);
    await appendTrackEvents(testApp, input.trackId, input.ownerId, [
      TrackUploadReceived.create({ trackId: input.trackId, ownerId: input.ownerId, title: input.title, description: input.description, contentType: 'music', royaltySplit: input.royaltySplit, originalName: input.originalName, detectedExtension: input.detectedExtension, detectedMimeType: input.detectedMimeType, size: input.size, genre: input.genre }),
      TrackFileStored.create({ trackId: input.trackId, storedName, sha256: hash, size }),
    ]);
    return { storedName, sha256: hash, size };
  }

  it('stores an upload through the bucket and serves it back, whole and by range', async () => {
    const wav = sineWav({ seconds: 2 });
    const { payload, headers } = multipartBody(
      { title: 'Harbour Lights', description: '', contentType: 'music', royaltySplit: '80', metadata: '{"genre":"Ambient"}' },
      { filename: 'harbour.wav', contentType: 'audio/wav', content: wav },
    );
    const answer = await testApp.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, cookie } });
    expect(answer.statusCode).toBe(202);
    const input = started.find((one) => one.trackId === answer.json<{ id: string }>().id)!;
    // Handed over: the API machine keeps no staged copy.
    await expect(readFile(path.join(dir, 'api', 'staging', input.stagingName))).rejects.toThrow();

    const stored = await storeOnWorker(input);
    expect(stored).toMatchObject({ sha256: sha256(wav), size: wav.length });

    const whole = await testApp.app.inject({ method: 'GET', url: `/uploads/${stored.storedName}`, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(sha256(whole.rawPayload)).toBe(sha256(wav));
    const range = await testApp.app.inject({ method: 'GET', url: `/uploads/${stored.storedName}`, headers: { cookie, range: 'bytes=44-1043' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(wav.subarray(44, 1044))).toBe(true);
  });

  it('takes a resumable upload into the bucket (tus S3 store) and hands it to the worker', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const endpoint = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}${RESUMABLE_UPLOAD_PATH}`;
    const wav = sineWav({ seconds: 40 });
    const upload = await new Promise<Upload>((resolve, reject) => {
      const sending: Upload = new Upload(wav, {
        endpoint,
        chunkSize: 2 * 1024 * 1024,
        headers: { cookie },
        metadata: { filename: 'tide.wav', title: 'Tide', description: '', contentType: 'music', royaltySplit: '100', metadata: '{}' },
        onSuccess: () => resolve(sending),
        onError: reject,
      });
      sending.start();
    });
    const trackId = upload.url!.split('/').pop()!;
    expect(started.filter((one) => one.trackId === trackId)).toHaveLength(1);
    const stored = await storeOnWorker(started.find((one) => one.trackId === trackId)!);
    expect(stored).toMatchObject({ sha256: sha256(wav), size: wav.length });
    // Asked again, the finished upload is not accepted twice: the mark is in the bucket.
    const head = await testApp.app.inject({ method: 'HEAD', url: `${RESUMABLE_UPLOAD_PATH}/${trackId}`, headers: { cookie, 'tus-resumable': '1.0.0' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(wav.length));
    expect(started.filter((one) => one.trackId === trackId)).toHaveLength(1);
  }, 60_000);

  it('downloads an account export through a link the bucket answers', async () => {
    expect((await testApp.app.inject({ method: 'POST', url: '/api/account/exports', headers: { cookie }, payload: {} })).statusCode).toBe(202);
    await testApp.accountExports.settled();
    let ready = null;
    for (let tries = 0; !ready && tries < 100; tries++) {
      const [latest] = accountExportListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/account/exports', headers: { cookie } })).json()).exports;
      if (latest?.status === 'ready') ready = latest;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ready).not.toBeNull();
    const redirect = await testApp.app.inject({ method: 'GET', url: ready!.downloadUrl!, headers: { cookie } });
    expect(redirect.statusCode).toBe(302);
    const location = String(redirect.headers.location);
    expect(location.startsWith(server.config.endpoint)).toBe(true);
    const archive = await fetch(location);
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-disposition')).toMatch(/^attachment; filename="goose-data-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const bytes = Buffer.from(await archive.arrayBuffer());
    expect(bytes.length).toBe(ready!.sizeBytes);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });
});
