// The marketplace's search bar and filters: the search box, the sort selector, the
// Verified rights only and No active disputes checkboxes (both on by default), and the Advanced
// Filters toggle with content type, license type, scope, currency and the price range slider.
// Territory, duration and payment method stay in state only: the bar offers no control for them.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Slider } from 'primereact/slider';
import { useId, useState } from 'react';
import { LICENSE_CURRENCIES, LICENSE_SCOPES, LICENSE_TYPES, PRICE_RANGE_MAX } from '../../../../../domain/contracts/licensing';
import { WORK_CONTENT_TYPES } from '../../../../../domain/contracts/registry';
import { CONTENT_TYPE_LABELS, CURRENCY_LABELS, LICENSE_TYPE_DISPLAY, PRICE_STEP, SCOPE_LABELS, SORT_OPTIONS, type MarketplaceFilters } from '../labels';

export const SEARCH_PLACEHOLDER = 'Search by work title, creator, license type...';

interface MarketplaceFiltersBarProps {
  filters: MarketplaceFilters;
  onChange(filters: MarketplaceFilters): void;
  /** Opens with the advanced filters shown (tests). */
  initiallyAdvanced?: boolean;
}

const withAll = <T extends string>(values: readonly T[], label: (value: T) => string, allLabel: string) => [
  { label: allLabel, value: 'all' },
  ...values.map((value) => ({ label: label(value), value })),
];

export function MarketplaceFiltersBar({ filters, onChange, initiallyAdvanced = false }: MarketplaceFiltersBarProps) {
  const ids = useId();
  const [advanced, setAdvanced] = useState(initiallyAdvanced);
  const set = <K extends keyof MarketplaceFilters>(key: K, value: MarketplaceFilters[K]) => onChange({ ...filters, [key]: value });
  const [min, max] = filters.priceRange;

  return (
    <section className="marketplace-filters" aria-label="Search and filters">
      <div className="marketplace-filters__row">
        <IconField iconPosition="left" className="marketplace-filters__search">
          <InputIcon className="pi pi-search" />
          <InputText
            type="search"
            value={filters.query}
            placeholder={SEARCH_PLACEHOLDER}
            aria-label="Search licenses"
            onChange={(event) => set('query', event.target.value)}
          />
        </IconField>
        <Dropdown
          value={filters.sortBy}
          options={[...SORT_OPTIONS]}
          aria-label="Sort by"
          onChange={(event) => set('sortBy', event.value as MarketplaceFilters['sortBy'])}
        />
      </div>
      <div className="marketplace-filters__row">
        <div className="checkbox-field">
          <Checkbox inputId={`${ids}-verified`} checked={filters.onlyVerified} onChange={(event) => set('onlyVerified', event.checked === true)} />
          <label htmlFor={`${ids}-verified`}>Verified rights only</label>
        </div>
        <div className="checkbox-field">
          <Checkbox inputId={`${ids}-disputes`} checked={filters.onlyNoDisputes} onChange={(event) => set('onlyNoDisputes', event.checked === true)} />
          <label htmlFor={`${ids}-disputes`}>No active disputes</label>
        </div>
        <Button
          type="button"
          label="Advanced Filters"
          icon={advanced ? 'pi pi-chevron-up' : 'pi pi-sliders-h'}
          text
          aria-expanded={advanced}
          onClick={() => setAdvanced((open) => !open)}
        />
      </div>
      {advanced && (
        <div className="marketplace-filters__advanced">
          <div className="field">
            <label htmlFor={`${ids}-content`}>Content type</label>
            <Dropdown
              inputId={`${ids}-content`}
              value={filters.contentType}
              options={withAll(WORK_CONTENT_TYPES, (type) => CONTENT_TYPE_LABELS[type], 'All content types')}
              onChange={(event) => set('contentType', event.value as MarketplaceFilters['contentType'])}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-type`}>License type</label>
            <Dropdown
              inputId={`${ids}-type`}
              value={filters.licenseType}
              options={withAll(LICENSE_TYPES, (type) => LICENSE_TYPE_DISPLAY[type].label, 'All license types')}
              onChange={(event) => set('licenseType', event.value as MarketplaceFilters['licenseType'])}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-scope`}>Scope</label>
            <Dropdown
              inputId={`${ids}-scope`}
              value={filters.scope}
              options={withAll(LICENSE_SCOPES, (scope) => SCOPE_LABELS[scope], 'All scopes')}
              onChange={(event) => set('scope', event.value as MarketplaceFilters['scope'])}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-currency`}>Currency</label>
            <Dropdown
              inputId={`${ids}-currency`}
              value={filters.currency}
              options={withAll(LICENSE_CURRENCIES, (currency) => CURRENCY_LABELS[currency], 'All currencies')}
              onChange={(event) => set('currency', event.value as MarketplaceFilters['currency'])}
            />
          </div>
          <div className="field marketplace-filters__price">
            <label id={`${ids}-price`}>
              Price range: {min.toLocaleString('en-US')} – {max.toLocaleString('en-US')}
            </label>
            <Slider
              range
              min={0}
              max={PRICE_RANGE_MAX}
              step={PRICE_STEP}
              value={[min, max]}
              aria-labelledby={`${ids}-price`}
              onChange={(event) => {
                if (Array.isArray(event.value)) set('priceRange', [event.value[0], event.value[1]]);
              }}
            />
          </div>
        </div>
      )}
    </section>
  );
}
