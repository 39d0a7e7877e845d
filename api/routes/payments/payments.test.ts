// The payment routes through app.inject with the real Stripe SDK talking to stripe-mock: prices from
// the catalogue, one customer per user, webhook signatures, and every payment credited exactly once
// however Stripe delivers it. Webhook payloads are signed the way Stripe signs them.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WELCOME_BONUS_TOKENS } from '../../../domain/constants';
import { paymentCustomerStreamId } from '../../../domain/payments/payment-customer.events';
import { logger } from '../../../infra/logger/logger';
import { StripePayments } from '../../../infra/payments/stripe-payments';
import { startStripeMock, stripeMockBinary, type StripeMock } from '../../../tests/support/stripe-mock';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { registerErrorHandler } from '../../plugins/error-handler';
import type { Services } from '../../plugins/services';
import { zodValidatorCompiler } from '../../plugins/request-guard';
import { paymentRoutes } from '.';

const WEBHOOK_SECRET = 'whsec_test_goose_payments_suite';
const PUBLISHABLE_KEY = 'pk_test_goose_payments_suite';
const binary = stripeMockBinary();

const unused = async (): Promise<never> => {
  throw new Error('the payment routes never reach the track workflow');
};
const lifecycle = { start: unused, master: unused, startMaster: unused, check: unused, register: unused, retryRegistration: unused };

interface User {
  cookie: string;
  userId: string;
}

async function signup(testApp: TestApp): Promise<User> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `pay_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const cookie = `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;
  // The balance is shown once the user has a wallet.
  await testApp.app.inject({ method: 'POST', url: '/api/goose-tokens/generate-wallet', headers: { cookie }, payload: {} });
  return { cookie, userId: response.json().user.id };
}

const signer = new Stripe('sk_test_signer_only');

/** A Stripe event envelope around `object`, as Stripe delivers it. */
function stripeEvent(type: string, object: Record<string, unknown>) {
  return { id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
}

function signed(event: object, secret = WEBHOOK_SECRET, timestamp?: number) {
  const payload = JSON.stringify(event);
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) }) };
}

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function packagePaid(userId: string, paymentIntentId: string, packageId = 'starter', cents = 999) {
  return stripeEvent('payment_intent.succeeded', {
    id: paymentIntentId,
    object: 'payment_intent',
    amount: cents,
    amount_received: cents,
    currency: 'usd',
    status: 'succeeded',
    metadata: { userId, packageId, purpose: 'token_package' },
  });
}

