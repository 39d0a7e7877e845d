// Card payments (docs/payments.md): a PaymentIntent for a token package, a monthly subscription,
// Stripe's webhook that credits, records, cancels and debits through the token ledger, and
// whether payments are configured at all. Prices come from the catalogue, never from the client;
// each payment credits once however often Stripe delivers it (the ledger's references).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
  createSubscriptionBodySchema,
  createSubscriptionResponseSchema,
  paymentsConfigResponseSchema,
  webhookResponseSchema,
} from '../../../domain/contracts/payments';
import { ValidationError } from '../../../domain/shared/errors';
import { tokensToMicros } from '../../../domain/shared/tokens';
import { findPackage, findTier } from '../../../domain/tokens/catalogue';
import type { TokenAccountCommand } from '../../../domain/tokens/token-account.decider';
import { logger as log } from '../../../infra/logger/logger';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { licenseDecider, licenseStreamId } from '../../../domain/licensing/license.decider';
import { customerFor } from '../../../infra/payments/customer-links';
import { PaymentProviderError, WebhookRefusedError, WebhookSignatureError, type PaymentEvent, type PaymentsProvider } from '../../../infra/payments/payments-provider';
import { PAYMENTS_NOT_CONFIGURED } from '../../../infra/payments/stripe-payments';
import type { Services } from '../../plugins/services';
import { PUBLIC } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';

const WEBHOOK_NOT_CONFIGURED = 'Stripe webhooks are not configured on this server: set STRIPE_WEBHOOK_SECRET';
/** Micro-tokens per cent: 1 token = 1 USD. */
const MICROS_PER_CENT = 10_000;
/** A subscription invoice pays a month: a period longer than this is no month of ours. */
const MAX_PERIOD_DAYS = 40;
const DAY_MS = 24 * 60 * 60 * 1000;

const toCents = (usd: number) => Math.round(usd * 100);

