// The payments port: what the platform asks of a card payment provider (Stripe is the one
// implementation, infra/payments/stripe-payments.ts), and the provider's webhook deliveries
// translated into the few facts the token ledger acts on.

export interface PackagePayment {
  userId: string;
  packageId: string;
  /** Cents, USD. */
  amountCents: number;
  description: string;
}

export interface SubscriptionRequest {
  userId: string;
  customerId: string;
  tierId: string;
  tierName: string;
  /** Cents a month, USD. */
  monthlyCents: number;
}

/** What a verified webhook delivery means for the ledger. */
export type PaymentEvent =
  /** A token package was paid (only payments created for a package: a subscription's invoice payment is not one). */
  | { kind: 'package_paid'; eventId: string; userId: string; packageId: string; paymentIntentId: string; amountCents: number; currency: string }
  /** A subscription month was paid (the invoice's amount paid, in cents). Dates are ISO. */
  | { kind: 'subscription_month_paid'; eventId: string; userId: string; tierId: string; subscriptionId: string; invoiceId: string; amountCents: number; currency: string; periodStart: string; periodEnd: string }
  /** The subscription ends (cancelled now, or at the end of the paid period). */
  | { kind: 'subscription_ending'; eventId: string; userId: string; subscriptionId: string; endsAt: string }
  /** Money was given back: each refund once, in cents. */
  | { kind: 'payment_refunded'; eventId: string; userId: string; chargeId: string; refunds: { refundId: string; amountCents: number }[]; currency: string }
  /** A license's Checkout session was paid (only sessions GOOSE created for a license). */
  | { kind: 'license_paid'; eventId: string; userId: string; licenseId: string; sessionId: string; amountCents: number; currency: string }
  /** A delivery the platform has nothing to do for (another event type, or one not made by GOOSE). */
  | { kind: 'ignored'; eventId: string; type: string; why: string };

/** The provider failed or refused a request; `message` is safe to show (no keys, no secrets). */
export class PaymentProviderError extends Error {}

/** The Stripe-Signature (or the provider's equivalent) did not verify the body. */
export class WebhookSignatureError extends Error {}

/**
 * A correctly signed delivery that is refused all the same: a payload that is not the object its
 * type names (a null object, an amount that is no whole number of cents or beyond any card
 * payment), or an event dated in the future. `message` says which, without secrets.
 */
export class WebhookRefusedError extends Error {}

/** A license bought by card: paid on Stripe's Checkout page, completed by the webhook. */
export interface LicenseCheckout {
  licenseId: string;
  userId: string;
  /** Cents, USD. */
  amountCents: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentsProvider {
  /** Handed to the pages for the provider's payment form. */
  readonly publishableKey: string;
  /** False when no webhook secret is set: deliveries cannot be verified, so none are accepted. */
  readonly acceptsWebhooks: boolean;
  createPackagePayment(payment: PackagePayment): Promise<{ paymentIntentId: string; clientSecret: string }>;
  createCustomer(userId: string): Promise<string>;
  /** A monthly subscription, incomplete until its first invoice is paid on the page. */
  createSubscription(request: SubscriptionRequest): Promise<{ subscriptionId: string; clientSecret: string }>;
  /** Verifies a delivery's signature on its raw body (WebhookSignatureError otherwise) and says what it means. */
  receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
  /** A Checkout session for a license (absent on providers that cannot take one: card purchases are then refused). */
  createLicenseCheckout?(checkout: LicenseCheckout): Promise<{ sessionId: string; url: string }>;
}
