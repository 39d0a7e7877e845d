// Events of a user's link to their customer record at the payment provider (stream
// `payment-customer-<userId>`): one customer per user, so every subscription of a user is billed to
// the same Stripe customer. The stream's optimistic concurrency keeps two concurrent first
// subscriptions from linking two customers.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

export const PaymentCustomerLinked = defineEvent(
  'PaymentCustomerLinked',
  1,
  z.object({
    userId: z.uuid(),
    provider: z.literal('stripe'),
    customerId: z.string().min(1).max(200),
  }),
);

export const paymentCustomerEventDefinitions = [PaymentCustomerLinked] as const;

export function paymentCustomerStreamId(userId: string): string {
  return `payment-customer-${userId}`;
}
