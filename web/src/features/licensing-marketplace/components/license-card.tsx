// One offered license in the marketplace grid: the work's content-type
// icon, title and creator, the license type with its icon, scope, rating and sales, the Verified,
// disputes and contract status badges, royalty and network, term badges, the price (struck-through
// original and discount when there is one), the badges of the payment methods this server takes,
// and View Details / Purchase License.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import type { MarketplaceLicense } from '../../../../../domain/contracts/licensing';
import { ContentTypeIcon } from '../../../components/ui/content-type-icon';
import { useCapabilities } from '../../../lib/capabilities';
import {
  CONTRACT_STATUS_DISPLAY,
  formatPrice,
  formatRating,
  LICENSE_TYPE_DISPLAY,
  PAYMENT_BADGES,
  paymentMethodAvailable,
  platformContentType,
  SCOPE_LABELS,
} from '../labels';

interface LicenseCardProps {
  license: MarketplaceLicense;
  /** Why this viewer cannot buy it (disputed, their own work), or null. */
  blockedReason: string | null;
  onView(): void;
  onPurchase(): void;
}

const TERM_BADGES = [
  { key: 'commercialUse', label: 'Commercial' },
  { key: 'derivatives', label: 'Derivatives' },
  { key: 'distribution', label: 'Distribution' },
  { key: 'attributionRequired', label: 'Attribution' },
] as const;

export function LicenseCard({ license, blockedReason, onView, onPurchase }: LicenseCardProps) {
  const type = LICENSE_TYPE_DISPLAY[license.type];
  const status = CONTRACT_STATUS_DISPLAY[license.smartContract.contractStatus];
  const { pricing, verification } = license;
  const capabilities = useCapabilities().data;
  return (
    <article className="license-card" aria-label={`License for ${license.workTitle}`}>
      <Card>
        <header className="license-card__header">
          <ContentTypeIcon type={platformContentType(license.contentType)} />
          <div className="license-card__title">
            <h3>{license.workTitle}</h3>
            <span className="muted small">by {license.creator}</span>
          </div>
        </header>
        <div className="license-card__type">
          <span>
            <i className={`pi ${type.icon}`} aria-hidden="true" /> {type.label}
          </span>
          <Tag value={SCOPE_LABELS[license.scope]} severity="secondary" />
        </div>
        <div className="license-card__stats muted small">
          <span aria-label={`Rating ${formatRating(license.rating)}`}>
            <i className="pi pi-star-fill" aria-hidden="true" /> {formatRating(license.rating)}
          </span>
          <span>{license.totalSales === 1 ? '1 sale' : `${license.totalSales} sales`}</span>
        </div>
        <div className="license-card__badges">
          {verification.ownershipVerified && <Tag value="Verified" severity="success" icon="pi pi-verified" />}
          {verification.disputeCount > 0 && (
            <Tag value={verification.disputeCount === 1 ? '1 dispute' : `${verification.disputeCount} disputes`} severity="danger" icon="pi pi-flag" />
          )}
          <Tag value={`Contract ${status.label}`} severity={status.severity} />
        </div>
        <p className="license-card__contract muted small">
          {license.smartContract.royaltyRate}% royalty · {license.smartContract.blockchainNetwork}
        </p>
        <div className="license-card__terms">
          {TERM_BADGES.filter((term) => license.terms[term.key]).map((term) => (
            <Tag key={term.key} value={term.label} severity="info" />
          ))}
        </div>
        <div className="license-card__price">
          <strong className="license-card__amount">{formatPrice(pricing.amount, pricing.currency)}</strong>
          {pricing.originalPrice !== null && <s className="muted">{formatPrice(pricing.originalPrice, pricing.currency)}</s>}
          {pricing.discount !== null && pricing.discount > 0 && <Tag value={`${pricing.discount}% off`} severity="warning" />}
        </div>
        <div className="license-card__payments">
          {pricing.paymentOptions.filter((option) => paymentMethodAvailable(option, capabilities)).map((option) => (
            <Tag key={option} value={PAYMENT_BADGES[option].label} icon={`pi ${PAYMENT_BADGES[option].icon}`} severity="secondary" />
          ))}
        </div>
        <div className="button-row">
          <Button label="View Details" icon="pi pi-eye" size="small" outlined onClick={onView} />
          <Button
            label="Purchase License"
            icon="pi pi-shopping-cart"
            size="small"
            disabled={blockedReason !== null}
            tooltip={blockedReason ?? undefined}
            tooltipOptions={{ showOnDisabled: true }}
            onClick={onPurchase}
          />
        </div>
        {blockedReason && <p className="muted small license-card__blocked">{blockedReason}</p>}
      </Card>
    </article>
  );
}
