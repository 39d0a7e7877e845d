// A license bought by XRPL escrow against the rippled stand-in: the buyer's own account locks the
// price in XRP under a crypto-condition, the license is issued, the platform finishes the escrow
// (the XRP reaches the platform's account) and the contract's earnings rise by the price. A purchase
// whose EscrowCreate reply was lost is run again without a second escrow. The refusals: a QXMP
// offer (400) and a buyer's account that cannot fund the escrow (402 WALLET_NOT_FUNDED).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { purchasedLicenseListSchema, purchaseResponseSchema } from '../../../domain/contracts/licensing';
import { licenseStreamId } from '../../../domain/licensing/license.decider';
import { pendingCents, royaltyContractDecider } from '../../../domain/royalties/royalty-contract.decider';
import { royaltyContractStreamId, type RoyaltyContractEvent } from '../../../domain/royalties/royalty-contract.events';
import { walletsStreamId } from '../../../domain/wallets/wallet.events';
import { loadCertificateSigningKey } from '../../../infra/certificate/signing-key';
import type { EventStore } from '../../../infra/eventstore/event-store';
import { ESCROW_QXMP_REFUSAL } from '../../../infra/licensing/license-escrow';
import { xrplLicenseEscrow } from '../../../infra/licensing/xrpl-license-escrow';
import { contractIdFor } from '../../../infra/royalties/contract-id';
import { royaltyEarningsSink } from '../../../infra/royalties/earnings-sink';
import { parseWalletConfig } from '../../../infra/wallets/config';
import { openWalletServices, type WalletServices } from '../../../infra/wallets/services';
import { createLicensePurchaseActivities } from '../../../workflows/license-purchase/activities';
import { executePurchase } from '../../../workflows/license-purchase/shared';
import { offerLicense, registeredWork } from '../../../tests/support/licensing';
import { startRippledStandIn, type RippledStandIn } from '../../../tests/support/rippled-stand-in';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

const XRP = 1_000_000;
const unused = async (): Promise<never> => {
  throw new Error('escrow purchases never reach the track workflow');
};

let rippled: RippledStandIn;
let testApp: TestApp;
let wallets: WalletServices;
let dataDir: string;
const platform = Wallet.generate();

beforeAll(async () => {
  rippled = await startRippledStandIn({ ledgerCloseMs: 20 });
  rippled.setBalance(platform.classicAddress, String(50 * XRP));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-license-escrow-'));
  wallets = await openWalletServices(dataDir, parseWalletConfig({ XRP_USD_RATE: '0.5', XRPL_URL: rippled.url }));
  // The escrow reads the buyer's wallet from the app's event store, which exists once the app does.
  const eventStore = { readStream: (streamId: string) => testApp.eventStore.readStream(streamId) } as EventStore;
  const licenseEscrow = xrplLicenseEscrow({ eventStore, wallets, platformWallet: platform, url: rippled.url });
  testApp = await startTestApp(dataDir, { start: unused, master: unused, startMaster: unused, check: unused, register: unused, retryRegistration: unused }, { wallets, licenseEscrow });
});

