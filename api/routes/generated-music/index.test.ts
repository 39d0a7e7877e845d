// The generation routes through app.inject, the song made for real in process (a 10-s song): a
// visitor is told to sign in, a bad request is a 400 naming the field, a user without the 10
// tokens gets 402 with nothing stored (also when the body claims tokens or payment), and a paid
// request answers 202, renders, charges 10 tokens, starts the track's lifecycle with the
// generation's id, lists the song with its files and provenance, serves its downloads and likes,
// and makes a variation, an extension and a replaced section as new charged songs titled for what
// they are;
// another user's song is 404.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../../domain/contracts/auth';
import { generatedSongListSchema, generatedSongSchema, generationStartedSchema } from '../../../domain/contracts/creation';
import { generationStreamId } from '../../../domain/creation/generation.events';
import { availableMicros } from '../../../domain/tokens/token-account.decider';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TrackLifecycleInput } from '../../../workflows/track-lifecycle/shared';

let testApp: TestApp;
let dataDir: string;
const lifecycles: TrackLifecycleInput[] = [];

async function notExpected(): Promise<never> {
  throw new Error('not part of a generation');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-generation-'));
  testApp = await startTestApp(dataDir, {
    async start(input) {
      lifecycles.push(input);
      return { workflowId: `track-lifecycle-${input.trackId}` };
    },
    master: notExpected,
    startMaster: notExpected,
    check: notExpected,
    register: notExpected,
    retryRegistration: notExpected,
  });
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(): Promise<{ cookie: string; userId: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `maker_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const session = response.cookies.find((c) => c.name === 'goose_session')!;
  const cookie = `goose_session=${session.value}`;
  const me = userSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json());
  return { cookie, userId: me.id };
}

const freeTokens = async (userId: string) => availableMicros(await testApp.tokenLedger.account(userId)) / 1_000_000;

async function drain(userId: string): Promise<void> {
  await testApp.tokenLedger.execute(userId, { type: 'Debit', data: { amountMicros: 1_000_000_000, cause: 'withdrawal', reference: `drain-${userId}`, description: 'Drained for the test', upToAvailable: true } }, { correlationId: 'test', actor: 'test' });
}

/** Waits for the generations started so far and for the read model to show the last event of `id`. */
async function settled(id: string): Promise<void> {
  await testApp.songGenerations.settled();
  await testApp.projector.waitFor((await testApp.eventStore.readStream(generationStreamId(id))).at(-1)!.position);
}

const generate = (payload: object, cookie?: string) => testApp.app.inject({ method: 'POST', url: '/api/audio/generate-complete-song', payload, headers: cookie ? { cookie } : {} });
const list = async (cookie: string) => generatedSongListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/generated-music', headers: { cookie } })).json()).songs;

const shortSong = { prompt: 'A bright morning walk by the sea', genre: 'Pop', mood: 'Happy', duration: 10, tempo: 120, key: 'C', selectedStyles: ['Acoustic'] };

describe('generation routes', () => {
  it('tells a visitor to sign in, before anything about the body', async () => {
    expect((await generate({})).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/generated-music' })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/generated-music/x/files/mix.wav' })).statusCode).toBe(401);
  });

  it('answers 400 naming the field of a bad request, and stores nothing', async () => {
    const { cookie } = await signup();
    const response = await generate({ ...shortSong, tempo: 500 }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/tempo/);
    expect((await generate({ ...shortSong, prompt: '' }, cookie)).json().error).toMatch(/prompt/);
    expect(await list(cookie)).toEqual([]);
  });

  it('refuses a generation without the 10 tokens with 402, whatever the body claims, and stores nothing', async () => {
    const { cookie, userId } = await signup();
    await drain(userId);
    for (const forged of [shortSong, { ...shortSong, tokens: 1000, paid: true, balance: 500, priceMicros: 0, holdId: 'free' }]) {
      const response = await generate(forged, cookie);
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toMatch(/Insufficient tokens/);
    }
    expect(await list(cookie)).toEqual([]);
    expect(await freeTokens(userId)).toBe(0);
    const streams = await testApp.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM generated_music WHERE owner_id = $1`, [userId]);
    expect(streams.rows[0]!.n).toBe(0);
  });

  it('makes a song: 202, rendered, charged 10 tokens, a track lifecycle started with its generation, listed with its files, downloads and likes', { timeout: 180_000 }, async () => {
    const { cookie, userId } = await signup();
    const before = await freeTokens(userId);
    const response = await generate({ ...shortSong, includeVocals: true }, cookie);
    expect(response.statusCode).toBe(202);
    const started = generationStartedSchema.parse(response.json());
    expect((await list(cookie)).map((song) => song.id)).toEqual([started.id]);

    await settled(started.id);
    const song = generatedSongSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/generated-music/${started.id}`, headers: { cookie } })).json());
    expect(song).toMatchObject({ status: 'completed', progress: 100, trackId: started.trackId, vocals: 'sung', tempo: 120, key: 'C' });
    expect(song.error).toBeNull();
    // Sung by Festival (CI installs it): the voice is its own stem and nothing is left unsaid.
    expect(song.vocalsNote).toBeNull();
    expect(song.downloads.stems[0]!.name).toBe('Vocals');
    expect(song.provenance!.vocals.engine).toMatch(/^Festival \d/);
    expect(song.lyrics).toBeTruthy();
    expect(song.durationSeconds).toBeCloseTo(10, 1);
    expect(song.sections.length).toBeGreaterThan(0);
    expect(song.downloads.stems.length).toBeGreaterThan(1);
    expect(song.downloads.lrc).not.toBeNull();
    expect(song.provenance).toMatchObject({ digitalSourceType: 'algorithmicMedia', generationId: started.id, vocals: { kind: 'sung' } });
    expect(song.provenance!.outputs.length).toBe(4 + song.downloads.stems.length);
    expect(await freeTokens(userId)).toBe(before - 10);

    const lifecycle = lifecycles.find((input) => input.trackId === started.trackId)!;
    expect(lifecycle).toMatchObject({ ownerId: userId, generationId: started.id, contentType: 'music', detectedExtension: 'wav' });
    const staged = await readFile(testApp.storage.stagingPath(lifecycle.stagingName));
    expect(staged.subarray(0, 4).toString('latin1')).toBe('RIFF');

    const wav = await testApp.app.inject({ method: 'GET', url: song.downloads.mixWav, headers: { cookie } });
    expect(wav.statusCode).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    // Cut to the song's length: 24-bit stereo at 44.1 kHz, within ±0.05 s of the 10 s asked.
    const dataAt = wav.rawPayload.indexOf('data', 12, 'latin1');
    const frames = wav.rawPayload.readUInt32LE(dataAt + 4) / 6;
    expect(Math.abs(frames / 44_100 - 10)).toBeLessThanOrEqual(0.05);
    const stem = await testApp.app.inject({ method: 'GET', url: song.downloads.stems[0]!.url, headers: { cookie } });
    expect(stem.statusCode).toBe(200);
    const lrc = await testApp.app.inject({ method: 'GET', url: song.downloads.lrc!, headers: { cookie } });
    expect(lrc.body).toMatch(/\[\d\d:\d\d\.\d\d\]/);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/generated-music/${started.id}/files/stems/99`, headers: { cookie } })).statusCode).toBe(404);

    const liked = await testApp.app.inject({ method: 'PUT', url: `/api/generated-music/${started.id}/like`, payload: { liked: true }, headers: { cookie } });
    expect(liked.statusCode).toBe(200);
    expect(liked.json().liked).toBe(true);

    // Another user finds nothing: the song, its files, its like and new versions of it are 404.
    const stranger = await signup();
    expect((await testApp.app.inject({ method: 'GET', url: `/api/generated-music/${started.id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: song.downloads.mixWav, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'PUT', url: `/api/generated-music/${started.id}/like`, payload: { liked: true }, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'POST', url: `/api/generated-music/${started.id}/variation`, payload: {}, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);

    // A variation is a new song, charged again, recording where it came from.
    const variation = await testApp.app.inject({ method: 'POST', url: `/api/generated-music/${started.id}/variation`, payload: {}, headers: { cookie } });
    expect(variation.statusCode).toBe(202);
    const next = generationStartedSchema.parse(variation.json());
    expect(next.id).not.toBe(started.id);
    await settled(next.id);
    const varied = generatedSongSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/generated-music/${next.id}`, headers: { cookie } })).json());
    expect(varied.status).toBe('completed');
    expect(varied.title).toBe(`${song.title} (variation)`);
    expect(varied.provenance).toMatchObject({ source: { operation: 'variation', generationId: started.id }, seed: (song.provenance!.seed + 1) % 2 ** 48 });
    expect(await freeTokens(userId)).toBe(before - 20);

    // Extended by 10 s and one section replaced: new songs, each charged, each naming its source.
    const extended = generationStartedSchema.parse((await testApp.app.inject({ method: 'POST', url: `/api/generated-music/${started.id}/extend`, payload: { seconds: 10 }, headers: { cookie } })).json());
    const replaced = generationStartedSchema.parse((await testApp.app.inject({ method: 'POST', url: `/api/generated-music/${started.id}/sections/0/replace`, payload: {}, headers: { cookie } })).json());
    await settled(extended.id);
    await settled(replaced.id);
    const longer = generatedSongSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/generated-music/${extended.id}`, headers: { cookie } })).json());
    expect(longer).toMatchObject({ status: 'completed', provenance: { source: { operation: 'extend', generationId: started.id, seconds: 10 } } });
    expect(longer.durationSeconds).toBeCloseTo(20, 1);
    // Told apart from the original by their titles, which their tracks carry into the vault and a release.
    expect(longer.title).toBe(`${song.title} (extended +10 s)`);
    expect(lifecycles.find((input) => input.trackId === extended.trackId)!.title).toBe(longer.title);
    const other = generatedSongSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/generated-music/${replaced.id}`, headers: { cookie } })).json());
    expect(other).toMatchObject({ status: 'completed', provenance: { source: { operation: 'replace-section', generationId: started.id, sectionIndex: 0 } } });
    expect(other.title).toBe(`${song.title} (new ${song.sections[0]!.name.toLowerCase()})`);
    expect(other.provenance!.outputs.find((output) => output.path.endsWith('song.mid'))!.sha256).not.toBe(song.provenance!.outputs.find((output) => output.path.endsWith('song.mid'))!.sha256);
    expect(await freeTokens(userId)).toBe(before - 40);
  });

  it('answers 404 for an unknown song and 400 for a bad extension', async () => {
    const { cookie } = await signup();
    expect((await testApp.app.inject({ method: 'GET', url: '/api/generated-music/nope', headers: { cookie } })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/generated-music/nope/extend', payload: { seconds: 7 }, headers: { cookie } })).statusCode).toBe(400);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/generated-music/nope/extend', payload: { seconds: 10 }, headers: { cookie } })).statusCode).toBe(404);
  });
});
