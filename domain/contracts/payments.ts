// HTTP payloads of the payment routes (docs/payments.md): buying a token package, starting a
// subscription, the provider's webhook and whether payments are configured. Amounts are USD
// (1 token = 1 USD); the server prices everything from the catalogue and refuses a disagreeing one.
import { z } from 'zod';
import { SUBSCRIPTION_TIER_IDS, TOKEN_PACKAGE_IDS } from '../tokens/catalogue';

export const createPaymentIntentBodySchema = z.object({
  packageId: z.enum(TOKEN_PACKAGE_IDS),
  /** The price the page showed (USD); must be the catalogue's. */
  amount: z.number().positive().optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBodySchema>;

export const createPaymentIntentResponseSchema = z.object({
  /** For Stripe's Payment Element on the page; never logged. */
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

export const createSubscriptionBodySchema = z.object({
  tierId: z.enum(SUBSCRIPTION_TIER_IDS),
  tierName: z.string().max(100).optional(),
  /** USD a month as the page showed it; must be the catalogue's. */
  monthlyPrice: z.number().positive().optional(),
  /** Tokens a month as the page showed them; must be the catalogue's. */
  tokens: z.number().positive().optional(),
  features: z.array(z.string().max(300)).max(50).optional(),
});
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBodySchema>;

export const createSubscriptionResponseSchema = z.object({
  clientSecret: z.string(),
  subscriptionId: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const webhookResponseSchema = z.object({ received: z.literal(true) });

export const paymentsConfigResponseSchema = z.object({
  configured: z.boolean(),
  /** Stripe's publishable key for the pages' Payment Element; null when payments are off. */
  publishableKey: z.string().nullable(),
  /** Why payments are off, in plain words; null when configured. */
  reason: z.string().nullable(),
});
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponseSchema>;
