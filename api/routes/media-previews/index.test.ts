// Media served by signed, expiring links (docs/ip-protection.md), through app.inject: a visitor
// plays a registered work's 30-s preview through the link the API hands out, never without it, and
// never with a forged or expired one; the original is its owner's alone: another user's session,
// a link asked for by another user, and an owner's link moved to another file are all refused.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaLinkResponseSchema, workPreviewResponseSchema } from '../../../domain/contracts/media';
import { readAudioInfo } from '../../../infra/audio/ffmpeg';
import { sineWav } from '../../../tests/support/audio';
import { registeredWork } from '../../../tests/support/licensing';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
let owner: { userId: string; cookie: string };
let stranger: { userId: string; cookie: string };
let workId: string;
const storedName = () => `${workId}.wav`;

async function notExpected(): Promise<never> {
  throw new Error('the media routes do not use the track lifecycle');
}

async function signup(): Promise<{ userId: string; cookie: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  return { userId: response.json().user.id, cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}` };
}

const get = (url: string, cookie?: string) => testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-media-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
  owner = await signup();
  stranger = await signup();
  workId = await registeredWork(testApp, owner.userId, 'Forty-five seconds');
  await writeFile(testApp.storage.storedPath(storedName()), sineWav({ seconds: 45 }));
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('public previews', () => {
  it('hands a visitor a signed link to the first 30 s of a registered work as an MP3', async () => {
    const answer = await get(`/api/works/${workId}/preview`);
    expect(answer.statusCode).toBe(200);
    const preview = workPreviewResponseSchema.parse(answer.json());
    expect(preview.seconds).toBe(30);
    expect(new Date(preview.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    const played = await get(preview.url);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mpeg');
    const file = path.join(dataDir, 'played.mp3');
    await writeFile(file, played.rawPayload);
    const info = await readAudioInfo(file);
    expect(info.codec).toBe('mp3');
    expect(info.durationSeconds).toBeLessThan(30.2);
    const ranged = await testApp.app.inject({ method: 'GET', url: preview.url, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
  });

  it('refuses a preview without a link, with a forged one and with an expired one (403 with an error)', async () => {
    const unsigned = await get(`/media/previews/${workId}.mp3`);
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().error).toMatch(/signed link/);
    const { url } = workPreviewResponseSchema.parse((await get(`/api/works/${workId}/preview`)).json());
    const forged = url.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 86_400_000}`);
    expect((await get(forged)).json()).toEqual({ error: 'This media link is not valid' });
    const otherWork = url.replace(workId, randomUUID());
    expect((await get(otherWork)).statusCode).toBe(403);
    const expired = testApp.app.services.mediaLinks.sign(`/media/previews/${workId}.mp3`, 'visitor', new Date(Date.now() - 2 * 3_600_000));
    const late = await get(expired.url);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ error: 'This media link has expired: reload the page for a new one' });
  });

  it('answers 404 for a work that is not registered', async () => {
    expect((await get(`/api/works/${randomUUID()}/preview`)).statusCode).toBe(404);
  });
});

describe('originals', () => {
  it('are served to their owner through a signed link, which works without a session until it expires', async () => {
    const answer = await get(`/api/uploads/${storedName()}/link`, owner.cookie);
    expect(answer.statusCode).toBe(200);
    const link = mediaLinkResponseSchema.parse(answer.json());
    expect(link.url.startsWith(`/uploads/${storedName()}?`)).toBe(true);
    const fetched = await get(link.url);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('audio/wav');
    const expired = testApp.app.services.mediaLinks.sign(`/uploads/${storedName()}`, owner.userId, new Date(Date.now() - 2 * 3_600_000));
    expect((await get(expired.url, owner.cookie)).statusCode).toBe(403);
  });

  it('are not another user\'s: their session gets 404, a link they ask for 404, and a link moved to another file 403', async () => {
    expect((await get(`/uploads/${storedName()}`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/uploads/${storedName()}/link`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/uploads/${storedName()}/link`)).statusCode).toBe(401);
    const theirs = await registeredWork(testApp, stranger.userId, 'Theirs');
    await writeFile(testApp.storage.storedPath(`${theirs}.wav`), sineWav({ seconds: 1 }));
    const own = mediaLinkResponseSchema.parse((await get(`/api/uploads/${theirs}.wav/link`, stranger.cookie)).json());
    expect((await get(own.url.replace(`${theirs}.wav`, storedName()))).json()).toEqual({ error: 'This media link is not valid' });
    // A link issued to the stranger, signed right, still names them: the owner's file is not theirs.
    const signedForStranger = testApp.app.services.mediaLinks.sign(`/uploads/${storedName()}`, stranger.userId);
    expect((await get(signedForStranger.url)).statusCode).toBe(404);
  });
});
