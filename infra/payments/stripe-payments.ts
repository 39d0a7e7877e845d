// The payments port on Stripe: PaymentIntents for token packages, one Stripe customer per user,
// monthly subscriptions priced inline from the catalogue, and webhook deliveries verified with the
// SDK on their raw body and translated into what the ledger acts on. Everything a webhook needs
// (the user, the package or the tier) travels in the objects' metadata, so a delivery is understood
// without any lookup of ours.
import Stripe from 'stripe';
import { z } from 'zod';
import { findPackage, findTier } from '../../domain/tokens/catalogue';
import type { StripeConfig } from '../config';
import { logger } from '../logger/logger';
import {
  PaymentProviderError,
  WebhookRefusedError,
  WebhookSignatureError,
  type PackagePayment,
  type LicenseCheckout,
  type PaymentEvent,
  type PaymentsProvider,
  type SubscriptionRequest,
} from './payments-provider';

/** Marks the PaymentIntents GOOSE creates for a package: only these credit a purchase. */
const PACKAGE_PURPOSE = 'token_package';
const LICENSE_PURPOSE = 'license_purchase';

const userIdSchema = z.uuid();

/** How far ahead of this server's clock an event may be dated (clock skew), in seconds. */
const MAX_FUTURE_SKEW_S = 5 * 60;
/** Stripe's largest USD charge is 999,999.99: an amount beyond it is no payment Stripe made. */
const MAX_CENTS = 99_999_999;

// The fields GOOSE reads from each object, checked before anything is read: a signed payload can
// still be malformed (a null object, an amount of 1e17 or 9.5 cents), and that is a 400, never a 500.
const cents = z.number().min(0).max(MAX_CENTS, `amounts above ${MAX_CENTS} cents are no card payment`).int('amounts are whole cents');
const unixSeconds = z.number().int().nonnegative();
const metadataSchema = z.record(z.string(), z.string()).nullish();
const eventEnvelopeSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  created: unixSeconds,
  data: z.looseObject({ object: z.looseObject({}) }),
});
const objectSchemas: Partial<Record<string, z.ZodType>> = {
  'payment_intent.succeeded': z.looseObject({ id: z.string().min(1), amount: cents, amount_received: cents.nullish(), currency: z.string(), metadata: metadataSchema }),
  'checkout.session.completed': z.looseObject({ id: z.string().min(1), amount_total: cents.nullish(), currency: z.string().nullish(), payment_status: z.string(), metadata: metadataSchema }),
  'invoice.paid': z.looseObject({
    id: z.string().min(1).nullish(),
    amount_paid: cents,
    currency: z.string(),
    parent: z.looseObject({ subscription_details: z.looseObject({ metadata: metadataSchema }).nullish() }).nullish(),
    lines: z.looseObject({ data: z.array(z.looseObject({ metadata: metadataSchema, period: z.looseObject({ start: unixSeconds, end: unixSeconds }) })) }).nullish(),
  }),
  'customer.subscription.updated': z.looseObject({
    id: z.string().min(1),
    metadata: metadataSchema,
    cancel_at: unixSeconds.nullish(),
    ended_at: unixSeconds.nullish(),
    canceled_at: unixSeconds.nullish(),
    items: z.looseObject({ data: z.array(z.looseObject({ current_period_end: unixSeconds })) }),
  }),
  'charge.refunded': z.looseObject({
    id: z.string().min(1),
    currency: z.string(),
    metadata: metadataSchema,
    refunds: z.looseObject({ data: z.array(z.looseObject({ id: z.string().min(1), amount: cents, status: z.string().nullish() })) }).nullish(),
  }),
};
objectSchemas['customer.subscription.deleted'] = objectSchemas['customer.subscription.updated'];

/** The first thing wrong with a payload, as `path: message`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  /** Another API base (stripe-mock), e.g. http://127.0.0.1:12111. */
  apiUrl?: string | null;
}

