// The purchase routes through app.inject with the in-process purchase client: every refusal
// decided before anything is held, a token purchase end to end (hold captured, a certificate whose
// signature verifies against the published key, the contract's earnings up by the price, two
// purchases two licenses while one license's revenue is recorded once), a work without a contract
// paying its owner in tokens, the buyer's and the owner's lists, the buyer's single rating, and a
// purchase a dispute's freeze overtook refused at issue with its tokens given back.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasedLicenseListSchema, purchaseResponseSchema, salesSummarySchema } from '../../../domain/contracts/licensing';
import type { OfferDetails } from '../../../domain/licensing/license-offer.events';
import { pendingCents, royaltyContractDecider } from '../../../domain/royalties/royalty-contract.decider';
import { royaltyContractStreamId, type RoyaltyContractEvent } from '../../../domain/royalties/royalty-contract.events';
import { availableMicros } from '../../../domain/tokens/token-account.decider';
import { LICENSING_FROZEN } from '../../../domain/licensing/ports';
import { loadCertificateSigningKey } from '../../../infra/certificate/signing-key';
import { decideWorkFreeze } from '../../../infra/disputes/work-freeze';
import { verifyLicenseCertificate, type SignedLicenseCertificate } from '../../../infra/licensing/license-certificate';
import { contractIdFor } from '../../../infra/royalties/contract-id';
import { royaltyEarningsSink } from '../../../infra/royalties/earnings-sink';
import { parseWalletConfig } from '../../../infra/wallets/config';
import { openWalletServices } from '../../../infra/wallets/services';
import { createLicensePurchaseActivities } from '../../../workflows/license-purchase/activities';
import { inProcessLicensePurchaseClient } from '../../../tests/support/in-process-clients';
import { recoverLicensePurchases } from '../../../ops/license-purchase-recovery';
import { licenseDecider, licenseStreamId } from '../../../domain/licensing/license.decider';
import { readOffer } from '../../../domain/licensing/offer-snapshot';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { offerLicense, registeredWork as fixtureWork } from '../../../tests/support/licensing';
import { seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
const frozenWorks = new Set<string>();

async function notExpected(): Promise<never> {
  throw new Error('the purchase routes do not use the track lifecycle');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-purchases-'));
  testApp = await startTestApp(
    dataDir,
    { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected },
    { wallets: await openWalletServices(dataDir, parseWalletConfig({ XRP_USD_RATE: '0.5' })), licensingFrozenOf: async (workId: string) => frozenWorks.has(workId) },
  );
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

const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => testApp.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const registeredWork = (ownerId: string, title?: string) => fixtureWork(testApp, ownerId, title);
const offer = (ownerId: string, workId: string, details: Partial<OfferDetails> = {}, withdrawn = false, workTitle?: string) => offerLicense(testApp, ownerId, workId, { details, withdrawn, workTitle });

const buy = (cookie: string, licenseId: string, paymentMethod = 'qxmp_tokens') => inject('POST', '/api/licenses/purchase', cookie, { licenseId, paymentMethod });
const freeTokens = async (userId: string) => availableMicros(await testApp.tokenLedger.account(userId)) / 1_000_000;

async function contractPending(workId: string): Promise<number> {
  const events = await testApp.eventStore.readStream(royaltyContractStreamId(contractIdFor(workId)));
  return pendingCents(events.reduce((s, e) => royaltyContractDecider.evolve(s, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState));
}

describe('license purchase refusals', () => {
  it('refuses, before anything is held: own work 403, withdrawn 409, method not offered 400, frozen 409, unregistered 400, unknown 404', async () => {
    const owner = await signup();
    const buyer = await signup();
    const workId = await registeredWork(owner.userId);
    const active = await offer(owner.userId, workId, { paymentOptions: ['qxmp_tokens'] });
    const expectRefusal = async (response: Awaited<ReturnType<typeof buy>>, status: number, error: string | RegExp) => {
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toMatch(error);
    };
    await expectRefusal(await buy(owner.cookie, active), 403, 'You cannot license your own work');
    await expectRefusal(await buy(buyer.cookie, await offer(owner.userId, workId, {}, true)), 409, /withdrawn/);
    await expectRefusal(await buy(buyer.cookie, active, 'stripe'), 400, 'The owner does not accept stripe for this license');
    await expectRefusal(await buy(buyer.cookie, randomUUID()), 404, 'License offer not found');
    const unregistered = (await seedTrack(testApp, owner.userId, { until: 'cleared' })).trackId;
    await expectRefusal(await buy(buyer.cookie, await offer(owner.userId, unregistered)), 400, /not registered/);
    const frozenWork = await registeredWork(owner.userId);
    frozenWorks.add(frozenWork);
    await expectRefusal(await buy(buyer.cookie, await offer(owner.userId, frozenWork)), 409, /frozen/);
    expect(await freeTokens(buyer.userId)).toBe(50);
    expect(purchasedLicenseListSchema.parse((await inject('GET', '/api/licenses/mine', buyer.cookie)).json()).licenses).toEqual([]);
  });

  it('answers 409 when a dispute froze the work after the route checked it: refused at issue, the hold released, no license', async () => {
    const owner = await signup();
    const buyer = await signup();
    const workId = await registeredWork(owner.userId);
    const offerId = await offer(owner.userId, workId);
    // The route's check still says "not frozen" (frozenWorks); the freeze stream, read at issue, says otherwise.
    await decideWorkFreeze(testApp.eventStore, { type: 'Freeze', data: { workId, disputeId: randomUUID() } }, { correlationId: 'test', actor: 'test' });
    const response = await buy(buyer.cookie, offerId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(new RegExp(`^${LICENSING_FROZEN}: the license was not issued and the \\$12\\.50 held from your tokens was released$`));
    expect(await freeTokens(buyer.userId)).toBe(50);
    const licenses = purchasedLicenseListSchema.parse((await inject('GET', '/api/licenses/mine', buyer.cookie)).json()).licenses;
    expect(licenses.map((l) => l.status)).toEqual(['refunded']);
  });

  it('answers 402 when the buyer has too few tokens, holding nothing', async () => {
    const owner = await signup();
    const buyer = await signup();
    const expensive = await offer(owner.userId, await registeredWork(owner.userId), { priceCents: 6000 });
    const response = await buy(buyer.cookie, expensive);
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatch(/^Insufficient tokens: this step costs 60.00, your balance is 50.00/);
    expect(await freeTokens(buyer.userId)).toBe(50);
  });

  it('says in plain words, without setting names, that card payments and XRP escrow are not offered here', async () => {
    const owner = await signup();
    const buyer = await signup();
    const offerId = await offer(owner.userId, await registeredWork(owner.userId));
    const card = await buy(buyer.cookie, offerId, 'stripe');
    expect(card.statusCode).toBe(409);
    expect(card.json().error).toBe('Card payments are not offered on this server: pay with tokens instead.');
    const escrow = await buy(buyer.cookie, offerId, 'polygon_escrow');
    expect(escrow.statusCode).toBe(409);
    expect(escrow.json().error).toBe('XRP escrow is not offered on this server: it has no connection to the XRP Ledger. Pay with tokens instead.');
    for (const answer of [card, escrow]) expect(answer.json().error).not.toMatch(/[A-Z_]{4,}_(URL|KEY|RATE|SECRET)/);
  });

  it('needs a session', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/licenses/purchase', payload: { licenseId: 'x', paymentMethod: 'qxmp_tokens' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('license purchase by tokens', () => {
  it('holds and captures the price, issues a signed certificate, and sends the revenue to the contract once per license', async () => {
    const owner = await signup();
    const buyer = await signup();
    const workId = await registeredWork(owner.userId, 'Midnight Rain');
    const created = await inject('POST', '/api/smart-contracts/create', owner.cookie, { contentId: workId, templateType: 'standard_royalty' });
    expect(created.statusCode).toBe(201);
    const offerId = await offer(owner.userId, workId, { priceCents: 1250 }, false, 'Midnight Rain');

    const response = await buy(buyer.cookie, offerId);
    expect(response.statusCode).toBe(200);
    const answer = purchaseResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ success: true, status: 'issued', checkoutUrl: null, escrow: null });
    expect(await freeTokens(buyer.userId)).toBe(37.5);
    const account = await testApp.tokenLedger.account(buyer.userId);
    expect(account.heldMicros).toBe(0);
    expect(account.holds.get(`license-${answer.contractId}`)?.status).toBe('captured');
    expect(await contractPending(workId)).toBe(1250);

    const mine = purchasedLicenseListSchema.parse((await inject('GET', '/api/licenses/mine', buyer.cookie)).json()).licenses;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: answer.contractId, offerId, workId, workTitle: 'Midnight Rain', status: 'issued', priceCents: 1250, currency: 'QXMP', paymentMethod: 'qxmp_tokens', rating: null });
    expect(mine[0]!.certificateId).toMatch(/^GOOSE-LIC-/);
    expect(mine[0]!.proofId).toBe(`licensing-${answer.contractId}`);

    const json = await inject('GET', `/api/licenses/${answer.contractId}/certificate.json`, buyer.cookie);
    expect(json.statusCode).toBe(200);
    const signed = json.json() as SignedLicenseCertificate;
    const key = await loadCertificateSigningKey(dataDir, {});
    expect(signed.certificate).toMatchObject({ licenseId: answer.contractId, workTitle: 'Midnight Rain', buyer: mine[0]!.buyer, owner: mine[0]!.creator, priceCents: 1250, currency: 'QXMP', paymentMethod: 'qxmp_tokens' });
    expect(verifyLicenseCertificate(signed, key.publicKeyBase64)).toEqual({ valid: true, reason: null });
    expect(verifyLicenseCertificate({ ...signed, certificate: { ...signed.certificate, priceCents: 1 } }, key.publicKeyBase64).valid).toBe(false);
    const pdf = await inject('GET', `/api/licenses/${answer.contractId}/certificate.pdf`, owner.cookie);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await signup();
    expect((await inject('GET', `/api/licenses/${answer.contractId}`, stranger.cookie)).statusCode).toBe(404);
    expect((await inject('GET', `/api/licenses/${answer.contractId}/certificate.json`, stranger.cookie)).statusCode).toBe(404);

    // A second purchase is a second license; recording the first license's revenue again adds nothing.
    const second = purchaseResponseSchema.parse((await buy(buyer.cookie, offerId)).json());
    expect(second.contractId).not.toBe(answer.contractId);
    expect(await contractPending(workId)).toBe(2500);
    const activities = createLicensePurchaseActivities({
      eventStore: testApp.eventStore,
      db: testApp.db,
      tokenLedger: testApp.tokenLedger,
      signingKey: key,
      royaltyEarnings: royaltyEarningsSink(testApp.eventStore),
      escrow: null,
    });
    await activities.recordRevenue({ licenseId: answer.contractId, publicOrigin: 'http://localhost', correlationId: 'again', actor: 'system:test' });
    expect(await contractPending(workId)).toBe(2500);

    const sales = salesSummarySchema.parse((await inject('GET', '/api/licenses/sales', owner.cookie)).json());
    expect(sales.sales.map((s) => s.id).sort()).toEqual([answer.contractId, second.contractId].sort());
    expect(sales.totals).toEqual({ count: 2, revenueCents: 0, tokenRevenueCents: 2500 });
  });

  it('credits the owner in tokens when the work has no royalty contract', async () => {
    const owner = await signup();
    const buyer = await signup();
    const offerId = await offer(owner.userId, await registeredWork(owner.userId), { priceCents: 1000, currency: 'USD' });
    expect(purchaseResponseSchema.parse((await buy(buyer.cookie, offerId)).json()).status).toBe('issued');
    expect(await freeTokens(owner.userId)).toBe(60);
    expect(await freeTokens(buyer.userId)).toBe(40);
  });

  it('starts again, without Temporal too, a purchase recorded before a crash kept its workflow from starting', async () => {
    const owner = await signup();
    const buyer = await signup();
    const offerId = await offer(owner.userId, await registeredWork(owner.userId), { priceCents: 1000 });
    const snapshot = (await readOffer(testApp.eventStore, offerId))!;
    // What the route records before it starts the purchase; the process dies there.
    const licenseId = randomUUID();
    const { result } = await handleCommand(testApp.eventStore, licenseStreamId(licenseId), licenseDecider, {
      type: 'RequestPurchase',
      data: { licenseId, offerId, workId: snapshot.workId, workTitle: snapshot.workTitle, ownerId: owner.userId, buyerId: buyer.userId, offer: snapshot.details, paymentMethod: 'qxmp_tokens', offerWithdrawn: false, licensingFrozen: false, workRegistered: true, requestedAt: new Date().toISOString() },
    }, { correlationId: 'crash', actor: `user:${buyer.userId}` });
    await testApp.projector.waitFor(result!.lastPosition);

    const purchases = inProcessLicensePurchaseClient(
      createLicensePurchaseActivities({ eventStore: testApp.eventStore, db: testApp.db, tokenLedger: testApp.tokenLedger, signingKey: await loadCertificateSigningKey(dataDir, {}), royaltyEarnings: null, escrow: null }),
    );
    const deps = { db: testApp.db, eventStore: testApp.eventStore, purchases, publicOrigin: () => 'http://localhost' };
    expect(await recoverLicensePurchases(deps, { minAgeMs: 0 })).toEqual([licenseId]);
    // The recovery does not wait for the purchase; joining it answers its outcome.
    expect(await purchases.purchase({ licenseId, publicOrigin: 'http://localhost', correlationId: 'join', actor: 'test' })).toEqual({ status: 'issued', message: 'License issued' });
    expect(await freeTokens(buyer.userId)).toBe(40);
    expect(await freeTokens(owner.userId)).toBe(60);
    await testApp.projector.waitFor((await testApp.eventStore.readStream(licenseStreamId(licenseId))).at(-1)!.position);
    expect(await recoverLicensePurchases(deps, { minAgeMs: 0 })).toEqual([]);
  });

  it('takes one rating, from the buyer, of an issued license', async () => {
    const owner = await signup();
    const buyer = await signup();
    const { contractId } = purchaseResponseSchema.parse((await buy(buyer.cookie, await offer(owner.userId, await registeredWork(owner.userId)))).json());
    expect((await inject('POST', `/api/licenses/${contractId}/rating`, owner.cookie, { rating: 5 })).statusCode).toBe(403);
    const rated = await inject('POST', `/api/licenses/${contractId}/rating`, buyer.cookie, { rating: 4 });
    expect(rated.statusCode).toBe(200);
    expect(rated.json().license.rating).toBe(4);
    const again = await inject('POST', `/api/licenses/${contractId}/rating`, buyer.cookie, { rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You rated this license already');
    expect((await inject('POST', `/api/licenses/${contractId}/rating`, buyer.cookie, { rating: 6 })).statusCode).toBe(400);
  });
});