function invoicePaid(userId: string, invoiceId: string, subscriptionId: string, tierId: string, period: { start: string; end: string }, amountPaid = 1999) {
  return stripeEvent('invoice.paid', {
    id: invoiceId,
    object: 'invoice',
    amount_paid: amountPaid,
    currency: 'usd',
    status: 'paid',
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscriptionId, metadata: { userId, tierId } } },
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${invoiceId}`,
          object: 'line_item',
          amount: 1999,
          metadata: { userId, tierId },
          period: { start: unix(period.start), end: unix(period.end) },
          parent: { type: 'subscription_item_details', invoice_item_details: null, subscription_item_details: { subscription: subscriptionId, subscription_item: 'si_1' } },
        },
      ],
    },
  });
}

function subscriptionObject(userId: string, subscriptionId: string, fields: Record<string, unknown>) {
  return {
    id: subscriptionId,
    object: 'subscription',
    status: 'active',
    metadata: { userId, tierId: 'bronze' },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_start: unix('2030-01-01T00:00:00.000Z'), current_period_end: unix('2030-02-01T00:00:00.000Z') }] },
    ...fields,
  };
}

describe.skipIf(!binary)(`payments against stripe-mock${binary ? '' : ' (skipped: stripe-mock is not installed; go install github.com/stripe/stripe-mock@v0.203.0)'}`, () => {
  let stripeMock: StripeMock;
  let testApp: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    stripeMock = await startStripeMock(binary!);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-payments-'));
    const payments = new StripePayments({ secretKey: 'sk_test_123', publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stripeMock.url });
    testApp = await startTestApp(dataDir, lifecycle, { payments });
  });

  afterAll(async () => {
    await testApp?.close();
    await stripeMock?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const deliver = (event: object, headers: Record<string, string> = {}, timestamp?: number) => {
    const { payload, signature } = signed(event, WEBHOOK_SECRET, timestamp);
    return testApp.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature, ...headers } });
  };

  const balance = async (user: User) => (await testApp.app.inject({ method: 'GET', url: '/api/goose-tokens/balance', headers: { cookie: user.cookie } })).json();
  const transactions = async (user: User) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/goose-tokens/transactions', headers: { cookie: user.cookie } })).json().transactions as { kind: string; cause: string; amount: number; reference: string | null }[];

  it('tells the pages payments are configured, with the publishable key', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.json()).toEqual({ configured: true, publishableKey: PUBLISHABLE_KEY, reason: null });
  });

  it('creates a PaymentIntent priced from the catalogue and refuses a disagreeing amount or an unknown package', async () => {
    const user = await signup(testApp);
    const created = await testApp.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: user.cookie }, payload: { packageId: 'pro', amount: 19.99 } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ clientSecret: expect.stringMatching(/_secret_/), paymentIntentId: expect.stringMatching(/^pi_/) });

    const cheaper = await testApp.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: user.cookie }, payload: { packageId: 'pro', amount: 1 } });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().error).toBe('amount: the Pro package costs 19.99 USD, not 1');

    const unknown = await testApp.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: user.cookie }, payload: { packageId: 'diamond', amount: 99 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^packageId: /);

    const visitor = await testApp.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { packageId: 'pro' } });
    expect(visitor.statusCode).toBe(401);
  });

  it('creates a subscription on one Stripe customer per user, kept on the user\'s payment-customer stream', async () => {
    const user = await signup(testApp);
    const body = { tierId: 'gold', tierName: 'Gold', monthlyPrice: 39.99, tokens: 39.99, features: ['Unlimited AI music prompts'] };
    const first = await testApp.app.inject({ method: 'POST', url: '/api/create-subscription', headers: { cookie: user.cookie }, payload: body });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ clientSecret: expect.any(String), subscriptionId: expect.stringMatching(/^sub_/) });
    const second = await testApp.app.inject({ method: 'POST', url: '/api/create-subscription', headers: { cookie: user.cookie }, payload: { tierId: 'silver' } });
    expect(second.statusCode).toBe(200);
    const links = await testApp.eventStore.readStream(paymentCustomerStreamId(user.userId));
    expect(links.map((e) => e.type)).toEqual(['PaymentCustomerLinked']);
    expect((links[0]!.data as { customerId: string }).customerId).toMatch(/^cus_/);

    const wrongPrice = await testApp.app.inject({ method: 'POST', url: '/api/create-subscription', headers: { cookie: user.cookie }, payload: { ...body, monthlyPrice: 9.99 } });
    expect(wrongPrice.statusCode).toBe(400);
    expect(wrongPrice.json().error).toBe('monthlyPrice: the Gold tier costs 39.99 USD a month, not 9.99');
  });

  it('refuses a delivery whose Stripe-Signature is wrong or missing, and credits nothing', async () => {
    const user = await signup(testApp);
    const event = packagePaid(user.userId, `pi_${randomUUID().slice(0, 8)}`);
    const payload = JSON.stringify(event);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const bad = await testApp.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': forged } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Stripe-Signature/);
    const missing = await testApp.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('The Stripe-Signature header is missing');
    // A body altered after signing does not verify either.
    const { signature } = signed(event);
    const altered = await testApp.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: payload.replace('999', '99900'), headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect(altered.statusCode).toBe(400);
    expect((await balance(user)).balance).toBe(WELCOME_BONUS_TOKENS);
  });

  it('credits a package once when the same payment_intent.succeeded arrives five times at once and again later', async () => {
    const user = await signup(testApp);
    const event = packagePaid(user.userId, `pi_${randomUUID().slice(0, 8)}`, 'premium', 3499);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    for (const answer of answers) expect(answer.json()).toEqual({ received: true });
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await balance(user)).balance).toBeCloseTo(WELCOME_BONUS_TOKENS + 34.99, 6);
    const purchases = (await transactions(user)).filter((t) => t.cause === 'purchase');
    expect(purchases).toEqual([expect.objectContaining({ kind: 'credit', amount: 34.99, reference: `stripe:pi:${event.data.object.id}` })]);
  });

  it('does not credit a subscription invoice\'s PaymentIntent as a package, and answers other event types with 200', async () => {
    const user = await signup(testApp);
    const invoicePayment = stripeEvent('payment_intent.succeeded', { id: 'pi_invoice_payment', object: 'payment_intent', amount: 1999, amount_received: 1999, currency: 'usd', metadata: {} });
    expect((await deliver(invoicePayment)).json()).toEqual({ received: true });
    expect((await deliver(stripeEvent('customer.created', { id: 'cus_x', object: 'customer', metadata: { userId: user.userId } }))).json()).toEqual({ received: true });
    expect((await balance(user)).balance).toBe(WELCOME_BONUS_TOKENS);
  });

  it('records a paid subscription month once, whatever the order and number of deliveries, and the balance shows the subscription', async () => {
    const user = await signup(testApp);
    const period = { start: '2030-01-01T00:00:00.000Z', end: '2030-02-01T00:00:00.000Z' };
    const paid = invoicePaid(user.userId, 'in_first_month', 'sub_out_of_order', 'bronze', period);
    // invoice.paid before the subscription's own created/updated events, then everything again.
    const created = stripeEvent('customer.subscription.created', subscriptionObject(user.userId, 'sub_out_of_order', { status: 'incomplete' }));
    const activated = stripeEvent('customer.subscription.updated', subscriptionObject(user.userId, 'sub_out_of_order', {}));
    for (const event of [paid, created, paid, activated]) expect((await deliver(event)).statusCode).toBe(200);
    await Promise.all([deliver(paid), deliver(paid)]);

    const after = await balance(user);
    expect(after.balance).toBeCloseTo(WELCOME_BONUS_TOKENS + 19.99, 6);
    expect(after.subscription).toEqual(expect.objectContaining({ tierId: 'bronze', periodEnd: period.end, endsAt: null }));
    const months = (await transactions(user)).filter((t) => t.cause === 'subscription_month');
    expect(months).toEqual([expect.objectContaining({ amount: 19.99, reference: 'stripe:in:in_first_month' })]);
  });

  it('ends the allowances at the period end when the subscription is cancelled at period end, or when Stripe deletes it', async () => {
    const user = await signup(testApp);
    const period = { start: '2030-01-01T00:00:00.000Z', end: '2030-02-01T00:00:00.000Z' };
    await deliver(invoicePaid(user.userId, 'in_to_cancel', 'sub_to_cancel', 'bronze', period));
    const cancelling = stripeEvent('customer.subscription.updated', subscriptionObject(user.userId, 'sub_to_cancel', { cancel_at_period_end: true }));
    expect((await deliver(cancelling)).json()).toEqual({ received: true });
    expect((await balance(user)).subscription.endsAt).toBe(period.end);

    const other = await signup(testApp);
    await deliver(invoicePaid(other.userId, 'in_deleted', 'sub_deleted', 'bronze', period));
    const endedAt = '2030-01-15T12:00:00.000Z';
    await deliver(stripeEvent('customer.subscription.deleted', subscriptionObject(other.userId, 'sub_deleted', { status: 'canceled', ended_at: unix(endedAt) })));
    expect((await balance(other)).subscription.endsAt).toBe(endedAt);
  });

  it('debits a refund once per refund, never below zero', async () => {
    const user = await signup(testApp);
    await deliver(packagePaid(user.userId, 'pi_refunded', 'pro', 1999));
    const refunded = stripeEvent('charge.refunded', {
      id: 'ch_refunded',
      object: 'charge',
      amount: 1999,
      amount_refunded: 500,
      currency: 'usd',
      customer: null,
      payment_intent: 'pi_refunded',
      metadata: { userId: user.userId, packageId: 'pro', purpose: 'token_package' },
      refunds: { object: 'list', data: [{ id: 're_partial', object: 'refund', amount: 500, status: 'succeeded' }] },
    });
    await Promise.all([deliver(refunded), deliver(refunded)]);
    expect((await balance(user)).balance).toBeCloseTo(WELCOME_BONUS_TOKENS + 19.99 - 5, 6);
    const debits = (await transactions(user)).filter((t) => t.cause === 'payment_refunded');
    expect(debits).toEqual([expect.objectContaining({ kind: 'debit', amount: -5, reference: 'stripe:refund:re_partial' })]);
  });

  it('keeps JSON parsing on every other route (the raw body is the webhook\'s alone)', async () => {
    const user = await signup(testApp);
    const response = await testApp.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: user.cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ packageId: 'starter', amount: 9.99 }) });
    expect(response.statusCode).toBe(200);
  });

  describe('correctly signed events that are refused all the same', () => {
    afterEach(() => vi.restoreAllMocks());

    /** Delivers a correctly signed event that must be refused: 400 with an error, nothing credited. */
    const refused = async (user: User, event: object, error: RegExp, timestamp?: number) => {
      const before = (await balance(user)).balance;
      const answer = await deliver(event, {}, timestamp);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toMatch(error);
      expect((await balance(user)).balance).toBe(before);
      expect((await transactions(user)).filter((t) => t.kind === 'credit' && t.cause !== 'welcome_bonus')).toEqual([]);
    };

    it('refuses and logs a package payment whose amount is not the catalogue price (a starter payment claiming the premium package)', async () => {
      const warn = vi.spyOn(logger, 'warn');
      const user = await signup(testApp);
      await refused(user, packagePaid(user.userId, `pi_${randomUUID().slice(0, 8)}`, 'premium', 999), /^The Premium package costs 34\.99 USD; the payment says 9\.99 USD$/);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ userId: user.userId, reason: expect.stringContaining('Premium package costs 34.99') }), 'signed Stripe event refused: nothing credited');
      // More than the price is refused too: the credit is the catalogue's, never the payment's say.
      await refused(user, packagePaid(user.userId, `pi_${randomUUID().slice(0, 8)}`, 'starter', 99_999), /^The Starter package costs 9\.99 USD/);
    });

    it('credits only USD payments', async () => {
      const user = await signup(testApp);
      const euros = packagePaid(user.userId, `pi_${randomUUID().slice(0, 8)}`, 'starter', 999);
      euros.data.object.currency = 'eur';
      await refused(user, euros, /^Only payments in USD are accepted, not EUR$/);
    });

    it('refuses an amount that is not a whole number of cents', async () => {
      const user = await signup(testApp);
      await refused(user, packagePaid(user.userId, `pi_${randomUUID().slice(0, 8)}`, 'starter', 998.5), /amount: amounts are whole cents/);
    });

    it('refuses a subscription invoice whose amount is not the tier\'s price, or whose period is longer than 40 days', async () => {
      const user = await signup(testApp);
      const month = { start: '2030-01-01T00:00:00.000Z', end: '2030-02-01T00:00:00.000Z' };
      await refused(user, invoicePaid(user.userId, 'in_cheap_gold', 'sub_cheap_gold', 'gold', month, 1999), /^The Gold tier costs 39\.99 USD a month; the invoice says 19\.99 USD$/);
      const year = { start: '2030-01-01T00:00:00.000Z', end: '2031-01-01T00:00:00.000Z' };
      await refused(user, invoicePaid(user.userId, 'in_year', 'sub_year', 'bronze', year), /at most 40 days; the invoice's is 365\.0 days$/);
      const backwards = { start: '2030-02-01T00:00:00.000Z', end: '2030-01-01T00:00:00.000Z' };
      await refused(user, invoicePaid(user.userId, 'in_backwards', 'sub_backwards', 'bronze', backwards), /longer than 0 and at most 40 days/);
      // A 40-day period at the tier's price is a month.
      const long = { start: '2030-01-01T00:00:00.000Z', end: '2030-02-10T00:00:00.000Z' };
      expect((await deliver(invoicePaid(user.userId, 'in_40_days', 'sub_40_days', 'bronze', long))).statusCode).toBe(200);
      expect((await balance(user)).balance).toBeCloseTo(WELCOME_BONUS_TOKENS + 19.99, 6);
    });

    it('refuses an event dated more than 5 minutes in the future (by its created time or its signature\'s), and takes one 4 minutes ahead', async () => {
      const user = await signup(testApp);
      const now = Math.floor(Date.now() / 1000);
      const ahead = { ...packagePaid(user.userId, `pi_${randomUUID().slice(0, 8)}`), created: now + 6 * 60 };
      await refused(user, ahead, /^The event is dated more than 5 minutes in the future$/);
      await refused(user, packagePaid(user.userId, `pi_${randomUUID().slice(0, 8)}`), /^The event is dated more than 5 minutes in the future$/, now + 6 * 60);
      const skewed = { ...packagePaid(user.userId, `pi_${randomUUID().slice(0, 8)}`), created: now + 4 * 60 };
      expect((await deliver(skewed, {}, now + 4 * 60)).statusCode).toBe(200);
      expect((await balance(user)).balance).toBeCloseTo(WELCOME_BONUS_TOKENS + 9.99, 6);
    });

    it('answers a malformed signed payload with 400 and an error, not 500: an amount of 1e17, a null object, no data', async () => {
      const user = await signup(testApp);
      await refused(user, packagePaid(user.userId, `pi_${randomUUID().slice(0, 8)}`, 'starter', 1e17), /^The payment_intent\.succeeded event's object is malformed: amount: amounts above 99999999 cents/);
      const nullObject = { ...packagePaid(user.userId, 'pi_null'), data: { object: null } };
      await refused(user, nullObject, /^The event is malformed: data\.object: /);
      const { data: _data, ...noData } = packagePaid(user.userId, 'pi_no_data');
      await refused(user, noData, /^The event is malformed: data: /);
      const badInvoice = invoicePaid(user.userId, 'in_bad', 'sub_bad', 'bronze', { start: '2030-01-01T00:00:00.000Z', end: '2030-02-01T00:00:00.000Z' });
      (badInvoice.data.object as Record<string, unknown>).lines = { object: 'list', data: [{ id: 'il_bad', period: null }] };
      await refused(user, badInvoice, /^The invoice\.paid event's object is malformed: lines\.data\.0\.period: /);
      const refund = stripeEvent('charge.refunded', { id: 'ch_bad', object: 'charge', currency: 'usd', metadata: { userId: user.userId }, refunds: { object: 'list', data: [{ id: 're_bad', amount: 1e17 }] } });
      await refused(user, refund, /^The charge\.refunded event's object is malformed: refunds\.data\.0\.amount: /);
    });
  });
});

describe('payments when Stripe is not configured', () => {
  let testApp: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-payments-off-'));
    testApp = await startTestApp(dataDir, lifecycle);
  });

  afterAll(async () => {
    await testApp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says so on the config route and answers 503 on the create routes and the webhook', async () => {
    const user = await signup(testApp);
    const reason = 'Card payments are not offered on this server.';
    expect((await testApp.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ configured: false, publishableKey: null, reason });
    const intent = await testApp.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: user.cookie }, payload: { packageId: 'starter', amount: 9.99 } });
    const subscription = await testApp.app.inject({ method: 'POST', url: '/api/create-subscription', headers: { cookie: user.cookie }, payload: { tierId: 'bronze' } });
    const { payload, signature } = signed(packagePaid(user.userId, 'pi_unconfigured'));
    const webhook = await testApp.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    for (const answer of [intent, subscription, webhook]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ error: reason });
    }
  });

  it('refuses webhooks with a 503 when only STRIPE_WEBHOOK_SECRET is missing', async () => {
    // The payment routes alone (no database needed: the refusal comes before any ledger work).
    const app = Fastify();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const payments = new StripePayments({ secretKey: 'sk_test_123', publishableKey: 'pk_test_x', webhookSecret: null, apiUrl: 'http://127.0.0.1:9' });
    app.decorate('services', { ...({} as Services), payments });
    await app.register(paymentRoutes);
    try {
      const { payload, signature } = signed(packagePaid(randomUUID(), 'pi_no_secret'));
      const webhook = await app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
      expect(webhook.statusCode).toBe(503);
      expect(webhook.json()).toEqual({ error: 'Stripe webhooks are not configured on this server: set STRIPE_WEBHOOK_SECRET' });
    } finally {
      await app.close();
    }
  });
});
