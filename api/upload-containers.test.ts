// POST /api/upload through app.inject with every common audio container and videos with a
// soundtrack: each is accepted as music under the extension it is stored with, and served back
// as audio or video; what is not music is refused with a 4xx and an `error` saying why.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackFileStored, TrackUploadReceived } from '../domain/track/track.events';
import type { FileStorage } from '../infra/storage/file-storage';
import { encodeContainers, encodeSilentVideo, type EncodedContainer } from '../tests/support/containers';
import { multipartBody } from '../tests/support/multipart';
import { appendTrackEvents } from '../tests/support/seed-track';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import type { TrackLifecycleInput } from '../workflows/track-lifecycle/shared';

let app: FastifyInstance;
let testApp: TestApp;
let storage: FileStorage;
let dataDir: string;
let mediaDir: string;
let encoded: EncodedContainer[];
let cookie: string;
let ownerId: string;
const started: TrackLifecycleInput[] = [];

async function notExpected(): Promise<never> {
  throw new Error('the upload test reached a workflow command other than start');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-upload-containers-'));
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'goose-upload-media-'));
  ({ encoded } = await encodeContainers(mediaDir));
  testApp = await startTestApp(dataDir, {
    start: async (input) => (started.push(input), { workflowId: `track-lifecycle-${input.trackId}` }),
    master: notExpected,
    startMaster: notExpected,
    check: notExpected,
    register: notExpected,
    retryRegistration: notExpected,
  });
  ({ app, storage } = testApp);
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `u_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  cookie = `goose_session=${signup.cookies.find((c) => c.name === 'goose_session')!.value}`;
  ownerId = (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json().id;
}, 180_000);

afterAll(async () => {
  await testApp?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(mediaDir, { recursive: true, force: true });
});

async function upload(fileName: string, content: Buffer, contentType = 'music') {
  const { payload, headers } = multipartBody({ title: fileName, description: '', contentType, royaltySplit: '100', metadata: '{}' }, { filename: fileName, content });
  return app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, cookie } });
}

/** What the workflow's store step does, so the file route serves the upload as the vault will. */
async function storeAsTheWorkflowWould(input: TrackLifecycleInput): Promise<string> {
  const storedName = `${input.trackId}.${input.detectedExtension}`;
  await copyFile(path.join(storage.stagingDir, input.stagingName), storage.storedPath(storedName));
  const { trackId, title, description, contentType, royaltySplit, originalName, detectedExtension, detectedMimeType, size, genre } = input;
  await appendTrackEvents(testApp, trackId, ownerId, [
    TrackUploadReceived.create({ trackId, ownerId, title, description, contentType, royaltySplit, originalName, detectedExtension, detectedMimeType, size, genre }),
    TrackFileStored.create({ trackId, storedName, sha256: 'a'.repeat(64), size }),
  ]);
  return storedName;
}

describe('upload of every common audio container', () => {
  it('accepts each as music, records the extension it is stored with, and serves it back as audio or video', async () => {
    const wrong: string[] = [];
    for (const container of encoded) {
      const content = await readFile(container.file);
      const response = await upload(container.fileName, content);
      if (response.statusCode !== 202) {
        wrong.push(`${container.name}: ${response.statusCode} ${response.body}`);
        continue;
      }
      const input = started.find((s) => s.trackId === response.json().id)!;
      if (input.detectedExtension !== container.extension || input.contentType !== 'music') {
        wrong.push(`${container.name}: recorded ${input.detectedExtension} as ${input.contentType}`);
        continue;
      }
      const storedName = await storeAsTheWorkflowWould(input);
      const served = await app.inject({ method: 'GET', url: `/uploads/${storedName}`, headers: { cookie } });
      // The file route's static sender names the type from the stored extension (audio/x-flac for
      // the sniffer's audio/flac): the kind must agree, the exact name may differ.
      const servedKind = String(served.headers['content-type']).split('/')[0];
      if (served.statusCode !== 200 || !served.rawPayload.equals(content) || servedKind !== input.detectedMimeType.split('/')[0]) {
        wrong.push(`${container.name}: served ${served.statusCode} as ${served.headers['content-type']}, recorded ${input.detectedMimeType}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('accepts a video with a soundtrack as video too', async () => {
    const mov = encoded.find((c) => c.extension === 'mov')!;
    const response = await upload(mov.fileName, await readFile(mov.file), 'video');
    expect(response.statusCode).toBe(202);
    expect(started.find((s) => s.trackId === response.json().id)).toMatchObject({ contentType: 'video', detectedExtension: 'mov', detectedMimeType: 'video/quicktime' });
  });
});

describe('upload of what is not music', () => {
  it.each([
    ['random bytes named .m4a', 'noise.m4a', () => Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 256)), 415, 'Unsupported file type'],
    ['a text file renamed .m4a', 'lyrics.m4a', () => Buffer.from('la la la, all night long\n'), 415, 'The file\'s content is plain text but its name ends in ".m4a" (expected .txt)'],
    ['an MP3 with no extension', 'song', async () => readFile(encoded.find((c) => c.extension === 'mp3')!.file), 415, 'MP3 audio but its name has no extension (expected .mp3)'],
    ['an MP3 named .m4a', 'song.m4a', async () => readFile(encoded.find((c) => c.extension === 'mp3')!.file), 415, 'MP3 audio but its name ends in ".m4a"'],
    ['a truncated M4A', 'cut.m4a', async () => (await readFile(encoded.find((c) => c.name === 'm4a (AAC)')!.file)).subarray(0, 600), 422, 'The file is not readable audio'],
  ] as const)('refuses %s with a clear error and keeps nothing', async (_name, fileName, content, status, message) => {
    const before = started.length;
    const response = await upload(fileName, await content());
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toContain(message);
    expect(started.length).toBe(before);
    expect((await readdir(storage.stagingDir)).filter((n) => !started.some((s) => s.stagingName === n))).toEqual([]);
  });

  it('refuses a video with no audio stream as music (422), and takes it as video', async () => {
    const file = path.join(mediaDir, 'silent.mp4');
    await encodeSilentVideo(file);
    const content = await readFile(file);

    const asMusic = await upload('silent.mp4', content);
    expect(asMusic.statusCode).toBe(422);
    expect(asMusic.json()).toEqual({ error: 'The video has no audio stream, so it cannot be music: there is nothing in it to play, master or check' });

    const asVideo = await upload('silent.mp4', content, 'video');
    expect(asVideo.statusCode).toBe(202);
  });
});
