// The operations routes through app.inject: every one refuses a visitor (401) and a signed-in user
// without the operator role (403); an operator sees other users' failed registrations, contract
// anchors and payout lines with their result codes, the outbox's undelivered mail, and, without
// Temporal, a workflows answer that says Temporal is not reachable rather than an empty list. An
// auditor reads any track's history. Releases waiting for the delivery partner are listed with
// why, and Retry hands the delivery back to the release's workflow.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerFailuresResponseSchema, outboxResponseSchema, waitingDeliveriesResponseSchema, workflowsResponseSchema } from '../../../domain/contracts/operations';
import { releaseDecider, type ReleaseCommand } from '../../../domain/distribution/release.decider';
import { releaseStreamId } from '../../../domain/distribution/release.events';
import { requestRelease } from '../../../infra/distribution/request-release';
import { releaseForm } from '../../../tests/support/release-form';
import { royaltyContractDecider, type RoyaltyContractCommand } from '../../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId } from '../../../domain/royalties/royalty-contract.events';
import { TrackRegistrationFailed } from '../../../domain/track/stage.events';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { OutboxMailer, outboxDir } from '../../../infra/mail/mailer';
import { grantRole } from '../../../tests/support/roles';
import { appendTrackEvents, seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;

async function notExpected(): Promise<never> {
  throw new Error('the operations routes do not use the track lifecycle');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-operations-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected }, {
    mailer: new OutboxMailer(outboxDir(dataDir), 'GOOSE <no-reply@goose.local>'),
  });
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(): Promise<{ userId: string; cookie: string; username: string }> {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'correct horse battery' } });
  const session = response.cookies.find((c) => c.name === 'goose_session')!;
  return { userId: response.json().user.id, cookie: `goose_session=${session.value}`, username };
}

const get = (url: string, cookie?: string) => testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A contract whose anchor the ledger refused and whose payout line to Bea was recorded unpaid. */
async function failedContract(ownerId: string): Promise<string> {
  const contractId = randomUUID();
  const run = async (command: RoyaltyContractCommand) => {
    const { result } = await handleCommand(testApp.eventStore, royaltyContractStreamId(contractId), royaltyContractDecider, command, { correlationId: 'test', actor: 'test' });
    if (result) await testApp.projector.waitFor(result.lastPosition);
  };
  await run({
    type: 'CreateContract',
    data: RoyaltyContractCreated.create({
      contractId, contentId: randomUUID(), ownerId, contentTitle: 'Night Drive', templateType: 'standard_royalty', royaltySplit: 85,
      distributionSchedule: 'monthly', minimumThreshold: 100, terms: { contractId }, canonical: '{}', termsSha256: 'a'.repeat(64),
      signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '99.900000', usdAmount: '49.95',
    }).data,
  });
  await run({ type: 'RecordAnchorStatus', data: { status: 'failed', reason: 'The ledger did not accept the deployment payment: tecUNFUNDED_PAYMENT', ledgerIndex: 7 } });
  await run({ type: 'RecordEarnings', data: { amountCents: 800, source: 'license_sale', reference: 's1', description: 'sale' } });
  const lines = [{ party: 'receiver' as const, receiverId: 'receiver-1', userId: null, name: 'Bea', percentage: 100, amountCents: 800, receiverWallet: 'rBeaWallet' }];
  await run({ type: 'StartPayoutRun', data: { runId: `run-${contractId}`, trigger: 'distribute', amountCents: 800, lines } });
  await run({ type: 'RecordLinePaid', data: { runId: `run-${contractId}`, lineIndex: 0, method: 'recorded', txHash: null, reason: 'The ledger refused the payment (tecNO_DST); recorded unpaid' } });
  return contractId;
}

