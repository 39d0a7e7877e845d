// The data export routes through app.inject, with the export workflow's steps run in process: an
// export is recorded and announced, its steps reach the read model, and the archive holds the
// user's own events (secrets left out) and documents with a README; only its owner downloads it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportListSchema, accountExportStartedSchema } from '../../../domain/contracts/account-data';
import { accountExportStreamId } from '../../../domain/account-data/account-export.events';
import { REDACTED } from '../../../infra/account-data/archive';
import type { ReadModelChange } from '../../../projections/projection';
import { registeredWork } from '../../../tests/support/licensing';
import { fileDispute } from '../../../tests/support/seed-dispute';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
let owner: { cookie: string; userId: string; username: string };
let stranger: { cookie: string; userId: string; username: string };

async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow');
}

async function signup() {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'correct horse battery' } });
  return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id as string, username };
}

const list = async (cookie: string) => accountExportListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/account/exports', headers: { cookie } })).json()).exports;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-account-exports-'));
  testApp = await startTestApp(dataDir, { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
  [owner, stranger] = [await signup(), await signup()];
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('data export', () => {
  it('refuses a visitor (401)', async () => {
    expect((await testApp.app.inject({ method: 'POST', url: '/api/account/exports', payload: {} })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/account/exports' })).statusCode).toBe(401);
  });

  it('builds an archive of the user\'s own events and documents, with progress announced to the owner only', async () => {
    const workId = await registeredWork(testApp, owner.userId, 'Night Drive');
    const theirs = await registeredWork(testApp, stranger.userId, 'Not yours');
    const filed = await fileDispute(testApp.eventStore, { workId: theirs, ownerId: stranger.userId, claimantId: owner.userId, claimantName: owner.username });
    await testApp.projector.waitFor(filed.position);
    await testApp.app.inject({ method: 'POST', url: '/api/developer/keys', headers: { cookie: owner.cookie }, payload: { keyName: 'Mine', termsAccepted: true } });

    const changes: ReadModelChange[] = [];
    const stop = testApp.projector.onChange((change) => changes.push(change));
    const started = await testApp.app.inject({ method: 'POST', url: '/api/account/exports', headers: { cookie: owner.cookie }, payload: {} });
    expect(started.statusCode).toBe(202);
    const { export: running } = accountExportStartedSchema.parse(started.json());
    expect(running).toMatchObject({ status: 'running', stepsDone: 0, stepsTotal: 4, downloadUrl: null });
    await testApp.accountExports.settled();
    await testApp.projector.waitFor((await testApp.eventStore.readStream(accountExportStreamId(running.id))).at(-1)!.position);
    const [ready] = await list(owner.cookie);
    stop();

    expect(ready).toMatchObject({ id: running.id, status: 'ready', stepsDone: 4, stepsTotal: 4, lastStep: 'archive', downloadUrl: `/api/account/exports/${running.id}/download` });
    expect(ready!.eventCount).toBeGreaterThan(5);
    const announced = changes.filter((change) => change.readModel === 'account');
    expect(announced.map((change) => change.eventType)).toEqual(['AccountExportRequested', 'AccountExportProgressed', 'AccountExportProgressed', 'AccountExportProgressed', 'AccountExportProgressed', 'AccountExportCompleted']);
    expect(new Set(announced.map((change) => change.ownerId))).toEqual(new Set([owner.userId]));
    expect(await list(stranger.cookie)).toEqual([]);

    const download = await testApp.app.inject({ method: 'GET', url: ready!.downloadUrl!, headers: { cookie: owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.rawPayload.byteLength).toBe(ready!.sizeBytes);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(files);
    expect(strFromU8(files['README.txt']!)).toContain(`GOOSE data export of ${owner.username}`);
    const account = strFromU8(files[`events/account/user-${owner.userId}.jsonl`]!).trim().split('\n').map((line) => JSON.parse(line));
    expect(account[0]).toMatchObject({ type: 'UserRegistered', data: { userId: owner.userId, username: owner.username, passwordHash: REDACTED } });
    expect(names).toContain(`events/tracks/track-${workId}.jsonl`);
    expect(names).toContain(`events/disputes/dispute-${filed.disputeId}.jsonl`);
    expect(names.some((name) => name.startsWith('events/api-keys/'))).toBe(true);
    expect(names.some((name) => name.startsWith('documents/certificates/'))).toBe(true);
    // Nothing of the other user's own records: their track and account are not in it.
    expect(names).not.toContain(`events/tracks/track-${theirs}.jsonl`);
    expect(names.some((name) => name.includes(stranger.userId))).toBe(false);
    expect(JSON.stringify(names)).not.toContain('keySha256');
  });

  it('serves the archive to its owner only: another user and a missing id get the same 404', async () => {
    const [ready] = await list(owner.cookie);
    const asStranger = await testApp.app.inject({ method: 'GET', url: ready!.downloadUrl!, headers: { cookie: stranger.cookie } });
    const missing = await testApp.app.inject({ method: 'GET', url: `/api/account/exports/${randomUUID()}/download`, headers: { cookie: stranger.cookie } });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json()).toEqual(missing.json());
    expect((await testApp.app.inject({ method: 'GET', url: ready!.downloadUrl! })).statusCode).toBe(401);
  });
});
