// The mastering routes with a recording stand-in for the track's workflow: what they hand it (the
// settings, the defaults where left out), what they refuse before it is reached, and the
// workspace's list of the creator's music.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MASTER_DEFAULTS } from '../../../domain/constants';
import { seedTrack } from '../../../tests/support/seed-track';
import { signUpWithWallet, startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { MasterCommand, TrackLifecycleInput } from '../../../workflows/track-lifecycle/shared';

let testApp: TestApp;
let dataDir: string;
const handed: { input: TrackLifecycleInput; command: MasterCommand }[] = [];

async function notExpected(): Promise<never> {
  throw new Error('these mastering routes start masters and answer at once');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-mastering-'));
  testApp = await startTestApp(dataDir, {
    start: notExpected,
    master: notExpected,
    startMaster: async (input, command) => {
      handed.push({ input, command });
    },
    check: notExpected,
    register: notExpected,
    retryRegistration: notExpected,
  });
});

beforeEach(() => {
  handed.length = 0;
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('starting a master', () => {
  it('hands the track\'s workflow the chosen style and loudness, the default format, and answers 202 with the master\'s id', async () => {
    const owner = await signUpWithWallet(testApp);
    const { trackId } = await seedTrack(testApp, owner.userId, { title: 'Low Tide' });
    const answer = await testApp.app.inject({ method: 'POST', url: `/api/mastering/start/${trackId}`, headers: { cookie: owner.cookie }, payload: { style: 'warm', loudness: 'low' } });
    expect(answer.statusCode).toBe(202);
    const { masterId } = answer.json();
    expect(answer.json()).toEqual({ success: true, masterId });
    expect(handed).toHaveLength(1);
    expect(handed[0]!.input).toMatchObject({ trackId, ownerId: owner.userId, title: 'Low Tide', actor: `user:${owner.userId}` });
    expect(handed[0]!.command).toMatchObject({ masteringId: masterId, kind: 'master', settings: { style: 'warm', loudness: 'low', format: MASTER_DEFAULTS.format } });
  });

  it('starts with the defaults when the workspace marks a track mastering, and refuses any other status with 409', async () => {
    const owner = await signUpWithWallet(testApp);
    const { trackId } = await seedTrack(testApp, owner.userId);
    const marked = await testApp.app.inject({ method: 'PATCH', url: `/api/generated-music/${trackId}/status`, headers: { cookie: owner.cookie }, payload: { status: 'mastering' } });
    expect(marked.statusCode).toBe(202);
    expect(marked.json()).toMatchObject({ success: true, id: trackId, status: 'mastering' });
    expect(handed[0]!.command.settings).toEqual({ style: MASTER_DEFAULTS.style, loudness: MASTER_DEFAULTS.loudness, format: MASTER_DEFAULTS.format });

    const other = await testApp.app.inject({ method: 'PATCH', url: `/api/generated-music/${trackId}/status`, headers: { cookie: owner.cookie }, payload: { status: 'completed' } });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatch(/only 'mastering' can be asked for/);
    expect(handed).toHaveLength(1);
  });

  it('refuses before the workflow is reached: signed out 401, another user\'s track 404, no track chosen 400', async () => {
    const owner = await signUpWithWallet(testApp);
    const { trackId } = await seedTrack(testApp, owner.userId);
    expect((await testApp.app.inject({ method: 'POST', url: `/api/mastering/start/${trackId}`, payload: {} })).statusCode).toBe(401);
    const stranger = await signUpWithWallet(testApp);
    expect((await testApp.app.inject({ method: 'POST', url: `/api/mastering/start/${trackId}`, headers: { cookie: stranger.cookie }, payload: {} })).statusCode).toBe(404);
    const none = await testApp.app.inject({ method: 'POST', url: '/api/landr/master', headers: { cookie: owner.cookie }, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'contentId is required: choose exactly one track to master' });
    expect(handed).toHaveLength(0);
  });
});

