// The marketplace listing: the filters, then "Loading licenses...", the count with
// "Smart contract protected", the cards, or "No licenses found". Every filter is a query parameter
// of GET /api/licenses/marketplace; typing and sliding settle for a moment before the call.
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useState } from 'react';
import type { MarketplaceLicense } from '../../../../../domain/contracts/licensing';
import { errorMessage } from '../../../lib/api-client';
import { useCapabilities } from '../../../lib/capabilities';
import { useMarketplace, type MarketplaceList } from '../api/licensing';
import { DEFAULT_FILTERS, marketplaceSearchParams, PAGE_SIZE, purchaseBlockedReason, type MarketplaceFilters, type Viewer } from '../labels';
import { LicenseCard } from './license-card';
import { LicenseDetailsDialog } from './license-details-dialog';
import { MarketplaceFiltersBar } from './marketplace-filters';
import { PurchaseDialog } from './purchase-dialog';

const SETTLE_MS = 300;

/** The value once it has stopped changing for `ms` (the first value at once). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface BrowseLicensesProps {
  viewer: Viewer | null;
  workId: string | null;
  onClearWork(): void;
  onPurchased(): void;
}

export function BrowseLicenses({ viewer, workId, onClearWork, onPurchased }: BrowseLicensesProps) {
  const [filters, setFilters] = useState<MarketplaceFilters>(DEFAULT_FILTERS);
  const [offset, setOffset] = useState(0);
  const params = useSettled(marketplaceSearchParams({ ...filters, workId }, offset), SETTLE_MS);
  const changeFilters = (next: MarketplaceFilters) => {
    setFilters(next);
    setOffset(0);
  };
  const listing = useMarketplace(params);
  const [details, setDetails] = useState<MarketplaceLicense | null>(null);
  const [buying, setBuying] = useState<MarketplaceLicense | null>(null);

  return (
    <div className="browse-licenses">
      <MarketplaceFiltersBar filters={filters} onChange={changeFilters} />
      {workId && (
        <div className="marketplace-work-filter">
          <Message severity="info" text="Showing the licenses offered for one work from the rights registry." />
          <Button label="Show all licenses" icon="pi pi-times" text size="small" onClick={onClearWork} />
        </div>
      )}
      <LicenseResults
        status={listing.status}
        data={listing.data}
        error={listing.error}
        viewer={viewer}
        offset={offset}
        onPage={setOffset}
        onView={setDetails}
        onPurchase={setBuying}
      />
      <LicenseDetailsDialog license={details} onHide={() => setDetails(null)} />
      <PurchaseDialog license={buying} signedIn={viewer !== null} onHide={() => setBuying(null)} onPurchased={onPurchased} />
    </div>
  );
}

interface LicenseResultsProps {
  status: 'pending' | 'error' | 'success';
  data: MarketplaceList | undefined;
  error?: unknown;
  viewer: Viewer | null;
  /** Where this page starts in the whole listing. */
  offset?: number;
  onPage?(offset: number): void;
  onView(license: MarketplaceLicense): void;
  onPurchase(license: MarketplaceLicense): void;
}

/** The results from the listing's state, so it renders the same in tests. */
export function LicenseResults({ status, data, error, viewer, offset = 0, onPage, onView, onPurchase }: LicenseResultsProps) {
  const capabilities = useCapabilities().data;
  if (status === 'pending' && !data) {
    return (
      <div className="marketplace-loading" role="status">
        <ProgressSpinner style={{ width: 32, height: 32 }} strokeWidth="4" aria-hidden="true" />
        <span>Loading licenses...</span>
      </div>
    );
  }
  if (status === 'error' && !data) {
    return <Message severity="error" text={`The licenses could not be loaded: ${errorMessage(error, 'unknown error')}`} />;
  }
  const licenses = data?.licenses ?? [];
  if (licenses.length === 0) {
    return (
      <div className="marketplace-empty">
        <i className="pi pi-search" aria-hidden="true" />
        <h3>No licenses found</h3>
        <p className="muted">Try adjusting your search terms or filters</p>
      </div>
    );
  }
  const total = data?.total ?? licenses.length;
  return (
    <section aria-label="Licenses">
      <div className="marketplace-count">
        <span>{total === 1 ? '1 license available' : `${total} licenses available`}</span>
        <span className="muted small">
          <i className="pi pi-shield" aria-hidden="true" /> Smart contract protected
        </span>
      </div>
      <ul className="license-grid">
        {licenses.map((license) => (
          <li key={license.id}>
            <LicenseCard
              license={license}
              blockedReason={purchaseBlockedReason(license, viewer, capabilities)}
              onView={() => onView(license)}
              onPurchase={() => onPurchase(license)}
            />
          </li>
        ))}
      </ul>
      {total > licenses.length && (
        <nav className="marketplace-pages" aria-label="Pages">
          <Button label="Previous" icon="pi pi-angle-left" text size="small" disabled={offset === 0} onClick={() => onPage?.(Math.max(0, offset - PAGE_SIZE))} />
          <span className="muted small">
            Showing {offset + 1}–{offset + licenses.length} of {total}
          </span>
          <Button
            label="Next"
            icon="pi pi-angle-right"
            iconPos="right"
            text
            size="small"
            disabled={offset + licenses.length >= total}
            onClick={() => onPage?.(offset + PAGE_SIZE)}
          />
        </nav>
      )}
    </section>
  );
}
