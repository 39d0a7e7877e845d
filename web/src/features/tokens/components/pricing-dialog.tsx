// The pricing plans dialog (spec 3 §2.2, §9): what each step costs, token packages, subscription
// tiers and the XRP purchase card, all from the server's price list. It opens from the header's
// round button, from the low-token popup rule and when a step is refused for lack of tokens.
import { useAtom } from 'jotai';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { errorMessage } from '../../../lib/api-client';
import { formatTokens } from '../../../lib/format';
import { usePricing } from '../api/tokens';
import { pricingDialogAtom } from '../atoms';
import { XrpPurchaseCard } from './xrp-purchase-card';

export function PricingDialog() {
  const [state, setState] = useAtom(pricingDialogAtom);
  const pricing = usePricing();
  const close = () => setState({ open: false, notice: null });
  // Checkout and subscribe are their own pages (a full load, so Stripe's script starts clean).
  const go = (url: string) => window.location.assign(url);
  return (
    <Dialog header="Pricing plans" visible={state.open} onHide={close} className="pricing-dialog" draggable={false} resizable={false} dismissableMask>
      {state.notice && <Message className="pricing-dialog__notice" severity="warn" text={state.notice} />}
      {pricing.isPending && <Skeleton height="12rem" />}
      {pricing.isError && <Message severity="error" text={errorMessage(pricing.error, 'Could not load the price list')} />}
      {pricing.data && (
        <>
          <section aria-label="What each step costs">
            <h3>What each step costs</h3>
            <ul className="status-rows">
              {pricing.data.services.map((service) => (
                <li key={service.id}>
                  <span>{service.label}</span>
                  <span>{formatTokens(service.price)} tokens</span>
                </li>
              ))}
            </ul>
            <p className="muted small">Free: {pricing.data.free.join(', ').toLowerCase()}. 1 token = 1 USD; a step that fails gives its tokens back.</p>
          </section>
          <section aria-label="Token packages">
            <h3>Token packages</h3>
            <ul className="plan-grid">
              {pricing.data.packages.map((pack) => (
                <li key={pack.id} className="plan-card">
                  <strong>{pack.name}</strong>
                  <span className="plan-card__price">${pack.price.toFixed(2)}</span>
                  <span className="muted small">{formatTokens(pack.tokens)} tokens</span>
                  <Button label="Buy" size="small" onClick={() => go(`/checkout?package=${pack.id}`)} aria-label={`Buy the ${pack.name} package`} />
                </li>
              ))}
            </ul>
          </section>
          <section aria-label="Subscriptions">
            <h3>Subscriptions</h3>
            <ul className="plan-grid">
              {pricing.data.subscriptionTiers.map((tier) => (
                <li key={tier.id} className={`plan-card${tier.recommended ? ' plan-card--recommended' : ''}`}>
                  <strong>
                    {tier.name} {tier.recommended && <Tag value="Recommended" severity="success" />}
                  </strong>
                  <span className="plan-card__price">${tier.monthlyPrice.toFixed(2)}/month</span>
                  <ul className="plan-card__features">
                    {tier.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                  <Button label="Subscribe" size="small" outlined onClick={() => go(`/subscribe?tier=${tier.id}`)} aria-label={`Subscribe to ${tier.name}`} />
                </li>
              ))}
            </ul>
          </section>
          <XrpPurchaseCard />
        </>
      )}
    </Dialog>
  );
}
