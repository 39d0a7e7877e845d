// The payment calls of the checkout and subscribe pages: whether payments are configured (and the
// publishable key), the price list, and creating the PaymentIntent or subscription whose client
// secret the Stripe Payment Element confirms. A creation runs once per page visit, never retried.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  createPaymentIntentResponseSchema,
  createSubscriptionResponseSchema,
  paymentsConfigResponseSchema,
  type CreatePaymentIntentBody,
  type CreateSubscriptionBody,
} from '../../../../../domain/contracts/payments';
import { pricingResponseSchema } from '../../../../../domain/contracts/tokens';
import { getParsed, requestParsed } from '../../../lib/api-client';
import { PAYMENTS_CONFIG_KEY, TOKEN_PRICING_KEY } from '../../../lib/query-keys';

/** The publishable key the payment form needs; `enabled` once the server says card payments are on. */
export function usePaymentsConfig(enabled: boolean) {
  return useQuery({ queryKey: PAYMENTS_CONFIG_KEY, queryFn: ({ signal }) => getParsed(paymentsConfigResponseSchema, PAYMENTS_CONFIG_KEY[0], { signal }), enabled });
}

export function usePricing() {
  return useQuery({ queryKey: TOKEN_PRICING_KEY, queryFn: ({ signal }) => getParsed(pricingResponseSchema, TOKEN_PRICING_KEY[0], { signal }), staleTime: 5 * 60_000 });
}

/**
 * A query rather than a mutation so the page's creation runs once per visit even when React
 * mounts the page twice; never retried or refetched (each run starts a new payment at Stripe).
 */
const once = { retry: false, staleTime: Infinity, gcTime: 0, refetchOnMount: false, refetchOnWindowFocus: false } as const;

export const paymentIntentQueryOptions = (body: CreatePaymentIntentBody, enabled: boolean) =>
  queryOptions({
    queryKey: ['/api/create-payment-intent', body.packageId],
    queryFn: () => requestParsed(createPaymentIntentResponseSchema, 'POST', '/api/create-payment-intent', body),
    enabled,
    ...once,
  });

export const subscriptionQueryOptions = (body: CreateSubscriptionBody, enabled: boolean) =>
  queryOptions({
    queryKey: ['/api/create-subscription', body.tierId],
    queryFn: () => requestParsed(createSubscriptionResponseSchema, 'POST', '/api/create-subscription', body),
    enabled,
    ...once,
  });
