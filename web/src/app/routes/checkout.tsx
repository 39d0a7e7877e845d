// /checkout?package=starter|pro|premium|xrp: buying a token package by card (docs/payments.md).
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { TOKEN_PACKAGE_IDS, type TokenPackageId } from '../../../../domain/tokens/catalogue';
import { paymentIntentQueryOptions, usePricing } from '../../features/payments/api/payments';
import { PACKAGE_FLOW, PaymentCheckout } from '../../features/payments/components/payment-checkout';
import { useCapability } from '../../lib/capabilities';
import { PageFrame } from './page-frame';

const isPackageId = (value: string | null): value is TokenPackageId => TOKEN_PACKAGE_IDS.includes(value as TokenPackageId);

export function CheckoutRoute() {
  const [searchParams] = useSearchParams();
  const selection = searchParams.get('package');
  const packageId = isPackageId(selection) ? selection : null;
  const pricing = usePricing();
  const pkg = pricing.data?.packages.find((p) => p.id === packageId) ?? null;
  const configured = useCapability('card-payments').available;
  // Created on load, once the package and its catalogue price are known and payments are on.
  const created = useQuery(paymentIntentQueryOptions({ packageId: pkg?.id ?? 'starter', amount: pkg?.price }, configured && pkg !== null));
  return (
    <PageFrame>
      <PaymentCheckout
        flow={PACKAGE_FLOW}
        selection={selection}
        validSelection={packageId !== null}
        item={pkg && { name: `${pkg.name} package`, price: pkg.price, tokens: pkg.tokens }}
        // Without the price list there is nothing to price the payment with: that is the failure to show.
        created={pricing.isError ? { isError: true, error: pricing.error } : created}
      />
    </PageFrame>
  );
}
