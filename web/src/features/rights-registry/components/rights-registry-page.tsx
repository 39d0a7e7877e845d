// The Rights Registry Search page (route /rights-registry, public): a text box, a
// sort selector, advanced filters (content type, verification level, identifier type, date
// range), the facets panel, result cards and a work's details. The address holds the search
// (?query=…&work=<id>), so a result or a work can be linked; the search runs only as shouldSearch allows.
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useId, useState, type FormEvent } from 'react';
import { DATE_RANGES, IDENTIFIER_TYPES, REGISTRY_SORTS, VERIFICATION_LEVELS, WORK_CONTENT_TYPES, type Work, type WorkSearchResponse } from '../../../../../domain/contracts/registry';
import { errorMessage } from '../../../lib/api-client';
import { useWorkSearch } from '../api/works';
import {
  CONTENT_TYPE_LABELS,
  DATE_RANGE_LABELS,
  IDENTIFIER_LABELS,
  SORT_LABELS,
  VERIFICATION_LEVEL_LABELS,
  shouldSearch,
  type RegistrySearch,
} from '../registry-search';
import { FacetsPanel, type FacetName } from './facets-panel';
import { WorkCard } from './work-card';
import { WorkDetailsDialog } from './work-details-dialog';
import '../rights-registry.css';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>, allLabel?: string) => [
  ...(allLabel ? [{ label: allLabel, value: 'all' }] : []),
  ...values.map((value) => ({ label: labels[value], value })),
];

const SORT_OPTIONS = options(REGISTRY_SORTS, SORT_LABELS);
const CONTENT_TYPE_OPTIONS = options(WORK_CONTENT_TYPES, CONTENT_TYPE_LABELS, 'All content types');
const LEVEL_OPTIONS = options(VERIFICATION_LEVELS, VERIFICATION_LEVEL_LABELS, 'All verification levels');
const IDENTIFIER_OPTIONS = options(IDENTIFIER_TYPES, IDENTIFIER_LABELS, 'Any identifier');
const DATE_OPTIONS = DATE_RANGES.map((value) => ({ label: DATE_RANGE_LABELS[value], value }));

interface RightsRegistryPageProps {
  search: RegistrySearch;
  openWorkId: string | null;
  /** The signed-in user's username, null for a visitor. */
  viewer: string | null;
  onSearch(search: RegistrySearch): void;
  onOpenWork(workId: string | null): void;
  onNavigate(url: string): void;
}

