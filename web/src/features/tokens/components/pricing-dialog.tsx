// The pricing plans dialog: why it opened (a refused step, or a balance of
// 10 or less: the low-token popup), the price of each step, the token packages (Buy goes to the
// checkout page; the XRP pack to the XRP purchase card), the subscription tiers (Subscribe goes to
// the subscription page) and the XRP purchase card. Every figure comes from
// GET /api/goose-tokens/pricing, and what this server cannot sell from GET /api/capabilities: a
// package or Subscribe it cannot take is disabled with the capability's reason, and a tier line
// it cannot honour is struck through as not available on this server.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useNavigate } from 'react-router-dom';
import type { PricingResponse } from '../../../../../domain/contracts/tokens';
import { errorMessage } from '../../../lib/api-client';
import { capabilityState, NOT_ON_THIS_SERVER, useCapabilities, type CapabilityReport, type CapabilityState } from '../../../lib/capabilities';
import { formatTokens } from '../../../lib/format';
import { usePricing, useTokenBalance } from '../../../lib/tokens/api/tokens';
import { formatBalance, unavailableReason } from '../../../lib/tokens/labels';
import '../tokens.css';
import { ServicePriceList } from '../../../components/tokens/service-price-list';
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

const XRP_SECTION_ID = 'pricing-xrp';

export function PricingDialog({ visible, notice, onHide }: PricingDialogProps) {
  const navigate = useNavigate();
  const pricing = usePricing();
  const balance = useTokenBalance({ enabled: visible });
  const capabilities = useCapabilities();
  const card = capabilityState(capabilities.data, 'card-payments');
  const canBuyTokens = card.available || pricing.data?.packages.some((pack) => pack.available) === true;
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
            text={`Low token balance: you have ${formatBalance(spendable)} tokens left. ${canBuyTokens ? 'Buy a package or subscribe to keep mastering and registering.' : 'Tokens cannot be bought on this server.'}`}
          />
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
        {pricing.data && (
          <TokenPackages
            pricing={pricing.data}
            capabilities={capabilities.data}
            onBuy={(id) => go(`/checkout?package=${encodeURIComponent(id)}`)}
            onPayWithXrp={() => document.getElementById(XRP_SECTION_ID)?.scrollIntoView({ behavior: 'smooth' })}
          />
        )}
        {pricing.data && (
          <SubscriptionTiers pricing={pricing.data} card={card} currentTier={currentTier} onSubscribe={(id) => go(`/subscribe?tier=${encodeURIComponent(id)}`)} />
        )}

        <section aria-label="XRP purchase" id={XRP_SECTION_ID} className="pricing__section">
          {visible && <XrpPurchaseCard />}
        </section>
      </div>
    </Dialog>
  );
}

interface TokenPackagesProps {
  pricing: PricingResponse;
  capabilities: CapabilityReport | undefined;
  onBuy(id: string): void;
  /** The XRP pack is paid by sending XRP: its button leads to the XRP purchase card. */
  onPayWithXrp(): void;
}

export function TokenPackages({ pricing, capabilities, onBuy, onPayWithXrp }: TokenPackagesProps) {
  // Said once above the packages rather than under each of them: the card packages share one reason.
  const reasons = [...new Set(pricing.packages.filter((pack) => !pack.available).map((pack) => unavailableReason(capabilities, pack.capability)))].filter((reason) => reason !== null);
  return (
    <section aria-labelledby="pricing-packages-title" className="pricing__section">
      <h3 id="pricing-packages-title" className="section-title">
        Token packages
      </h3>
      {reasons.map((reason) => (
        <p key={reason} className="pricing__off-reason muted small">
          <i className="pi pi-info-circle" aria-hidden="true" /> {reason}
        </p>
      ))}
      <ul className="pricing__grid">
        {pricing.packages.map((pack) => {
          const xrp = pack.type === 'xrp';
          const reason = pack.available ? null : unavailableReason(capabilities, pack.capability);
          return (
            <li key={pack.id}>
              <Card className="plan-card" aria-label={`${pack.name} package`}>
                <div className="plan-card__head">
                  <h4>{pack.name}</h4>
                  {xrp && <Tag value="XRP" severity="info" />}
                </div>
                <p className="plan-card__price">{usd(pack.price)}</p>
                <p className="muted small">{formatTokens(pack.tokens)} tokens, once</p>
                <Button
                  label={xrp ? 'Pay with XRP' : 'Buy'}
                  icon={xrp ? 'pi pi-send' : 'pi pi-shopping-cart'}
                  size="small"
                  aria-label={`${xrp ? 'Pay with XRP for' : 'Buy'} ${pack.name}`}
                  disabled={!pack.available}
                  tooltip={reason ?? undefined}
                  tooltipOptions={{ showOnDisabled: true, position: 'bottom' }}
                  onClick={() => (xrp ? onPayWithXrp() : onBuy(pack.id))}
                />
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface SubscriptionTiersProps {
  pricing: PricingResponse;
  /** Subscriptions are paid by card: without card payments none can start. */
  card: CapabilityState;
  currentTier: string | null;
  onSubscribe(id: string): void;
}

export function SubscriptionTiers({ pricing, card, currentTier, onSubscribe }: SubscriptionTiersProps) {
  return (
    <section aria-labelledby="pricing-tiers-title" className="pricing__section">
      <h3 id="pricing-tiers-title" className="section-title">
        Subscriptions
      </h3>
      {!card.available && card.reason && (
        <p className="pricing__off-reason muted small">
          <i className="pi pi-info-circle" aria-hidden="true" /> {card.reason}
        </p>
      )}
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
                {tier.featureLines.map((line) =>
                  line.available ? (
                    <li key={line.text}>
                      <i className="pi pi-check" aria-hidden="true" /> {line.text}
                    </li>
                  ) : (
                    <li key={line.text} className="plan-card__feature--off" data-available="false">
                      <i className="pi pi-times" aria-hidden="true" /> <s>{line.text}</s> <span className="small">{NOT_ON_THIS_SERVER}</span>
                    </li>
                  ),
                )}
              </ul>
              <Button
                label={currentTier === tier.id ? 'Subscribed' : 'Subscribe'}
                icon="pi pi-arrow-right"
                iconPos="right"
                size="small"
                outlined={!tier.recommended}
                disabled={currentTier === tier.id || !card.available}
                tooltip={card.reason ?? undefined}
                tooltipOptions={{ showOnDisabled: true, position: 'bottom' }}
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