/** The provider from the configuration, or why there is none: `reason` for the start log (operators), PAYMENTS_NOT_CONFIGURED for users. */
export function stripeFromConfig(config: StripeConfig): { payments: StripePayments } | { payments: null; reason: string } {
  if (!config.secretKey || !config.publishableKey) return { payments: null, reason: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are not both set' };
  return { payments: new StripePayments({ secretKey: config.secretKey, publishableKey: config.publishableKey, webhookSecret: config.webhookSecret, apiUrl: config.apiUrl }) };
}

/** Said to users (pages, 503s): no setting names; operators read the start log and docs/payments.md. */
export const PAYMENTS_NOT_CONFIGURED = 'Card payments are not offered on this server.';

export class StripePayments implements PaymentsProvider {
  readonly publishableKey: string;
  readonly acceptsWebhooks: boolean;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | null;
  /** Tier products known to exist at Stripe (created on first use). */
  private readonly products = new Set<string>();

  constructor(settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.webhookSecret = settings.webhookSecret;
    this.acceptsWebhooks = settings.webhookSecret !== null;
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  async createPackagePayment(payment: PackagePayment): Promise<{ paymentIntentId: string; clientSecret: string }> {
    const intent = await providerCall('create a payment', () => this.stripe.paymentIntents.create({
      amount: payment.amountCents,
      currency: 'usd',
      description: payment.description,
      automatic_payment_methods: { enabled: true },
      metadata: { userId: payment.userId, packageId: payment.packageId, purpose: PACKAGE_PURPOSE },
    }));
    if (!intent.client_secret) throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
    return { paymentIntentId: intent.id, clientSecret: intent.client_secret };
  }

  async createCustomer(userId: string): Promise<string> {
    const customer = await providerCall('create a customer', () => this.stripe.customers.create({ description: `GOOSE user ${userId}`, metadata: { userId } }));
    return customer.id;
  }

  async createSubscription(request: SubscriptionRequest): Promise<{ subscriptionId: string; clientSecret: string }> {
    const product = await providerCall('set up the subscription product', () => this.tierProduct(request.tierId, request.tierName));
    const subscription = await providerCall('create a subscription', () => this.stripe.subscriptions.create({
      customer: request.customerId,
      items: [{ price_data: { currency: 'usd', product, unit_amount: request.monthlyCents, recurring: { interval: 'month' } } }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { userId: request.userId, tierId: request.tierId },
      expand: ['latest_invoice.confirmation_secret'],
    }));
    const invoice = subscription.latest_invoice;
    const invoiceId = typeof invoice === 'string' ? invoice : invoice?.id;
    const clientSecret = (typeof invoice === 'string' ? null : invoice?.confirmation_secret?.client_secret) || (invoiceId ? await this.invoicePaymentSecret(invoiceId) : null);
    if (!clientSecret) throw new Error(`Stripe returned subscription ${subscription.id} without a client secret for its first invoice`);
    return { subscriptionId: subscription.id, clientSecret };
  }

  /**
   * The client secret of the invoice's default PaymentIntent: the same secret the invoice's
   * confirmation_secret carries, for when that is left empty (stripe-mock leaves it so).
   */
  private async invoicePaymentSecret(invoiceId: string): Promise<string | null> {
    const payments = await providerCall('read the first invoice\'s payment', () => this.stripe.invoicePayments.list({ invoice: invoiceId, expand: ['data.payment.payment_intent'] }));
    const payment = payments.data.find((p) => p.is_default)?.payment.payment_intent;
    return payment && typeof payment !== 'string' ? payment.client_secret : null;
  }

  async createLicenseCheckout(checkout: LicenseCheckout): Promise<{ sessionId: string; url: string }> {
    const session = await providerCall('create a Checkout session', () => this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: checkout.amountCents, product_data: { name: checkout.description } } }],
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
      client_reference_id: checkout.licenseId,
      metadata: { userId: checkout.userId, licenseId: checkout.licenseId, purpose: LICENSE_PURPOSE },
      payment_intent_data: { metadata: { userId: checkout.userId, licenseId: checkout.licenseId, purpose: LICENSE_PURPOSE } },
    }));
    if (!session.url) throw new Error(`Stripe returned Checkout session ${session.id} without a URL`);
    return { sessionId: session.id, url: session.url };
  }

  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
    if (!this.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set: webhook deliveries cannot be verified');
    if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(`The Stripe-Signature does not verify this body: ${(error as Error).message}`);
    }
    checkWebhookPayload(event, signature);
    return this.translate(event);
  }

  private async translate(event: Stripe.Event): Promise<PaymentEvent> {
    const ignored = (why: string): PaymentEvent => ({ kind: 'ignored', eventId: event.id, type: event.type, why });
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        const { userId, packageId, purpose } = intent.metadata ?? {};
        // A subscription invoice's payment succeeds too; the month is credited by invoice.paid.
        if (purpose !== PACKAGE_PURPOSE || !packageId || !findPackage(packageId)) return ignored('not a token package payment');
        if (!userIdSchema.safeParse(userId).success) return ignored('the payment carries no GOOSE user');
        return { kind: 'package_paid', eventId: event.id, userId: userId!, packageId, paymentIntentId: intent.id, amountCents: intent.amount_received ?? intent.amount, currency: intent.currency };
      }
      case 'checkout.session.completed': {
        const session = event.data.object;
        const { userId, licenseId, purpose } = session.metadata ?? {};
        if (purpose !== LICENSE_PURPOSE || !licenseId) return ignored('not a license Checkout session');
        if (!userIdSchema.safeParse(userId).success) return ignored('the session carries no GOOSE user');
        if (session.payment_status !== 'paid') return ignored(`the session's payment is ${session.payment_status}`);
        return { kind: 'license_paid', eventId: event.id, userId: userId!, licenseId, sessionId: session.id, amountCents: session.amount_total ?? 0, currency: session.currency ?? 'usd' };
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details;
        const line = invoice.lines?.data.find((l) => l.parent?.subscription_item_details) ?? invoice.lines?.data[0];
        const metadata = { ...line?.metadata, ...details?.metadata };
        const subscription = details?.subscription ?? line?.parent?.subscription_item_details?.subscription;
        const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
        if (!subscriptionId || !line) return ignored('not a subscription invoice');
        if (!metadata.tierId || !findTier(metadata.tierId)) return ignored('the subscription names no GOOSE tier');
        if (!userIdSchema.safeParse(metadata.userId).success) return ignored('the subscription carries no GOOSE user');
        if (!invoice.id) return ignored('the invoice has no id');
        return {
          kind: 'subscription_month_paid',
          eventId: event.id,
          userId: metadata.userId!,
          tierId: metadata.tierId,
          subscriptionId,
          invoiceId: invoice.id,
          amountCents: invoice.amount_paid,
          currency: invoice.currency,
          periodStart: isoFromUnix(line.period.start),
          periodEnd: isoFromUnix(line.period.end),
        };
      }
      case 'customer.subscription.deleted':
      case 'customer.subscription.updated': {
        const subscription = event.data.object;
        const userId = subscription.metadata?.userId;
        if (!userIdSchema.safeParse(userId).success) return ignored('the subscription carries no GOOSE user');
        if (event.type === 'customer.subscription.updated' && !subscription.cancel_at_period_end && !subscription.cancel_at) return ignored('the subscription is not being cancelled');
        const periodEnd = Math.max(0, ...subscription.items.data.map((item) => item.current_period_end));
        const endsAt =
          event.type === 'customer.subscription.deleted'
            ? (subscription.ended_at ?? subscription.canceled_at ?? Math.floor(Date.now() / 1000))
            : (subscription.cancel_at ?? periodEnd);
        return { kind: 'subscription_ending', eventId: event.id, userId: userId!, subscriptionId: subscription.id, endsAt: isoFromUnix(endsAt) };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const userId = charge.metadata?.userId ?? (await this.userOfCustomer(charge.customer));
        if (!userIdSchema.safeParse(userId).success) return ignored('the charge carries no GOOSE user');
        // The event's charge may not list its refunds (newer API versions leave them out): ask.
        const refunds = charge.refunds?.data ?? (await providerCall('list the charge\'s refunds', () => this.stripe.refunds.list({ charge: charge.id, limit: 100 }))).data;
        return {
          kind: 'payment_refunded',
          eventId: event.id,
          userId: userId!,
          chargeId: charge.id,
          currency: charge.currency,
          refunds: refunds.filter((r) => r.status !== 'failed' && r.status !== 'canceled').map((r) => ({ refundId: r.id, amountCents: r.amount })),
        };
      }
      default:
        return ignored('an event type GOOSE does not act on');
    }
  }

  private async userOfCustomer(customer: string | Stripe.Customer | Stripe.DeletedCustomer | null): Promise<string | undefined> {
    if (!customer) return undefined;
    const found = typeof customer === 'string' ? await providerCall('look up the customer', () => this.stripe.customers.retrieve(customer)) : customer;
    return 'deleted' in found && found.deleted ? undefined : (found as Stripe.Customer).metadata?.userId;
  }

  /** The Stripe product a tier's subscriptions bill under (subscription items need one), created on first use. */
  private async tierProduct(tierId: string, tierName: string): Promise<string> {
    const id = `goose-subscription-${tierId}`;
    if (this.products.has(id)) return id;
    try {
      await this.stripe.products.retrieve(id);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'resource_missing') throw error;
      await this.stripe.products.create({ id, name: `GOOSE ${tierName} subscription` });
    }
    this.products.add(id);
    return id;
  }
}

