// POST /api/audio/generate-lyrics through app.inject: a visitor is told to sign in (before anything
// about the body), a bad body is a 400 naming the field, and a signed-in user gets lyrics with their
// sections, the same for the same request, others for another seed, without paying a token.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../../domain/contracts/auth';
import { lyricsResponseSchema } from '../../../domain/contracts/creation';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;

async function notExpected(): Promise<never> {
  throw new Error('writing lyrics starts no workflow');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-audio-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(): Promise<string> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `writer_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const session = response.cookies.find((c) => c.name === 'goose_session')!;
  return `goose_session=${session.value}`;
}

const generate = (payload: object, cookie?: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/audio/generate-lyrics', payload, headers: cookie ? { cookie } : {} });

const body = { prompt: 'A song about rainy Tokyo nights and lost love', genre: 'Pop', mood: 'Melancholic', duration: 90, vocalStyle: 'pop' };

describe('POST /api/audio/generate-lyrics', () => {
  it('tells a visitor to sign in, whatever the body', async () => {
    for (const payload of [body, { prompt: '' }]) {
      const response = await generate(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Not signed in' });
    }
  });

  it('refuses a bad body with a 400 naming what is wrong', async () => {
    const cookie = await signup();
    const cases: [object, string][] = [
      [{ ...body, prompt: '   ' }, 'prompt must describe the song (it is empty)'],
      [{ ...body, prompt: 'x'.repeat(1001) }, 'prompt must be at most 1000 characters'],
      [{ ...body, duration: 5 }, 'duration must be at least 10 seconds'],
      [{ ...body, duration: 305 }, 'duration must be at most 300 seconds'],
      [{ ...body, duration: 'long' }, 'duration must be a number of seconds'],
      [{ ...body, duration: 62 }, 'duration must be a multiple of 5 seconds'],
      [{ ...body, seed: -1 }, 'seed must be 0 or more'],
    ];
    for (const [payload, error] of cases) {
      const response = await generate(payload, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(error);
    }
  });

  it('writes lyrics with their sections for a signed-in user, the same for the same request, for free', async () => {
    const cookie = await signup();
    const balance = async () => userSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json()).tokenBalance;
    const before = await balance();
    const response = await generate(body, cookie);
    expect(response.statusCode).toBe(200);
    const answer = lyricsResponseSchema.parse(response.json());
    expect(answer.sections.map((section) => section.label)).toEqual(['Verse 1', 'Chorus', 'Verse 2', 'Bridge', 'Chorus']);
    expect(answer.lyrics).toMatch(/^\[Verse 1\]\n/);
    expect(answer.lyrics.toLowerCase()).toContain('rainy tokyo nights');
    expect(answer.keywords).toEqual(['rainy Tokyo nights', 'lost love']);
    expect(answer.sections[0]!.lines[0]!.syllables.length).toBeGreaterThan(3);
    expect((await generate(body, cookie)).json()).toEqual(answer);
    const other = lyricsResponseSchema.parse((await generate({ ...body, seed: answer.seed + 1 }, cookie)).json());
    expect(other.lyrics).not.toBe(answer.lyrics);
    expect(other.seed).toBe(answer.seed + 1);
    expect(await balance()).toBe(before);
  });

  it("fills the spec's defaults for what the body leaves out", async () => {
    const cookie = await signup();
    const response = await generate({ prompt: 'summer road trip' }, cookie);
    expect(response.statusCode).toBe(200);
    expect(lyricsResponseSchema.parse(response.json()).sections.map((section) => section.label)).toEqual(['Verse 1', 'Chorus']);
  });
});
