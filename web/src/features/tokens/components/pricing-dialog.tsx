// The pricing plans dialog (spec 3 §2.2, §4, §9): why it opened (a refused step, or a balance of
// 10 or less: the low-token popup),
// the price of each step, the token packages (Buy goes to the checkout page), the subscription
// tiers (Subscribe goes to the subscription page) and the XRP purchase card. Every figure comes
// from GET /api/goose-tokens/pricing.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useNavigate } from 'react-router-dom';
import type { PricingResponse } from '../../../../../domain/contracts/tokens';
import { errorMessage } from '../../../lib/api-client';
import { formatTokens } from '../../../lib/format';
import { usePaymentsConfig, usePricing, useTokenBalance } from '../api/tokens';
import { formatBalance } from '../labels';
import '../tokens.css';
import { ServicePriceList } from './service-price-list';
import { XrpPurchaseCard } from './xrp-purchase-card';

interface PricingDialogProps {
  visible: boolean;
  /** Why it opened, e.g. the server's 'Insufficient tokens: ...' text. */
  notice: string | null;
  onHide(): void;
}

// The dialog opens at its top (the notice and the prices), with the focus on its close button
// rather than on the first Buy button further down; the XRP card's tabs scroll themselves into
// view as they mount, so the content is taken back to the top.
function showTop() {
  document.querySelector<HTMLButtonElement>('.pricing-dialog .p-dialog-header-close')?.focus();
  document.querySelector('.pricing-dialog .p-dialog-content')?.scrollTo({ top: 0 });
}

const usd = (amount: number) => `$${amount.toFixed(2)}`;

export function PricingDialog({ visible, notice, onHide }: PricingDialogProps) {
  const navigate = useNavigate();
  const pricing = usePricing();
  const balance = useTokenBalance({ enabled: visible });
  const payments = usePaymentsConfig({ enabled: visible });
  const spendable = balance.data?.balance ?? null;
  const low = spendable !== null && pricing.data !== undefined && spendable <= pricing.data.lowTokenPopup;
  const currentTier = balance.data?.subscription?.endsAt ? null : (balance.data?.subscription?.tierId ?? null);

  const go = (path: string) => {
    onHide();
    navigate(path);
  };

  return (
    <Dialog
      header="Pricing plans"
      visible={visible}
      onHide={onHide}
      className="pricing-dialog"
      draggable={false}
      dismissableMask
      focusOnShow={false}
      onShow={showTop}
    >
      <div className="pricing">
        {notice && <Message severity="error" text={notice} className="pricing__notice" />}
        {low && (
          <Message
            severity="warn"
            className="pricing__notice"
            text={`Low token balance: you have ${formatBalance(spendable)} tokens left. Buy a package or subscribe to keep mastering and registering.`}
          />
        )}
        {payments.data && !payments.data.configured && (
          <Message severity="info" className="pricing__notice" text={`Card payments are not available right now${payments.data.reason ? `: ${payments.data.reason}` : '.'}`} />
        )}

        <section aria-labelledby="pricing-steps-title" className="pricing__section">
          <h3 id="pricing-steps-title" className="section-title">
            What each step costs
          </h3>
          <p className="muted small">1 token = 1 USD. A step is charged only when it succeeds.</p>
          <ServicePriceList />
        </section>

        {pricing.isPending && <Skeleton height="10rem" />}
        {pricing.isError && <Message severity="error" text={`The plans could not be loaded: ${errorMessage(pricing.error, 'unknown error')}`} />}
        {pricing.data && <Packages pricing={pricing.data} onBuy={(id) => go(`/checkout?package=${encodeURIComponent(id)}`)} />}
        {pricing.data && (
          <Tiers pricing={pricing.data} currentTier={currentTier} onSubscribe={(id) => go(`/subscribe?tier=${encodeURIComponent(id)}`)} />
        )}

        <section aria-label="XRP purchase" className="pricing__section">
          {visible && <XrpPurchaseCard />}
        </section>
      </div>
    </Dialog>
  );
}

function Packages({ pricing, onBuy }: { pricing: PricingResponse; onBuy(id: string): void }) {
  return (
    <section aria-labelledby="pricing-packages-title" className="pricing__section">
      <h3 id="pricing-packages-title" className="section-title">
        Token packages
      </h3>
      <ul className="pricing__grid">
        {pricing.packages.map((pack) => (
          <li key={pack.id}>
            <Card className="plan-card" aria-label={`${pack.name} package`}>
              <div className="plan-card__head">
                <h4>{pack.name}</h4>
                {pack.type === 'xrp' && <Tag value="XRP" severity="info" />}
              </div>
              <p className="plan-card__price">{usd(pack.price)}</p>
              <p className="muted small">{formatTokens(pack.tokens)} tokens, once</p>
              <Button label="Buy" icon="pi pi-shopping-cart" size="small" aria-label={`Buy ${pack.name}`} onClick={() => onBuy(pack.id)} />
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Tiers({ pricing, currentTier, onSubscribe }: { pricing: PricingResponse; currentTier: string | null; onSubscribe(id: string): void }) {
  return (
    <section aria-labelledby="pricing-tiers-title" className="pricing__section">
      <h3 id="pricing-tiers-title" className="section-title">
        Subscriptions
      </h3>
      <ul className="pricing__grid">
        {pricing.subscriptionTiers.map((tier) => (
          <li key={tier.id}>
            <Card className={`plan-card${tier.recommended ? ' plan-card--recommended' : ''}`} aria-label={`${tier.name} subscription`}>
              <div className="plan-card__head">
                <h4>{tier.name}</h4>
                {tier.recommended && <Tag value="Recommended" icon="pi pi-star-fill" />}
                {currentTier === tier.id && <Tag value="Your plan" severity="success" />}
              </div>
              <p className="plan-card__price">
                {usd(tier.monthlyPrice)}
                <span className="muted small"> / month</span>
              </p>
              <ul className="plan-card__features">
                {tier.features.map((feature) => (
                  <li key={feature}>
                    <i className="pi pi-check" aria-hidden="true" /> {feature}
                  </li>
                ))}
              </ul>
              <Button
                label={currentTier === tier.id ? 'Subscribed' : 'Subscribe'}
                icon="pi pi-arrow-right"
                iconPos="right"
                size="small"
                outlined={!tier.recommended}
                disabled={currentTier === tier.id}
                aria-label={`Subscribe to ${tier.name}`}
                onClick={() => onSubscribe(tier.id)}
              />
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