afterAll(async () => {
  await testApp?.close();
  await rippled?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signup(xrp: number | null): Promise<{ userId: string; cookie: string; address: string | null }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `escrow_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const userId = response.json().user.id as string;
  const cookie = `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;
  // Sign-up opened the buyer's wallets; null leaves the XRPL account unfunded (not on the ledger).
  const [opened] = await testApp.eventStore.readStream(walletsStreamId(userId));
  const { xrplAddress } = opened!.data as { xrplAddress: string };
  if (xrp === null) return { userId, cookie, address: null };
  rippled.setBalance(xrplAddress, String(xrp * XRP));
  return { userId, cookie, address: xrplAddress };
}

const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => testApp.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const buy = (cookie: string, offerId: string) => inject('POST', '/api/licenses/purchase', cookie, { licenseId: offerId, paymentMethod: 'polygon_escrow' });
const transactionsOf = (type: string) => rippled.received.filter((tx) => tx.TransactionType === type);

async function contractPending(workId: string): Promise<number> {
  const events = await testApp.eventStore.readStream(royaltyContractStreamId(contractIdFor(workId)));
  return pendingCents(events.reduce((s, e) => royaltyContractDecider.evolve(s, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState));
}

/** An owner with a registered work under a royalty contract and a USD offer paid by escrow. */
async function escrowOffer(priceCents: number, currency: 'USD' | 'QXMP' = 'USD') {
  const owner = await signup(1000);
  const workId = await registeredWork(testApp, owner.userId, 'Harbour Lights');
  const created = await inject('POST', '/api/smart-contracts/create', owner.cookie, { contentId: workId, templateType: 'standard_royalty' });
  expect(created.statusCode).toBe(201);
  const offerId = await offerLicense(testApp, owner.userId, workId, { details: { currency, priceCents, paymentOptions: ['polygon_escrow', 'qxmp_tokens'] }, workTitle: 'Harbour Lights' });
  return { owner, workId, offerId };
}

describe('license purchase by XRPL escrow against the rippled stand-in', () => {
  it('locks the price from the buyer account, issues the license, finishes the escrow and credits the contract', async () => {
    const { workId, offerId } = await escrowOffer(1000);
    const buyer = await signup(100);
    const platformBefore = BigInt(rippled.balanceOf(platform.classicAddress)!);
    const creates = transactionsOf('EscrowCreate').length;

    const response = await buy(buyer.cookie, offerId);
    expect(response.statusCode).toBe(200);
    const answer = purchaseResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ success: true, status: 'issued', escrow: { account: buyer.address, destination: platform.classicAddress, xrpAmount: '20.000000', status: 'finished' } });

    const create = transactionsOf('EscrowCreate').slice(creates);
    expect(create).toHaveLength(1);
    expect(create[0]).toMatchObject({ Account: buyer.address, Destination: platform.classicAddress, Amount: String(20 * XRP), hash: answer.escrow!.txHash });
    expect(create[0]!.Condition).toMatch(/^A0258020[0-9A-F]{64}810120$/);
    expect(create[0]!.CancelAfter).toEqual(expect.any(Number));
    const finish = transactionsOf('EscrowFinish').filter((tx) => tx.Owner === buyer.address);
    expect(finish).toHaveLength(1);
    expect(finish[0]).toMatchObject({ Account: platform.classicAddress, OfferSequence: create[0]!.Sequence });
    expect([...rippled.escrows.values()].filter((e) => e.owner === buyer.address)).toEqual([]);
    // The XRP left the buyer (price and fee) and reached the platform (less its finishing fee).
    expect(BigInt(rippled.balanceOf(buyer.address!)!)).toBe(BigInt(80 * XRP) - BigInt(create[0]!.Fee as string));
    expect(BigInt(rippled.balanceOf(platform.classicAddress)!)).toBe(platformBefore + BigInt(20 * XRP) - BigInt(finish[0]!.Fee as string));
    expect(await contractPending(workId)).toBe(1000);

    const mine = purchasedLicenseListSchema.parse((await inject('GET', '/api/licenses/mine', buyer.cookie)).json()).licenses;
    expect(mine[0]).toMatchObject({ id: answer.contractId, status: 'issued', paymentMethod: 'polygon_escrow', priceCents: 1000, currency: 'USD' });
    // The preimage is in the stream only sealed.
    const stream = await testApp.eventStore.readStream(licenseStreamId(answer.contractId));
    const prepared = stream.find((e) => e.type === 'LicenseEscrowPrepared')!.data as { sealedPreimage: string };
    expect(prepared.sealedPreimage).toMatch(/^v1\./);
  });

  it('runs a purchase whose EscrowCreate reply was lost again without creating a second escrow', async () => {
    const { workId, offerId } = await escrowOffer(500);
    const buyer = await signup(100);
    rippled.dropNextSubmissions(1);
    const failed = await buy(buyer.cookie, offerId);
    expect(failed.statusCode).toBe(500);
    const ours = () => transactionsOf('EscrowCreate').filter((tx) => tx.Account === buyer.address);
    expect(ours()).toHaveLength(1);

    const [license] = purchasedLicenseListSchema.parse((await inject('GET', '/api/licenses/mine', buyer.cookie)).json()).licenses;
    const signingKey = await loadCertificateSigningKey(dataDir, {});
    const activities = createLicensePurchaseActivities({
      eventStore: testApp.eventStore,
      db: testApp.db,
      tokenLedger: testApp.tokenLedger,
      signingKey,
      royaltyEarnings: royaltyEarningsSink(testApp.eventStore),
      escrow: xrplLicenseEscrow({ eventStore: testApp.eventStore, wallets, platformWallet: platform, url: rippled.url }),
    });
    const input = { licenseId: license!.id, publicOrigin: 'http://localhost', correlationId: randomUUID(), actor: 'test' };
    expect(await executePurchase(activities, input)).toEqual({ status: 'issued', message: 'License issued' });
    // Every step once more: nothing new on the ledger, the revenue recorded once.
    expect(await executePurchase(activities, input)).toEqual({ status: 'issued', message: 'License issued' });
    expect(ours()).toHaveLength(1);
    expect(transactionsOf('EscrowFinish').filter((tx) => tx.Owner === buyer.address)).toHaveLength(1);
    expect(await contractPending(workId)).toBe(500);
  });

  it('refuses a QXMP-priced offer: an escrow pays XRP', async () => {
    const { offerId } = await escrowOffer(1000, 'QXMP');
    const buyer = await signup(100);
    const response = await buy(buyer.cookie, offerId);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(ESCROW_QXMP_REFUSAL);
  });

  it('answers 402 WALLET_NOT_FUNDED when the buyer account cannot lock the price, and records nothing', async () => {
    const { offerId } = await escrowOffer(1000);
    for (const buyer of [await signup(25), await signup(null)]) {
      const response = await buy(buyer.cookie, offerId);
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toBe('WALLET_NOT_FUNDED:20.000000:10.00');
      expect(purchasedLicenseListSchema.parse((await inject('GET', '/api/licenses/mine', buyer.cookie)).json()).licenses).toEqual([]);
    }
  });
});