/**
 * Runs a Stripe call; a Stripe error becomes a PaymentProviderError saying what could not be done.
 * Only the error's kind is logged: Stripe's messages may quote (part of) the API key.
 */
async function providerCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.warn({ stripeErrorType: error.type, stripeErrorCode: error.code, stripeStatus: error.statusCode, stripeRequestId: error.requestId }, `Stripe refused to ${what}`);
    throw new PaymentProviderError(`Stripe could not ${what} (${error.type}${error.code ? `: ${error.code}` : ''}); please try again later`);
  }
}

/**
 * Refuses a verified delivery GOOSE must not act on: dated more than 5 minutes ahead (the
 * signature's timestamp or the event's `created`), or whose object is not what its type names.
 */
function checkWebhookPayload(event: Stripe.Event, signature: string): void {
  const envelope = eventEnvelopeSchema.safeParse(event);
  if (!envelope.success) throw new WebhookRefusedError(`The event is malformed: ${firstIssue(envelope.error)}`);
  const latest = Date.now() / 1000 + MAX_FUTURE_SKEW_S;
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1] ?? 0);
  if (event.created > latest || signedAt > latest) throw new WebhookRefusedError('The event is dated more than 5 minutes in the future');
  const schema = objectSchemas[event.type];
  const object = schema?.safeParse(event.data.object);
  if (object && !object.success) throw new WebhookRefusedError(`The ${event.type} event's object is malformed: ${firstIssue(object.error)}`);
}

function isoFromUnix(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
