// Each user's Stripe customer, kept as an event on the user's `payment-customer-<userId>` stream
// so the link survives restarts and read-model rebuilds. The first subscription creates the
// customer; two concurrent first subscriptions both create one at Stripe, but only the first link
// is appended (the stream must not exist yet) and the other request uses it, leaving the spare
// customer unused.
import { randomUUID } from 'node:crypto';
import { PaymentCustomerLinked, paymentCustomerStreamId } from '../../domain/payments/payment-customer.events';
import { ConcurrencyError } from '../../domain/shared/errors';
import type { EventStore } from '../eventstore/event-store';
import type { PaymentsProvider } from './payments-provider';

export async function linkedCustomer(eventStore: EventStore, userId: string): Promise<string | null> {
  const events = await eventStore.readStream(paymentCustomerStreamId(userId));
  const linked = events.find((event) => event.type === PaymentCustomerLinked.type);
  return linked ? PaymentCustomerLinked.schema.parse(linked.data).customerId : null;
}

/** The user's customer at the provider, created and linked on first use. */
export async function customerFor(
  eventStore: EventStore,
  payments: PaymentsProvider,
  userId: string,
  context: { correlationId: string },
): Promise<string> {
  const known = await linkedCustomer(eventStore, userId);
  if (known) return known;
  const customerId = await payments.createCustomer(userId);
  const event = PaymentCustomerLinked.create({ userId, provider: 'stripe', customerId });
  try {
    await eventStore.append(paymentCustomerStreamId(userId), [
      { eventId: randomUUID(), type: event.type, data: event.data, metadata: { correlationId: context.correlationId, causationId: null, actor: `user:${userId}`, workflowId: null, occurredAt: new Date().toISOString() } },
    ], 'no_stream');
    return customerId;
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    const winner = await linkedCustomer(eventStore, userId);
    if (!winner) throw error;
    return winner;
  }
}
