// A license bought by card against stripe-mock: the purchase answers awaiting_payment with the
// Checkout page, the signed checkout.session.completed delivery secures the payment and issues the
// license (its revenue credited once however often Stripe delivers), and a session GOOSE did not
// make for a license is ignored.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasedLicenseListSchema, purchaseResponseSchema } from '../../../domain/contracts/licensing';
import { availableMicros } from '../../../domain/tokens/token-account.decider';
import { StripePayments } from '../../../infra/payments/stripe-payments';
import { offerLicense, registeredWork } from '../../../tests/support/licensing';
import { startStripeMock, stripeMockBinary, type StripeMock } from '../../../tests/support/stripe-mock';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

const WEBHOOK_SECRET = 'whsec_test_goose_license_card';
const binary = stripeMockBinary();
const signer = new Stripe('sk_test_signer_only');

const unused = async (): Promise<never> => {
  throw new Error('card purchases never reach the track workflow');
};

function sessionCompleted(userId: string, licenseId: string, sessionId: string, cents: number, purpose = 'license_purchase') {
  const event = {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', amount_total: cents, currency: 'usd', payment_status: 'paid', status: 'complete', metadata: { userId, licenseId, purpose } } },
  };
  const payload = JSON.stringify(event);
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

describe.skipIf(!binary)(`license purchase by card against stripe-mock${binary ? '' : ' (skipped: stripe-mock is not installed)'}`, () => {
  let stripeMock: StripeMock;
  let testApp: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    stripeMock = await startStripeMock(binary!);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-license-card-'));
    const payments = new StripePayments({ secretKey: 'sk_test_123', publishableKey: 'pk_test_x', webhookSecret: WEBHOOK_SECRET, apiUrl: stripeMock.url });
    testApp = await startTestApp(dataDir, { start: unused, master: unused, startMaster: unused, check: unused, register: unused, retryRegistration: unused }, { payments });
  });

  afterAll(async () => {
    await testApp?.close();
    await stripeMock?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const signup = async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `card_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
    return { userId: response.json().user.id as string, cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}` };
  };
  const deliver = ({ payload, signature }: { payload: string; signature: string }) =>
    testApp.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

  it('answers with the Checkout page, and the paid session issues the license once', async () => {
    const owner = await signup();
    const buyer = await signup();
    const offerId = await offerLicense(testApp, owner.userId, await registeredWork(testApp, owner.userId), { details: { currency: 'USD', priceCents: 4999, paymentOptions: ['stripe'] } });
    const response = await testApp.app.inject({ method: 'POST', url: '/api/licenses/purchase', headers: { cookie: buyer.cookie }, payload: { licenseId: offerId, paymentMethod: 'stripe' } });
    expect(response.statusCode).toBe(200);
    const answer = purchaseResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ success: true, status: 'awaiting_payment' });
    expect(answer.checkoutUrl).toMatch(/^https?:\/\//);
    const mine = () => testApp.app.inject({ method: 'GET', url: '/api/licenses/mine', headers: { cookie: buyer.cookie } }).then((r) => purchasedLicenseListSchema.parse(r.json()).licenses);
    expect((await mine())[0]).toMatchObject({ id: answer.contractId, status: 'awaiting_payment', certificateId: null });

    const paid = sessionCompleted(buyer.userId, answer.contractId, 'cs_test_license_1', 4999);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await mine())[0]).toMatchObject({ status: 'issued', paymentMethod: 'stripe', priceCents: 4999 });
    // No royalty contract on the work: the owner is credited in tokens, once.
    expect(availableMicros(await testApp.tokenLedger.account(owner.userId))).toBe(99_990_000);
    expect(availableMicros(await testApp.tokenLedger.account(buyer.userId)) / 1_000_000).toBe(50);
  });

  it('ignores a completed session that is not a license', async () => {
    const buyer = await signup();
    expect((await deliver(sessionCompleted(buyer.userId, randomUUID(), 'cs_other', 100, 'something_else'))).statusCode).toBe(200);
  });
});
