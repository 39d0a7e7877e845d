// A track's history as the time-travel view reads it: every event, and the state folded
// through the first N of them (?upTo=N; all by default, capped at the count); its owner and auditors
// read it, anyone else gets the answer a missing track gets.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackHistorySchema } from '../../../domain/contracts/lifecycle';
import { registeredWork } from '../../../tests/support/licensing';
import { grantRole } from '../../../tests/support/roles';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;

async function notExpected(): Promise<never> {
  throw new Error('reading a history does not use the track lifecycle');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-track-history-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(): Promise<{ userId: string; cookie: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const session = response.cookies.find((c) => c.name === 'goose_session')!;
  return { userId: response.json().user.id, cookie: `goose_session=${session.value}` };
}

const history = (trackId: string, cookie: string, query = '') => testApp.app.inject({ method: 'GET', url: `/api/tracks/${trackId}/history${query}`, headers: { cookie } });

describe('GET /api/tracks/:id/history', () => {
  it('folds every event by default, and only the first N with ?upTo=N (capped at the count)', async () => {
    const owner = await signup();
    const trackId = await registeredWork(testApp, owner.userId);
    const all = trackHistorySchema.parse((await history(trackId, owner.cookie)).json());
    expect(all.events.length).toBeGreaterThan(3);
    expect(all.foldedThrough).toBe(all.events.length);

    const first = trackHistorySchema.parse((await history(trackId, owner.cookie, '?upTo=1')).json());
    expect(first.foldedThrough).toBe(1);
    expect(first.events).toEqual(all.events);
    expect(first.state).not.toEqual(all.state);
    expect(first.state).toMatchObject({ status: 'received', upload: { trackId } });

    const none = trackHistorySchema.parse((await history(trackId, owner.cookie, '?upTo=0')).json());
    expect(none.foldedThrough).toBe(0);
    expect(none.state).toEqual({ status: 'none' });
    const past = trackHistorySchema.parse((await history(trackId, owner.cookie, '?upTo=999')).json());
    expect(past).toEqual(all);
  });

  it('refuses a negative or non-numeric upTo with a 400', async () => {
    const owner = await signup();
    const trackId = await registeredWork(testApp, owner.userId);
    for (const query of ['?upTo=-1', '?upTo=two']) {
      const response = await history(trackId, owner.cookie, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
  });

  it('lets an auditor read any track, and answers anyone else as for a missing track', async () => {
    const owner = await signup();
    const trackId = await registeredWork(testApp, owner.userId);
    const stranger = await signup();
    expect((await history(trackId, stranger.cookie)).statusCode).toBe(404);
    const auditor = await signup();
    await grantRole(testApp, auditor.userId, 'auditor');
    const response = await history(trackId, auditor.cookie, '?upTo=2');
    expect(response.statusCode).toBe(200);
    expect(trackHistorySchema.parse(response.json()).foldedThrough).toBe(2);
  });
});
