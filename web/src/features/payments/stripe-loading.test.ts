// Stripe.js must not be requested on pages that take no card payment. The main entry of
// `@stripe/stripe-js` injects the js.stripe.com script as soon as it is imported, so no module the
// app loads up front may import it: only `@stripe/stripe-js/pure`, whose loadStripe fetches the
// script when a payment form calls it. Walks the static imports from the web app's entry.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticPackageImports, WEB_SRC } from '../../lib/static-imports';

describe('Stripe.js loading', () => {
  const imports = staticPackageImports(path.join(WEB_SRC, 'main.tsx'));

  it('walks the whole app shell (the checkout page and the pricing dialog are in it)', () => {
    expect(imports.get('@stripe/react-stripe-js')).toEqual(['features/payments/components/payment-checkout.tsx']);
    expect(imports.get('react-router-dom')?.length).toBeGreaterThan(10);
  });

  it('no module the app loads imports the self-loading entry of @stripe/stripe-js; the checkout uses the pure one', () => {
    expect(imports.get('@stripe/stripe-js')).toBeUndefined();
    expect(imports.get('@stripe/stripe-js/pure')).toEqual(['features/payments/components/payment-checkout.tsx']);
  });
});