/** True when the page's figure is the catalogue's (to the cent). */
const samePrice = (given: number, catalogue: number) => tokensToMicros(given) === tokensToMicros(catalogue);

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { payments, eventStore } = deps;

  const configured = (): PaymentsProvider => {
    if (!payments) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
    return payments;
  };

  app.get('/api/payments/config', { schema: { summary: 'Whether card payments are configured, and the publishable key the payment form needs', tags: ['tokens'], ...PUBLIC, response: { 200: paymentsConfigResponseSchema } } }, () =>
    payments ? { configured: true, publishableKey: payments.publishableKey, reason: null } : { configured: false, publishableKey: null, reason: PAYMENTS_NOT_CONFIGURED },
  );

  app.post('/api/create-payment-intent', { schema: { summary: 'Start paying for a token package: a Stripe PaymentIntent priced from the catalogue', tags: ['tokens'], body: createPaymentIntentBodySchema, response: { 200: createPaymentIntentResponseSchema } } }, async (request) => {
    const userId = requireUserId(request);
    const provider = configured();
    const { packageId, amount } = request.body;
    const pkg = findPackage(packageId);
    if (!pkg) throw new ValidationError(`Unknown token package ${packageId}`);
    if (amount !== undefined && !samePrice(amount, pkg.price)) throw new ValidationError(`amount: the ${pkg.name} package costs ${pkg.price.toFixed(2)} USD, not ${amount}`);
    const intent = await viaProvider(() => provider.createPackagePayment({ userId, packageId: pkg.id, amountCents: toCents(pkg.price), description: `GOOSE ${pkg.name} token package (${pkg.tokens} tokens)` }));
    request.log.info({ userId, packageId: pkg.id, paymentIntentId: intent.paymentIntentId }, 'payment intent created');
    return intent;
  });

  app.post('/api/create-subscription', { schema: { summary: 'Start a monthly subscription: a Stripe subscription priced from the catalogue, paid on the page', tags: ['tokens'], body: createSubscriptionBodySchema, response: { 200: createSubscriptionResponseSchema } } }, async (request) => {
    const userId = requireUserId(request);
    const provider = configured();
    const { tierId, monthlyPrice, tokens } = request.body;
    const tier = findTier(tierId);
    if (!tier) throw new ValidationError(`Unknown subscription tier ${tierId}`);
    if (monthlyPrice !== undefined && !samePrice(monthlyPrice, tier.monthlyPrice)) throw new ValidationError(`monthlyPrice: the ${tier.name} tier costs ${tier.monthlyPrice.toFixed(2)} USD a month, not ${monthlyPrice}`);
    if (tokens !== undefined && !samePrice(tokens, tier.tokens)) throw new ValidationError(`tokens: the ${tier.name} tier credits ${tier.tokens} tokens a month, not ${tokens}`);
    const customerId = await viaProvider(() => customerFor(eventStore, provider, userId, { correlationId: request.id }));
    const subscription = await viaProvider(() => provider.createSubscription({ userId, customerId, tierId: tier.id, tierName: tier.name, monthlyCents: toCents(tier.monthlyPrice) }));
    request.log.info({ userId, tierId: tier.id, subscriptionId: subscription.subscriptionId }, 'subscription created');
    return subscription;
  });

  // Stripe signs the exact bytes it sent, so this route (and only this one: a scope of its own)
  // keeps the body raw instead of parsing JSON.
  await app.register(async (webhookScope) => {
    webhookScope.removeContentTypeParser('application/json');
    webhookScope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhookScope.post('/api/webhooks/stripe', {
      schema: {
        summary: 'Stripe\'s webhook: payments, subscription months, cancellations and refunds, verified by their Stripe-Signature',
        tags: ['tokens'],
        ...PUBLIC,
        body: z.unknown().meta({ description: 'A Stripe event as Stripe sent it (JSON), verified on its raw bytes' }),
        response: { 200: webhookResponseSchema },
      },
    }, async (request) => {
      if (!payments) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
      if (!payments.acceptsWebhooks) throw new HttpError(503, WEBHOOK_NOT_CONFIGURED);
      if (!Buffer.isBuffer(request.body)) throw new ValidationError('The webhook body must be the JSON Stripe sent');
      const signature = request.headers['stripe-signature'];
      let event: PaymentEvent;
      try {
        event = await viaProvider(() => payments.receiveWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined));
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new ValidationError(error.message);
        if (error instanceof WebhookRefusedError) {
          log.warn({ reason: error.message }, 'signed Stripe event refused');
          throw new ValidationError(error.message);
        }
        throw error;
      }
      const refusal = refusalOf(event);
      if (refusal) {
        // Correctly signed, yet not what GOOSE sold: nothing is credited, and Stripe's dashboard shows the delivery failing.
        log.warn({ eventId: event.eventId, kind: event.kind, userId: 'userId' in event ? event.userId : undefined, reason: refusal }, 'signed Stripe event refused: nothing credited');
        throw new ValidationError(refusal);
      }
      await applyPaymentEvent(deps, event);
      return { received: true as const };
    });
  });
};

/** Runs a provider call; the provider failing or refusing is a bad gateway (502), never its own status (Stripe's 401 is not the user's). */
async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new HttpError(502, error.message);
    throw error;
  }
}

/**
 * Why a verified delivery must not move tokens, or null: only USD, and a credit only for exactly
 * the catalogue's price of the package or tier, for a month of at most 40 days.
 */
function refusalOf(event: PaymentEvent): string | null {
  if ('currency' in event && event.currency !== 'usd') return `Only payments in USD are accepted, not ${event.currency.toUpperCase()}`;
  switch (event.kind) {
    case 'package_paid': {
      const pkg = findPackage(event.packageId)!;
      if (event.amountCents !== toCents(pkg.price)) return `The ${pkg.name} package costs ${pkg.price.toFixed(2)} USD; the payment says ${(event.amountCents / 100).toFixed(2)} USD`;
      return null;
    }
    case 'subscription_month_paid': {
      const tier = findTier(event.tierId)!;
      if (event.amountCents !== toCents(tier.monthlyPrice)) return `The ${tier.name} tier costs ${tier.monthlyPrice.toFixed(2)} USD a month; the invoice says ${(event.amountCents / 100).toFixed(2)} USD`;
      const days = (Date.parse(event.periodEnd) - Date.parse(event.periodStart)) / DAY_MS;
      if (!(days > 0) || days > MAX_PERIOD_DAYS) return `A subscription period must be longer than 0 and at most ${MAX_PERIOD_DAYS} days; the invoice's is ${days.toFixed(1)} days`;
      return null;
    }
    default:
      return null;
  }
}