describe('operations routes', () => {
  const routes = ['/api/ops/ledger-failures', '/api/ops/workflows', '/api/ops/outbox'];

  it('refuse a visitor with 401 and a signed-in user without the operator role with 403', async () => {
    const creator = await signup();
    for (const url of routes) {
      const visitor = await get(url);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json()).toEqual({ error: 'Not signed in' });
      const refused = await get(url, creator.cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ error: 'This needs the operator role' });
    }
    await grantRole(testApp, creator.userId, 'reviewer');
    expect((await get(routes[0]!, creator.cookie)).statusCode).toBe(403);
  });

  it('GET /api/ops/ledger-failures: other users\' failed registrations, anchors and payout lines with their result codes', async () => {
    const owner = await signup();
    const operator = await signup();
    await grantRole(testApp, operator.userId, 'operator');
    const { trackId } = await seedTrack(testApp, owner.userId, { title: 'Failed on the ledger' });
    await appendTrackEvents(testApp, trackId, owner.userId, [TrackRegistrationFailed.create({ trackId, txHash: 'B'.repeat(64), resultCode: 'tecNO_DST', reason: 'The ledger refused the registration' })]);
    const contractId = await failedContract(owner.userId);

    const answer = await get('/api/ops/ledger-failures', operator.cookie);
    expect(answer.statusCode).toBe(200);
    const body = ledgerFailuresResponseSchema.parse(answer.json());
    expect(body.registrations.find((r) => r.trackId === trackId)).toMatchObject({
      title: 'Failed on the ledger', ownerId: owner.userId, ownerName: owner.username, resultCode: 'tecNO_DST', reason: 'The ledger refused the registration', retries: 0,
    });
    expect(body.contractAnchors.find((a) => a.contractId === contractId)).toMatchObject({ ownerName: owner.username, resultCode: 'tecUNFUNDED_PAYMENT', network: 'testnet' });
    expect(body.payouts.find((p) => p.contractId === contractId)).toMatchObject({ recipient: 'Bea', amountCents: 800, method: 'recorded', resultCode: 'tecNO_DST' });
    expect(body.notes.join(' ')).toMatch(/no retry path/);
  });

  it('GET /api/ops/workflows without Temporal says it is not reachable', async () => {
    const operator = await signup();
    await grantRole(testApp, operator.userId, 'operator');
    const body = workflowsResponseSchema.parse((await get('/api/ops/workflows', operator.cookie)).json());
    expect(body).toEqual({ reachable: false, error: 'This server has no Temporal client: the workflow service is not running here', workflows: [] });
  });

  it('GET /api/ops/outbox: the undelivered mail, newest first, said to be undelivered', async () => {
    const operator = await signup();
    await grantRole(testApp, operator.userId, 'operator');
    const mailer = new OutboxMailer(outboxDir(dataDir), 'GOOSE <no-reply@goose.local>');
    await mailer.send({ to: 'ana@example.com', subject: 'First', text: 'x', link: 'https://goose.example/a', kind: 'royalty-invitation' });
    await mailer.send({ to: 'bea@example.com', subject: 'Second', text: 'y', link: null, kind: 'royalty-invitation' });
    const body = outboxResponseSchema.parse((await get('/api/ops/outbox', operator.cookie)).json());
    expect(body.transport).toBe('outbox');
    expect(body.messages.map((m) => [m.to, m.subject])).toEqual([['bea@example.com', 'Second'], ['ana@example.com', 'First']]);
    expect(body.note).toMatch(/never delivered/);
  });

  it('GET /api/tracks/:id/history: an auditor reads any track\'s history; another user does not', async () => {
    const owner = await signup();
    const auditor = await signup();
    const { trackId } = await seedTrack(testApp, owner.userId, { title: 'Audited' });
    expect((await get(`/api/tracks/${trackId}/history`, auditor.cookie)).statusCode).toBe(404);
    await grantRole(testApp, auditor.userId, 'auditor');
    const history = await get(`/api/tracks/${trackId}/history`, auditor.cookie);
    expect(history.statusCode).toBe(200);
    expect(history.json().trackId).toBe(trackId);
    expect((await get(`/api/tracks/${randomUUID()}/history`, auditor.cookie)).statusCode).toBe(404);
  });
});

describe('POST /api/ops/roles', () => {
  const change = (payload: object, headers: Record<string, string>) => testApp.app.inject({ method: 'POST', url: '/api/ops/roles', payload, headers });

  it('lets an operator grant and revoke a role by username, and refuses everyone else', async () => {
    const operator = await signup();
    const target = await signup();
    const creator = await signup();
    await grantRole(testApp, operator.userId, 'operator');

    expect((await change({ username: target.username, role: 'reviewer', action: 'grant' }, {})).statusCode).toBe(401);
    const refused = await change({ username: target.username, role: 'reviewer', action: 'grant' }, { cookie: creator.cookie });
    expect(refused.statusCode).toBe(403);
    expect((await get('/api/auth/roles', target.cookie)).json().roles).toEqual(['creator']);

    const granted = await change({ username: target.username, role: 'reviewer', action: 'grant' }, { cookie: operator.cookie });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ userId: target.userId, changed: true, roles: ['creator', 'reviewer'] });
    expect((await get('/api/auth/roles', target.cookie)).json().roles).toEqual(['creator', 'reviewer']);
    const again = await change({ username: target.username, role: 'reviewer', action: 'grant' }, { cookie: operator.cookie });
    expect(again.json().changed).toBe(false);

    const revoked = await change({ username: target.username, role: 'reviewer', action: 'revoke' }, { cookie: operator.cookie });
    expect(revoked.json().roles).toEqual(['creator']);
  });

  it('answers a clear 4xx for an unknown user, the creator role and a role not held', async () => {
    const operator = await signup();
    await grantRole(testApp, operator.userId, 'operator');
    const unknown = await change({ username: 'nobody_here', role: 'auditor', action: 'grant' }, { cookie: operator.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/No user named nobody_here/);
    const creatorRole = await change({ username: operator.username, role: 'creator', action: 'grant' }, { cookie: operator.cookie });
    expect(creatorRole.statusCode).toBe(400);
    expect(creatorRole.json().error).toMatch(/^role:/);
    const notHeld = await change({ username: operator.username, role: 'auditor', action: 'revoke' }, { cookie: operator.cookie });
    expect(notHeld.statusCode).toBeGreaterThanOrEqual(400);
    expect(notHeld.statusCode).toBeLessThan(500);
  });
});

