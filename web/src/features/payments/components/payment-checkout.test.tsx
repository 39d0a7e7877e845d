// The checkout and subscribe pages, read from their HTML: without card payments they say so in
// plain words, show no form and never ask for Stripe.js (js.stripe.com); with them, Stripe.js is
// loaded once, for the form on this page only.
import { renderWithQueries } from '../../../lib/test-render';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CapabilityReport } from '../../../../../domain/platform/capabilities';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import { CAPABILITIES_KEY, PAYMENTS_CONFIG_KEY } from '../../../lib/query-keys';
import { PACKAGE_FLOW, PaymentCheckout, SUBSCRIPTION_FLOW } from './payment-checkout';

const stripe = vi.hoisted(() => ({ loadStripe: vi.fn(() => new Promise<null>(() => undefined)) }));
vi.mock('@stripe/stripe-js/pure', () => stripe);

const PUBLISHABLE_KEY = 'pk_test_checkout';

function render(element: ReactElement, capabilities: CapabilityReport): string {
  return renderWithQueries(
    element,
    [[CAPABILITIES_KEY, capabilities], capabilities['card-payments'].available && [PAYMENTS_CONFIG_KEY, { configured: true, publishableKey: PUBLISHABLE_KEY, reason: null }]],
    { router: true },
  );
}

const starter = { name: 'Starter package', price: 9.99, tokens: 9.99 };
const created = { data: { clientSecret: 'pi_1_secret_2' }, isError: false, error: null };
const notCreated = { isError: false, error: null };

// A block, not an expression: a function returned from beforeEach is run as its teardown.
beforeEach(() => {
  stripe.loadStripe.mockClear();
});

describe('payment page', () => {
  it('without card payments says so in plain words, with no form and no Stripe.js', () => {
    const html = render(<PaymentCheckout flow={PACKAGE_FLOW} selection="starter" validSelection item={starter} created={notCreated} />, CAPABILITIES_ZERO_CONFIG_FIXTURE);
    expect(html).toContain('Not available on this server');
    expect(html).toContain('Card payments are not offered on this server; pay with tokens or XRP where offered.');
    expect(html).toContain('Starter package');
    expect(html).not.toContain('Preparing the secure payment form');
    expect(html).not.toMatch(/STRIPE_|not configured/);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('without card payments lists only the tier lines this server honours on the subscribe page', () => {
    const html = render(
      <PaymentCheckout flow={SUBSCRIPTION_FLOW} selection="silver" validSelection item={{ name: 'Silver subscription', price: 29.99, tokens: 29.99, features: ['29.99 tokens every paid month'] }} created={notCreated} />,
      CAPABILITIES_ZERO_CONFIG_FIXTURE,
    );
    expect(html).toContain('Card payments are not offered on this server');
    expect(html).toContain('29.99 tokens every paid month');
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('with card payments waits for the payment without loading Stripe.js, then loads it once with the server’s publishable key', () => {
    const waiting = render(<PaymentCheckout flow={PACKAGE_FLOW} selection="starter" validSelection item={starter} created={notCreated} />, CAPABILITIES_FULL_FIXTURE);
    expect(waiting).toContain('Preparing the secure payment form');
    expect(stripe.loadStripe).not.toHaveBeenCalled();

    render(<PaymentCheckout flow={PACKAGE_FLOW} selection="starter" validSelection item={starter} created={created} />, CAPABILITIES_FULL_FIXTURE);
    render(<PaymentCheckout flow={PACKAGE_FLOW} selection="starter" validSelection item={starter} created={created} />, CAPABILITIES_FULL_FIXTURE);
    expect(stripe.loadStripe).toHaveBeenCalledTimes(1);
    expect(stripe.loadStripe).toHaveBeenCalledWith(PUBLISHABLE_KEY);
  });
});
