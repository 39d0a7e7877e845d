// The contract routes through app.inject, with the in-process contract client and stand-in ports:
// creation refused without a registration and for a second contract, signed terms that verify,
// the deployment said to await submission without XRPL_URL, payouts that wait for a pending
// invitation, pay once when due, never more than pending, and the history and analytics after them.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractDetailSchema, payoutHistorySchema } from '../../../domain/contracts/royalties';
import { royaltyContractStreamId } from '../../../domain/royalties/royalty-contract.events';
import { contractIdFor } from '../../../infra/royalties/contract-id';
import { SIGNED_NOT_SENT } from '../../../infra/royalties/contract-anchor';
import { verifyContractTerms } from '../../../infra/royalties/contract-terms';
import { royaltyEarningsSink } from '../../../infra/royalties/earnings-sink';
import { parseWalletConfig } from '../../../infra/wallets/config';
import { openWalletServices } from '../../../infra/wallets/services';
import { recordingExecutor, standInReceivers, standInSplit } from '../../../tests/support/royalty-stand-ins';
import { startRippledStandIn, type RippledStandIn } from '../../../tests/support/rippled-stand-in';
import { seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
const receivers = standInReceivers();
const executor = recordingExecutor();

async function notExpected(): Promise<never> {
  throw new Error('the contract routes do not use the track lifecycle');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-contracts-'));
  testApp = await startTestApp(
    dataDir,
    { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected },
    {
      royaltyPorts: { receiversOf: receivers, payoutExecutor: executor, splitPayout: standInSplit },
      // A rate prices the deploy payment; without XRPL_URL it is signed and kept.
      wallets: await openWalletServices(dataDir, parseWalletConfig({ XRP_USD_RATE: '0.5' })),
    },
  );
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(): Promise<{ userId: string; cookie: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const session = response.cookies.find((c) => c.name === 'goose_session')!;
  const cookie = `goose_session=${session.value}`;
  await testApp.app.inject({ method: 'POST', url: '/api/goose-tokens/generate-wallet', headers: { cookie }, payload: {} });
  return { userId: response.json().user.id, cookie };
}

const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function earn(contentId: string, ownerId: string, reference: string, amountCents: number) {
  const sink = royaltyEarningsSink(testApp.eventStore);
  return sink.record({ contentId, ownerId, amountCents, source: 'distribution_statement', reference, description: 'Spotify, US' }, { correlationId: randomUUID(), actor: 'system:test' });
}

async function createdContract(cookie: string, userId: string, customTerms: object = {}) {
  const { trackId } = await seedTrack(testApp, userId, { until: 'registered', title: 'Night Drive' });
  const response = await inject('POST', '/api/smart-contracts/create', cookie, { contentId: trackId, templateType: 'standard_royalty', customTerms });
  expect(response.statusCode).toBe(201);
  return { trackId, contract: response.json().contract };
}

describe('smart contract routes', () => {
  it('refuses content that is not registered on the XRP Ledger', async () => {
    const { userId, cookie } = await signup();
    const { trackId } = await seedTrack(testApp, userId, { until: 'cleared' });
    const response = await inject('POST', '/api/smart-contracts/create', cookie, { contentId: trackId, templateType: 'standard_royalty' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^Copyright Registration Required/);
  });

  it('creates a contract with signed terms, awaiting submission without XRPL_URL, once per content', async () => {
    const { userId, cookie } = await signup();
    const { trackId, contract } = await createdContract(cookie, userId, { distributionSchedule: 'weekly', minimumThreshold: 500 });
    expect(contract).toMatchObject({ contentId: trackId, contentTitle: 'Night Drive', royaltySplit: 85, platformShare: 15, distributionSchedule: 'weekly', minimumThreshold: 500, pendingAmount: 0, contractStatus: 'active' });
    expect(contract.deployment).toMatchObject({ status: 'awaiting_submission', usdAmount: '49.95', xrpAmount: '99.900000', explorerUrl: null });
    expect(contract.deployment.txHash).toMatch(/^[0-9A-F]{64}$/);
    expect(contract.deployment.reason).toBe(SIGNED_NOT_SENT);
    expect(Date.parse(contract.nextDistribution) - Date.parse(contract.createdAt)).toBe(7 * 24 * 3600 * 1000);

    const detail = contractDetailSchema.parse((await inject('GET', `/api/smart-contracts/${contract.contractId}`, cookie)).json());
    expect(detail.signedTerms.sha256).toBe(contract.termsSha256);
    expect(verifyContractTerms(detail.signedTerms, detail.signedTerms.signature.publicKey)).toBe(true);
    expect(verifyContractTerms({ ...detail.signedTerms, canonical: detail.signedTerms.canonical.replace('85', '95') }, detail.signedTerms.signature.publicKey)).toBe(false);

    const again = await inject('POST', `/api/smart-contract/create/${trackId}`, cookie, {});
    expect(again.statusCode).toBe(409);
    const list = (await inject('GET', '/api/smart-contracts', cookie)).json();
    expect(list.contracts.map((c: { contractId: string }) => c.contractId)).toEqual([contract.contractId]);
  });

  it("names the creator in the signed terms by their account name, never their id, even before the users read model has their row", async () => {
    const { userId, cookie } = await signup();
    const { rows } = await testApp.db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [userId]);
    // A read model behind the account: the row is not there yet.
    await testApp.db.query('DELETE FROM users WHERE id = $1', [userId]);
    const { contract } = await createdContract(cookie, userId);
    const detail = contractDetailSchema.parse((await inject('GET', `/api/smart-contracts/${contract.contractId}`, cookie)).json());
    expect(detail.signedTerms.terms).toMatchObject({ creator: { userId, name: rows[0]!.username } });
  });

  it('refuses a split other than the template gives', async () => {
    const { userId, cookie } = await signup();
    const { trackId } = await seedTrack(testApp, userId, { until: 'registered' });
    const response = await inject('POST', '/api/smart-contracts/create', cookie, { contentId: trackId, templateType: 'premium_royalty', customTerms: { royaltySplit: 85 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/gives the creator 95%, not 85%/);
  });

  it("hides another creator's contract and its PDF; serves the owner the terms PDF", async () => {
    const owner = await signup();
    const other = await signup();
    const { contract } = await createdContract(owner.cookie, owner.userId);
    expect((await inject('GET', `/api/smart-contracts/${contract.contractId}`, other.cookie)).statusCode).toBe(404);
    expect((await inject('GET', `/api/smart-contracts/${contract.contractId}/terms.pdf`, other.cookie)).statusCode).toBe(404);
    expect((await inject('POST', `/api/smart-contracts/${contract.contractId}/execute`, other.cookie, {})).statusCode).toBe(404);
    const pdf = await inject('GET', `/api/smart-contracts/${contract.contractId}/terms.pdf`, owner.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('pays a run once pending reaches the minimum: lines sum exactly, history and analytics show it', async () => {
    const { userId, cookie } = await signup();
    const { trackId, contract } = await createdContract(cookie, userId);
    expect((await earn(trackId, userId, 'stmt-1#1', 60)).contractId).toBe(contract.contractId);
    const below = (await inject('POST', `/api/smart-contracts/${contract.contractId}/execute`, cookie, {})).json();
    expect(below).toMatchObject({ success: false, payout: null });
    expect(below.message).toMatch(/below the contract's minimum of \$1.00/);

    await earn(trackId, userId, 'stmt-1#2', 941);
    await earn(trackId, userId, 'stmt-1#2', 941); // the same statement line again: recorded once
    const paid = (await inject('POST', `/api/smart-contracts/${contract.contractId}/execute`, cookie, {})).json();
    expect(paid.success).toBe(true);
    expect(paid.payout).toMatchObject({ status: 'completed', amount: 1001, trigger: 'manual' });
    expect(paid.payout.lines.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(1001);
    expect(paid.payout.lines.map((l: { party: string; method: string }) => [l.party, l.method])).toEqual([['platform', 'recorded'], ['creator', 'token_credit']]);

    const history = payoutHistorySchema.parse((await inject('GET', `/api/royalty-distribution/history?contractId=${contract.contractId}`, cookie)).json());
    expect(history.payouts.map((run) => run.runId)).toEqual([paid.payout.runId]);
    const analytics = (await inject('GET', '/api/royalty-distribution/analytics', cookie)).json();
    expect(analytics.totals).toMatchObject({ totalEarnings: 1001, distributed: 1001, pending: 0, contracts: 1, payouts: 1 });
    expect(analytics.bySource).toEqual([{ source: 'distribution_statement', amount: 1001 }]);
    const again = (await inject('POST', `/api/smart-contracts/${contract.contractId}/execute`, cookie, {})).json();
    expect(again).toMatchObject({ success: false, payout: null });
  });

  it('waits while a receiver has not answered the invitation, then pays the accepted receiver', async () => {
    const { userId, cookie } = await signup();
    const { trackId, contract } = await createdContract(cookie, userId);
    await earn(trackId, userId, 'sale-1', 10_000);
    const receiver = { receiverId: 'r-1', receiverName: 'Ada', receiverEmail: 'ada@example.com', royaltyPercentage: 15, receiverWallet: null, acceptedUserId: null };
    receivers.set(trackId, [{ ...receiver, invitationStatus: 'pending' }, { ...receiver, receiverId: 'r-2', receiverName: 'Bob', invitationStatus: 'declined' }]);
    const waiting = (await inject('POST', `/api/smart-contracts/${contract.contractId}/execute`, cookie, {})).json();
    expect(waiting).toMatchObject({ success: false, payout: null });
    expect(waiting.message).toMatch(/Waiting for Ada to accept/);

    receivers.set(trackId, [{ ...receiver, invitationStatus: 'accepted', acceptedUserId: randomUUID() }, { ...receiver, receiverId: 'r-2', receiverName: 'Bob', invitationStatus: 'declined' }]);
    const paid = (await inject('POST', `/api/smart-contracts/${contract.contractId}/execute`, cookie, {})).json();
    expect(paid.payout.lines.map((l: { name: string; amount: number }) => [l.name, l.amount])).toEqual([['GOOSE platform', 1500], [expect.any(String), 7000], ['Ada', 1500]]);
  });

  it('distributes an amount in dollars, never more than is pending', async () => {
    const { userId, cookie } = await signup();
    const { trackId, contract } = await createdContract(cookie, userId);
    await earn(trackId, userId, 'sale-2', 300);
    const tooMuch = await inject('POST', '/api/royalty-distribution/distribute', cookie, { contractId: contract.contractId, amount: 3.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe('The amount of $3.01 is more than the $3.00 pending');
    const paid = (await inject('POST', '/api/royalty-distribution/distribute', cookie, { contractId: contract.contractId, amount: 0.5 })).json();
    expect(paid.payout).toMatchObject({ amount: 50, trigger: 'distribute', status: 'completed' });
    const after = (await inject('GET', `/api/smart-contracts/${contract.contractId}`, cookie)).json();
    expect(after.contract).toMatchObject({ totalEarnings: 300, distributedAmount: 50, pendingAmount: 250 });
  });
});

describe('smart contract creation with XRPL_URL', () => {
  let online: TestApp;
  let onlineDir: string;
  let rippled: RippledStandIn;

  beforeAll(async () => {
    onlineDir = await mkdtemp(path.join(os.tmpdir(), 'goose-contracts-online-'));
    rippled = await startRippledStandIn();
    online = await startTestApp(
      onlineDir,
      { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected },
      { wallets: await openWalletServices(onlineDir, parseWalletConfig({ XRP_USD_RATE: '0.5', XRPL_URL: rippled.url })) },
    );
  });

  afterAll(async () => {
    await online.close();
    await rippled.close();
    await rm(onlineDir, { recursive: true, force: true });
  });

  it("answers 402 WALLET_NOT_FUNDED when the creator's XRPL account cannot pay the deploy price, and records nothing", async () => {
    const signedUp = await online.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
    const cookie = `goose_session=${signedUp.cookies.find((c) => c.name === 'goose_session')!.value}`;
    await online.app.inject({ method: 'POST', url: '/api/goose-tokens/generate-wallet', headers: { cookie }, payload: {} });
    const { trackId } = await seedTrack(online, signedUp.json().user.id, { until: 'registered' });
    const response = await online.app.inject({ method: 'POST', url: '/api/smart-contracts/create', headers: { cookie }, payload: { contentId: trackId } });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: 'WALLET_NOT_FUNDED:99.900000:49.95' });
    expect(await online.eventStore.readStream(royaltyContractStreamId(contractIdFor(trackId)))).toEqual([]);
  });
});