describe('releases waiting for the delivery partner', () => {
  let partnerApp: TestApp;
  let partnerDir: string;
  const retried: string[] = [];

  beforeAll(async () => {
    partnerDir = await mkdtemp(path.join(os.tmpdir(), 'goose-operations-deliveries-'));
    partnerApp = await startTestApp(partnerDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected }, {
      delivery: { prefixes: { isrc: 'USAB1', upc: '1234' }, partner: { id: 'acme', name: 'Acme Distribution', stores: ['spotify'] } },
      releases: {
        start: notExpected,
        takedown: notExpected,
        retryDelivery: async (input) => {
          retried.push(input.distributionId);
        },
      },
    });
  });
  afterAll(async () => {
    await partnerApp.close();
    await rm(partnerDir, { recursive: true, force: true });
  });

  /** A release whose package was built and validated, and which waits for the partner. */
  async function waitingRelease(ownerId: string): Promise<string> {
    const distributionId = randomUUID();
    const context = { correlationId: 'test', actor: 'test' };
    await requestRelease(partnerApp.eventStore, { distributionId, contentId: randomUUID(), ownerId, form: releaseForm({ songName: 'Night Drive', selectedStores: ['spotify'] }) }, context, { isrc: 'USAB1', upc: '1234' });
    const run = async (command: ReleaseCommand) => {
      const { result } = await handleCommand(partnerApp.eventStore, releaseStreamId(distributionId), releaseDecider, command, context);
      if (result) await partnerApp.projector.waitFor(result.lastPosition);
    };
    const sha = 'a'.repeat(64);
    await run({ type: 'RecordPackageBuilt', data: { distributionId, messageId: `GOOSE-${distributionId}`, directory: `releases/${distributionId}`, files: [{ name: 'ern.xml', role: 'ern', sha256: sha, size: 1 }] } });
    await run({ type: 'RecordPackageValidated', data: { distributionId, ernSha256: sha } });
    await run({ type: 'RecordDeliveryWaiting', data: { distributionId, reason: 'The delivery partner Acme Distribution could not be reached over SFTP: connect ECONNREFUSED', since: new Date().toISOString() } });
    return distributionId;
  }

  it('lists them to operators only with why, and Retry hands the delivery back to the release; a release not waiting is refused (409)', async () => {
    const creator = await (async () => {
      const username = `user_${randomUUID().slice(0, 8)}`;
      const response = await partnerApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'correct horse battery' } });
      return { userId: response.json().user.id as string, cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}` };
    })();
    const distributionId = await waitingRelease(creator.userId);
    expect((await partnerApp.app.inject({ method: 'GET', url: '/api/ops/deliveries' })).statusCode).toBe(401);
    expect((await partnerApp.app.inject({ method: 'GET', url: '/api/ops/deliveries', headers: { cookie: creator.cookie } })).statusCode).toBe(403);
    expect((await partnerApp.app.inject({ method: 'POST', url: `/api/ops/deliveries/${distributionId}/retry`, headers: { cookie: creator.cookie } })).statusCode).toBe(403);

    await grantRole(partnerApp, creator.userId, 'operator');
    const list = waitingDeliveriesResponseSchema.parse((await partnerApp.app.inject({ method: 'GET', url: '/api/ops/deliveries', headers: { cookie: creator.cookie } })).json());
    expect(list.partner).toBe('Acme Distribution');
    expect(list.waiting).toEqual([expect.objectContaining({ distributionId, songName: 'Night Drive', ownerId: creator.userId, reason: expect.stringContaining('ECONNREFUSED') })]);

    const retry = await partnerApp.app.inject({ method: 'POST', url: `/api/ops/deliveries/${distributionId}/retry`, headers: { cookie: creator.cookie } });
    expect([retry.statusCode, retry.json()]).toEqual([200, { success: true, message: '"Night Drive" tries its delivery again now' }]);
    expect(retried).toEqual([distributionId]);

    const creatorView = (await partnerApp.app.inject({ method: 'GET', url: '/api/tunecore/distributions', headers: { cookie: creator.cookie } })).json().distributions[0];
    expect(creatorView).toMatchObject({ id: distributionId, status: 'pending', waitingForPartnerSince: expect.any(String) });

    const other = randomUUID();
    expect((await partnerApp.app.inject({ method: 'POST', url: `/api/ops/deliveries/${other}/retry`, headers: { cookie: creator.cookie } })).statusCode).toBe(404);
    const notWaiting = randomUUID();
    await requestRelease(partnerApp.eventStore, { distributionId: notWaiting, contentId: randomUUID(), ownerId: creator.userId, form: releaseForm() }, { correlationId: 't', actor: 't' });
    const refused = await partnerApp.app.inject({ method: 'POST', url: `/api/ops/deliveries/${notWaiting}/retry`, headers: { cookie: creator.cookie } });
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: 'This release is not waiting for the delivery partner' }]);
    expect(retried).toEqual([distributionId]);
  });
});