export function RightsRegistryPage({ search, openWorkId, viewer, onSearch, onOpenWork, onNavigate }: RightsRegistryPageProps) {
  const results = useWorkSearch(search);
  const [draft, setDraft] = useState(search.query);
  const [advanced, setAdvanced] = useState(search.contentType !== 'all' || search.verificationLevel !== 'all' || search.identifierType !== 'all' || search.dateRange !== 'all');
  const ids = useId();

  // The address can change the query (back button, a link): the box follows it.
  const [shownQuery, setShownQuery] = useState(search.query);
  if (shownQuery !== search.query) {
    setShownQuery(search.query);
    setDraft(search.query);
  }

  const update = (change: Partial<RegistrySearch>) => onSearch({ ...search, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ query: draft.trim() });
  };
  const pickFacet = (facet: FacetName, value: string | null) => {
    if (facet === 'genre') update({ genre: value });
    else update({ [facet]: value ?? 'all' } as Partial<RegistrySearch>);
  };

  return (
    <section className="registry" aria-labelledby={`${ids}-title`}>
      <header className="registry__header">
        <h1 id={`${ids}-title`}>Rights Registry Search</h1>
        <p className="muted">Every registered work, its identifiers, its verification evidence and its licenses. Anyone can search it.</p>
      </header>

      <form className="registry__search" role="search" onSubmit={submit}>
        <IconField iconPosition="left" className="registry__query">
          <InputIcon className="pi pi-search" />
          <InputText
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Search by title, creator, genre or identifier..."
            aria-label="Search the registry"
            maxLength={200}
          />
        </IconField>
        <Button type="submit" label="Search" icon="pi pi-search" />
        <Dropdown value={search.sortBy} options={SORT_OPTIONS} onChange={(event) => update({ sortBy: event.value })} aria-label="Sort by" className="registry__sort" />
        <Button type="button" label={advanced ? 'Hide Filters' : 'Advanced Filters'} icon="pi pi-filter" outlined aria-expanded={advanced} onClick={() => setAdvanced(!advanced)} />
      </form>

      {advanced && (
        <div className="registry__filters" aria-label="Advanced filters" role="group">
          <div className="field">
            <label htmlFor={`${ids}-type`}>Content type</label>
            <Dropdown inputId={`${ids}-type`} value={search.contentType} options={CONTENT_TYPE_OPTIONS} onChange={(event) => update({ contentType: event.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-level`}>Verification level</label>
            <Dropdown inputId={`${ids}-level`} value={search.verificationLevel} options={LEVEL_OPTIONS} onChange={(event) => update({ verificationLevel: event.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-identifier`}>Identifier type</label>
            <Dropdown inputId={`${ids}-identifier`} value={search.identifierType} options={IDENTIFIER_OPTIONS} onChange={(event) => update({ identifierType: event.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-date`}>Registered</label>
            <Dropdown inputId={`${ids}-date`} value={search.dateRange} options={DATE_OPTIONS} onChange={(event) => update({ dateRange: event.value })} />
          </div>
        </div>
      )}

      <RegistryResults
        search={search}
        status={results.isError ? 'error' : results.isPending ? 'pending' : 'success'}
        data={results.data}
        error={results.error}
        onPickFacet={pickFacet}
        onViewDetails={onOpenWork}
        onLicense={onNavigate}
      />

      <WorkDetailsDialog workId={openWorkId} viewer={viewer} onHide={() => onOpenWork(null)} onNavigate={onNavigate} />
    </section>
  );
}

interface RegistryResultsProps {
  search: RegistrySearch;
  status: 'pending' | 'error' | 'success';
  data: WorkSearchResponse | undefined;
  error: unknown;
  onPickFacet(facet: FacetName, value: string | null): void;
  onViewDetails(workId: string): void;
  onLicense(url: string): void;
}

export function RegistryResults({ search, status, data, error, onPickFacet, onViewDetails, onLicense }: RegistryResultsProps) {
  if (!shouldSearch(search)) {
    return (
      <div className="empty-state registry__prompt">
        <i className="pi pi-search empty-state__icon" aria-hidden="true" />
        <p>Type a title, creator, genre or identifier, or choose a content type or verification level, to search the registry.</p>
      </div>
    );
  }
  if (status === 'error') return <Message severity="error" text={`The registry could not be searched: ${errorMessage(error, 'unknown error')}`} />;
  if (status === 'pending' || !data) {
    return (
      <div className="registry__grid" aria-busy="true" aria-label="Loading works">
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Skeleton key={index} height="13rem" />
        ))}
      </div>
    );
  }
  return (
    <div className="registry__body">
      <FacetsPanel
        facets={data.facets}
        active={{ contentType: search.contentType === 'all' ? null : search.contentType, verificationLevel: search.verificationLevel === 'all' ? null : search.verificationLevel, genre: search.genre }}
        onPick={onPickFacet}
      />
      <div className="registry__results">
        <p className="registry__count" role="status">
          {data.total === 1 ? '1 work found' : `${data.total} works found`}
          {data.works.length < data.total ? ` (showing ${data.works.length})` : ''}
        </p>
        {data.works.length === 0 ? (
          <div className="empty-state">
            <i className="pi pi-inbox empty-state__icon" aria-hidden="true" />
            <h3>No works found</h3>
            <p className="muted">Try other words or fewer filters.</p>
          </div>
        ) : (
          <div className="registry__grid">
            {data.works.map((work: Work) => (
              <WorkCard key={work.id} work={work} onViewDetails={onViewDetails} onLicense={onLicense} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
