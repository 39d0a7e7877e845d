// My offers & sales: the owner's offers, active and withdrawn, with Edit and
// Withdraw, and the Offer a license dialog; then the licenses sold, with the totals the server counted (card and
// escrow revenue in dollars, token revenue in tokens).
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import type { MarketplaceLicense, PurchasedLicense } from '../../../../../domain/contracts/licensing';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { Fact } from '../../../components/ui/fact';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useMyOffers, useSales, useWithdrawOffer, type SalesSummary } from '../api/licensing';
import { formatPrice, formatPriceCents, formatRating, LICENSE_TYPE_DISPLAY, PAYMENT_METHOD_LABELS, PURCHASE_STATUS_DISPLAY, SCOPE_LABELS } from '../labels';
import { OfferDialog } from './offer-dialog';

export function MyOffersTab({ items }: { items: readonly VaultItem[] }) {
  const offers = useMyOffers({ enabled: true });
  const sales = useSales({ enabled: true });
  const [offering, setOffering] = useState(false);
  const [editing, setEditing] = useState<MarketplaceLicense | null>(null);
  return (
    <div className="my-offers">
      <div className="header-row">
        <h3 className="section-title">Your offers</h3>
        <Button label="Offer a license" icon="pi pi-plus" onClick={() => setOffering(true)} />
      </div>
      {offers.isPending ? (
        <Skeleton height="5rem" aria-label="Loading your offers" />
      ) : offers.isError ? (
        <Message severity="error" text={`Your offers could not be loaded: ${errorMessage(offers.error, 'unknown error')}`} />
      ) : (
        <OfferList offers={offers.data} onEdit={setEditing} />
      )}
      <h3 className="section-title">Sales</h3>
      {sales.isPending ? (
        <Skeleton height="5rem" aria-label="Loading your sales" />
      ) : sales.isError ? (
        <Message severity="error" text={`Your sales could not be loaded: ${errorMessage(sales.error, 'unknown error')}`} />
      ) : (
        <SalesList summary={sales.data} />
      )}
      <OfferDialog visible={offering} onHide={() => setOffering(false)} items={items} />
      <OfferDialog visible={editing !== null} onHide={() => setEditing(null)} items={items} editing={editing} />
    </div>
  );
}

export function OfferList({ offers, onEdit }: { offers: readonly MarketplaceLicense[]; onEdit(offer: MarketplaceLicense): void }) {
  if (offers.length === 0) return <p className="muted">You have not offered any licenses yet.</p>;
  return (
    <ul className="offer-list">
      {offers.map((offer) => (
        <li key={offer.id}>
          <OfferRow offer={offer} onEdit={() => onEdit(offer)} />
        </li>
      ))}
    </ul>
  );
}

function OfferRow({ offer, onEdit }: { offer: MarketplaceLicense; onEdit(): void }) {
  const toast = useToast();
  const withdraw = useWithdrawOffer();
  const active = offer.status === 'active';
  const onWithdraw = () =>
    withdraw.mutate(offer.id, {
      onSuccess: () => toast.show({ severity: 'success', summary: 'Offer withdrawn', detail: `“${offer.workTitle}” is no longer listed` }),
      onError: (error) => toast.show({ severity: 'error', summary: 'Withdraw failed', detail: errorMessage(error, 'Unknown error') }),
    });
  return (
    <article className="offer-row" aria-label={`Your offer for ${offer.workTitle}`}>
      <div>
        <strong>{offer.workTitle}</strong>
        <span className="muted small">
          {' '}
          · {LICENSE_TYPE_DISPLAY[offer.type].label} · {SCOPE_LABELS[offer.scope]} · {formatPrice(offer.pricing.amount, offer.pricing.currency)}
        </span>
        <div className="muted small">
          {offer.totalSales === 1 ? '1 sale' : `${offer.totalSales} sales`} · rating {formatRating(offer.rating)} · offered {formatDate(offer.createdAt)}
        </div>
      </div>
      <div className="offer-row__actions">
        <Tag value={active ? 'Active' : 'Withdrawn'} severity={active ? 'success' : 'secondary'} />
        {active && <Button label="Edit" icon="pi pi-pencil" size="small" text disabled={withdraw.isPending} onClick={onEdit} />}
        {active && <Button label="Withdraw" icon="pi pi-times" size="small" outlined severity="danger" loading={withdraw.isPending} onClick={onWithdraw} />}
      </div>
    </article>
  );
}

export function SalesList({ summary }: { summary: SalesSummary }) {
  return (
    <div className="sales">
      <dl className="facts sales__totals">
        <Fact term="Licenses sold">{summary.totals.count}</Fact>
        <Fact term="Revenue (USD)">{formatPriceCents(summary.totals.revenueCents, 'USD')}</Fact>
        <Fact term="Revenue (tokens)">{formatPriceCents(summary.totals.tokenRevenueCents, 'QXMP')}</Fact>
      </dl>
      {summary.sales.length === 0 ? (
        <p className="muted">No sales yet.</p>
      ) : (
        <ul className="sales-list">
          {summary.sales.map((sale) => (
            <li key={sale.id}>
              <SaleRow sale={sale} />
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">A sale's revenue is recorded on the work's royalty contract, which splits it as its terms say; see the Smart Contracts tab.</p>
    </div>
  );
}

function SaleRow({ sale }: { sale: PurchasedLicense }) {
  const status = PURCHASE_STATUS_DISPLAY[sale.status];
  return (
    <article className="sale-row" aria-label={`Sale of ${sale.workTitle} to ${sale.buyer}`}>
      <div>
        <strong>{sale.workTitle}</strong>
        <span className="muted small">
          {' '}
          · {LICENSE_TYPE_DISPLAY[sale.type].label} to {sale.buyer}
        </span>
        <div className="muted small">
          {formatPriceCents(sale.priceCents, sale.currency)} by {PAYMENT_METHOD_LABELS[sale.paymentMethod]} · {formatDate(sale.purchasedAt)}
        </div>
      </div>
      <Tag value={status.label} severity={status.severity} />
    </article>
  );
}
