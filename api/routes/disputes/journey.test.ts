// The backend of the dispute journey (the Playwright journey's steps, through the API only), with
// the workflow's in-process client and the platform's real effects on the work: a claimant files
// against a licensed work, the marketplace then refuses a purchase, the owner answers with evidence,
// a reviewer assigns and resolves (the freeze lifts), and an auditor replays the history.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DisputeCommands } from '../../../domain/disputes/ports';
import { createDisputeEffects } from '../../../infra/disputes/dispute-effects';
import { sineWav } from '../../../tests/support/audio';
import { offerLicense, registeredWork } from '../../../tests/support/licensing';
import { multipartBody } from '../../../tests/support/multipart';
import { grantRole } from '../../../tests/support/roles';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createDisputeActivities } from '../../../workflows/dispute/activities';
import { inProcessDisputeCommands } from '../../../tests/support/in-process-clients';

let testApp: TestApp;
let dataDir: string;

async function signup(): Promise<{ cookie: string; userId: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-dispute-journey-'));
  const unused = async () => {
    throw new Error('the journey does not drive tracks');
  };
  let client: DisputeCommands | null = null;
  const commands: DisputeCommands = { file: (input, actor) => client!.file(input, actor), act: (id, request, actor) => client!.act(id, request, actor) };
  testApp = await startTestApp(dataDir, { start: async () => ({ workflowId: 'stand-in' }), master: unused, startMaster: unused, check: unused, register: unused, retryRegistration: unused }, { disputes: commands });
  const effects = createDisputeEffects({ eventStore: testApp.eventStore, tokenLedger: testApp.tokenLedger, db: testApp.db });
  client = inProcessDisputeCommands(createDisputeActivities({ eventStore: testApp.eventStore, effects }));
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('file → the marketplace refuses → the owner answers with evidence → a reviewer resolves → an auditor replays', async () => {
  const [owner, claimant, buyer, reviewer, auditor] = [await signup(), await signup(), await signup(), await signup(), await signup()];
  await grantRole(testApp, reviewer.userId, 'reviewer');
  await grantRole(testApp, auditor.userId, 'auditor');
  const workId = await registeredWork(testApp, owner.userId, 'Night Drive');
  const offerId = await offerLicense(testApp, owner.userId, workId, { details: { priceCents: 100, currency: 'USD', paymentOptions: ['qxmp_tokens'] } });
  const as = (who: { cookie: string }, method: 'GET' | 'POST', url: string, payload?: object) => testApp.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  const filed = await as(claimant, 'POST', '/api/disputes/file', { workId, disputeType: 'copyright_infringement', subject: 'My hook', description: 'The hook is mine', claimedRights: ['synchronization'] });
  expect(filed.statusCode).toBe(201);
  const { disputeId, autoActions, dispute } = filed.json();
  // The work has no royalty contract, so there are no payouts to freeze: only what happened is listed.
  expect(autoActions.map((a: { action: string }) => a.action)).toEqual(['case_opened', 'licensing_frozen', 'owner_notified']);
  expect(dispute.frozenAssets).toMatchObject({ licensingFreeze: true });

  const purchase = await as(buyer, 'POST', '/api/licenses/purchase', { licenseId: offerId, paymentMethod: 'qxmp_tokens' });
  expect(purchase.statusCode).toBe(409);
  expect(purchase.json().error).toMatch(/frozen while a dispute about it is open/);

  expect((await as(owner, 'POST', `/api/disputes/${disputeId}/respond`, { message: 'I wrote it in 2024' })).json().dispute.status).toBe('investigating');
  const form = multipartBody({ type: 'audio', description: 'The session stems' }, { filename: 'stems.wav', contentType: 'audio/wav', content: sineWav({ seconds: 0.2 }) });
  const evidence = await testApp.app.inject({ method: 'POST', url: `/api/disputes/${disputeId}/evidence`, payload: form.payload, headers: { ...form.headers, cookie: owner.cookie } });
  expect(evidence.json().dispute.evidence.documents).toHaveLength(1);

  expect((await as(reviewer, 'GET', '/api/disputes?assignedTo=unassigned')).json().disputes.map((d: { id: string }) => d.id)).toContain(disputeId);
  expect((await as(reviewer, 'POST', `/api/disputes/${disputeId}/assign`, {})).statusCode).toBe(200);
  const resolved = await as(reviewer, 'POST', `/api/disputes/${disputeId}/resolve`, { outcome: 'rejected', details: 'The owner\'s stems predate the claim' });
  expect(resolved.json().dispute).toMatchObject({ status: 'resolved', resolution: { outcome: 'rejected' }, frozenAssets: { payoutsFreeze: false, licensingFreeze: false } });

  const history = (await as(auditor, 'GET', `/api/disputes/${disputeId}/history?upTo=1`)).json();
  expect(history.events.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['DisputeFiled', 'DisputeAssetsFrozen', 'DisputeAnswered', 'DisputeEvidenceAdded', 'DisputeAssigned', 'DisputeResolved', 'DisputeAssetsUnfrozen']));
  expect(history.state).toMatchObject({ status: 'open', freeze: null });
  const evidenceId = evidence.json().dispute.evidence.documents[0].id;
  expect((await as(auditor, 'GET', `/api/disputes/${disputeId}/evidence/${evidenceId}`)).statusCode).toBe(403);
});
