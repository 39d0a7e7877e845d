// /subscribe?tier=bronze|silver|gold|platinum: a monthly subscription paid by card (docs/payments.md).
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { SUBSCRIPTION_TIER_IDS, type SubscriptionTierId } from '../../../../domain/tokens/catalogue';
import { subscriptionQueryOptions, usePricing } from '../../features/payments/api/payments';
import { PaymentCheckout, SUBSCRIPTION_FLOW } from '../../features/payments/components/payment-checkout';
import { useCapability } from '../../lib/capabilities';
import { PageFrame } from './page-frame';

const isTierId = (value: string | null): value is SubscriptionTierId => SUBSCRIPTION_TIER_IDS.includes(value as SubscriptionTierId);

export function SubscribeRoute() {
  const [searchParams] = useSearchParams();
  const selection = searchParams.get('tier');
  const tierId = isTierId(selection) ? selection : null;
  const pricing = usePricing();
  const tier = pricing.data?.subscriptionTiers.find((t) => t.id === tierId) ?? null;
  const configured = useCapability('card-payments').available;
  // Created on load, once the tier and its catalogue price are known and payments are on.
  const created = useQuery(
    subscriptionQueryOptions(
      { tierId: tier?.id ?? 'bronze', tierName: tier?.name, monthlyPrice: tier?.monthlyPrice, tokens: tier?.tokens, features: tier?.features },
      configured && tier !== null,
    ),
  );
  return (
    <PageFrame>
      <PaymentCheckout
        flow={SUBSCRIPTION_FLOW}
        selection={selection}
        validSelection={tierId !== null}
        item={tier && { name: `${tier.name} subscription`, price: tier.monthlyPrice, tokens: tier.tokens, features: tier.features }}
        // Without the price list there is nothing to price the payment with: that is the failure to show.
        created={pricing.isError ? { isError: true, error: pricing.error } : created}
      />
    </PageFrame>
  );
}