/** What a verified delivery does to the ledger; each command carries the payment's reference, so a repeat decides nothing. */
async function applyPaymentEvent(deps: Services, event: PaymentEvent): Promise<void> {
  const { tokenLedger, projector } = deps;
  const context = { correlationId: event.eventId, actor: 'stripe' };
  const run = async (userId: string, command: TokenAccountCommand) => {
    const outcome = await tokenLedger.execute(userId, command, context);
    // The read model shows it by the time Stripe has its answer (and the page reloads the balance).
    if (outcome.result) await projector.waitFor(outcome.result.lastPosition);
    return outcome.result !== null;
  };
  switch (event.kind) {
    case 'package_paid': {
      const pkg = findPackage(event.packageId)!;
      const credited = await run(event.userId, {
        type: 'Credit',
        data: { amountMicros: event.amountCents * MICROS_PER_CENT, cause: 'purchase', reference: `stripe:pi:${event.paymentIntentId}`, description: `${pkg.name} token package` },
      });
      log.info({ eventId: event.eventId, userId: event.userId, packageId: pkg.id, credited }, 'token package payment received');
      return;
    }
    case 'subscription_month_paid': {
      const tierId = findTier(event.tierId)!.id;
      const recorded = await run(event.userId, {
        type: 'RecordSubscriptionPeriod',
        data: { subscriptionId: event.subscriptionId, tierId, reference: `stripe:in:${event.invoiceId}`, periodStart: event.periodStart, periodEnd: event.periodEnd },
      });
      log.info({ eventId: event.eventId, userId: event.userId, tierId, subscriptionId: event.subscriptionId, recorded }, 'subscription month paid');
      return;
    }
    case 'subscription_ending': {
      const cancelled = await run(event.userId, { type: 'CancelSubscription', data: { subscriptionId: event.subscriptionId, endsAt: event.endsAt } });
      log.info({ eventId: event.eventId, userId: event.userId, subscriptionId: event.subscriptionId, endsAt: event.endsAt, cancelled }, 'subscription ending');
      return;
    }
    case 'payment_refunded': {
      for (const refund of event.refunds) {
        if (refund.amountCents <= 0) continue;
        const debited = await run(event.userId, {
          type: 'Debit',
          data: { amountMicros: refund.amountCents * MICROS_PER_CENT, cause: 'payment_refunded', upToAvailable: true, reference: `stripe:refund:${refund.refundId}`, description: `Card payment refunded (${refund.refundId})` },
        });
        log.info({ eventId: event.eventId, userId: event.userId, refundId: refund.refundId, debited }, 'payment refund debited');
      }
      return;
    }
    case 'license_paid': {
      // The card paid the license's Checkout session: the payment is secured once (the session is its reference), then the purchase runs on.
      const { events, result } = await handleCommand(deps.eventStore, licenseStreamId(event.licenseId), licenseDecider, { type: 'SecurePayment', data: { paymentMethod: 'stripe', reference: event.sessionId, detail: { sessionId: event.sessionId, amountCents: event.amountCents, currency: event.currency } } }, context);
      if (result) await projector.waitFor(result.lastPosition);
      const outcome = await deps.licensePurchases!.purchase({ licenseId: event.licenseId, publicOrigin: deps.publicOrigin(), ...context });
      log.info({ eventId: event.eventId, licenseId: event.licenseId, sessionId: event.sessionId, secured: events.length > 0, status: outcome.status }, 'license card payment received');
      return;
    }
    case 'ignored':
      log.debug({ eventId: event.eventId, type: event.type, why: event.why }, 'stripe event ignored');
      return;
  }
}
