// The Proof Explorer page (route /proof-explorer, public): a text search, four
// filters (proof type, status, verifier, date range), result cards and the View Proof dialog. The
// address holds the search and the open proof (?proof=<id>); the search runs only as shouldSearchProofs allows.
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { PROOF_STATUSES, PROOF_TYPES, type Proof } from '../../../../../domain/contracts/proofs';
import { DATE_RANGES } from '../../../../../domain/contracts/registry';
import { errorMessage } from '../../../lib/api-client';
import { useProofSearch } from '../api/proofs';
import { PROOF_STATUS_LABELS, proofTypeLabel, shouldSearchProofs, type ProofSearch } from '../proof-search';
import { ProofCard } from './proof-card';
import { ProofDialog } from './proof-dialog';
import '../proof-explorer.css';

const TYPE_OPTIONS = [{ label: 'All proof types', value: 'all' }, ...PROOF_TYPES.map((type) => ({ label: proofTypeLabel(type), value: type }))];
const STATUS_OPTIONS = [{ label: 'All statuses', value: 'all' }, ...PROOF_STATUSES.map((status) => ({ label: PROOF_STATUS_LABELS[status], value: status }))];
const DATE_LABELS: Record<(typeof DATE_RANGES)[number], string> = { all: 'Any time', '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days', '1y': 'Last year' };
const DATE_OPTIONS = DATE_RANGES.map((value) => ({ label: DATE_LABELS[value], value }));

interface ProofExplorerPageProps {
  search: ProofSearch;
  openProofId: string | null;
  onSearch(search: ProofSearch): void;
  onOpenProof(proofId: string | null): void;
}

export function ProofExplorerPage({ search, openProofId, onSearch, onOpenProof }: ProofExplorerPageProps) {
  const results = useProofSearch(search);
  const [draft, setDraft] = useState(search.query);
  const ids = useId();
  // The address can change the query (back button, a link): the box follows it.
  const [shownQuery, setShownQuery] = useState(search.query);
  if (shownQuery !== search.query) {
    setShownQuery(search.query);
    setDraft(search.query);
  }

  // The verifiers are names the proofs list; offer the ones seen so far, and the one chosen.
  const verifierOptions = useMemo(() => {
    const names = new Set(results.data?.proofs.flatMap((proof) => proof.verification.verifiedBy) ?? []);
    if (search.verifier !== 'all') names.add(search.verifier);
    return [{ label: 'All verifiers', value: 'all' }, ...[...names].sort().map((name) => ({ label: name, value: name }))];
  }, [results.data, search.verifier]);

  const update = (change: Partial<ProofSearch>) => onSearch({ ...search, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ query: draft.trim() });
  };

  return (
    <section className="proofs" aria-labelledby={`${ids}-title`}>
      <header className="proofs__header">
        <h1 id={`${ids}-title`}>Proof Explorer</h1>
        <p className="muted">
          Creation and licensing proofs: what was signed, by which key, and where it stands on the ledger. Download a proof and check it yourself on{' '}
          <a href="/verify">the verify page</a>.
        </p>
      </header>

      <form className="proofs__search" role="search" onSubmit={submit}>
        <IconField iconPosition="left" className="proofs__query">
          <InputIcon className="pi pi-search" />
          <InputText value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="Search by work title, creator or proof id..." aria-label="Search proofs" maxLength={200} />
        </IconField>
        <Button type="submit" label="Search" icon="pi pi-search" />
      </form>
      <div className="proofs__filters" role="group" aria-label="Filters">
        <div className="field">
          <label htmlFor={`${ids}-type`}>Proof type</label>
          <Dropdown inputId={`${ids}-type`} value={search.proofType} options={TYPE_OPTIONS} onChange={(event) => update({ proofType: event.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-status`}>Status</label>
          <Dropdown inputId={`${ids}-status`} value={search.status} options={STATUS_OPTIONS} onChange={(event) => update({ status: event.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-verifier`}>Verifier</label>
          <Dropdown inputId={`${ids}-verifier`} value={search.verifier} options={verifierOptions} onChange={(event) => update({ verifier: event.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-date`}>Date range</label>
          <Dropdown inputId={`${ids}-date`} value={search.dateRange} options={DATE_OPTIONS} onChange={(event) => update({ dateRange: event.value })} />
        </div>
      </div>
      {search.workId && (
        <Message
          severity="info"
          className="proofs__work-filter"
          content={
            <span>
              Showing the proofs of one work. <Button label="Show all works" link size="small" onClick={() => update({ workId: null })} />
            </span>
          }
        />
      )}

      <ProofResults search={search} status={results.isError ? 'error' : results.isPending ? 'pending' : 'success'} proofs={results.data?.proofs} total={results.data?.total ?? 0} error={results.error} onView={onOpenProof} />

      <ProofDialog proofId={openProofId} onHide={() => onOpenProof(null)} />
    </section>
  );
}

interface ProofResultsProps {
  search: ProofSearch;
  status: 'pending' | 'error' | 'success';
  proofs: Proof[] | undefined;
  total: number;
  error: unknown;
  onView(proofId: string): void;
}

export function ProofResults({ search, status, proofs, total, error, onView }: ProofResultsProps) {
  if (!shouldSearchProofs(search)) {
    return (
      <div className="empty-state">
        <i className="pi pi-verified empty-state__icon" aria-hidden="true" />
        <p>Type a work title, creator or proof id, or choose a proof type or status, to search the proofs.</p>
      </div>
    );
  }
  if (status === 'error') return <Message severity="error" text={`The proofs could not be searched: ${errorMessage(error, 'unknown error')}`} />;
  if (status === 'pending' || !proofs) {
    return (
      <div className="proofs__grid" aria-busy="true" aria-label="Loading proofs">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height="12rem" />
        ))}
      </div>
    );
  }
  if (proofs.length === 0) {
    return (
      <div className="empty-state">
        <i className="pi pi-inbox empty-state__icon" aria-hidden="true" />
        <h3>No proofs found</h3>
        <p className="muted">Try other words or fewer filters.</p>
      </div>
    );
  }
  return (
    <div className="proofs__results">
      <p className="proofs__count" role="status">
        {total === 1 ? '1 proof found' : `${total} proofs found`}
        {proofs.length < total ? ` (showing ${proofs.length})` : ''}
      </p>
      <div className="proofs__grid">
        {proofs.map((proof) => (
          <ProofCard key={proof.id} proof={proof} onView={onView} />
        ))}
      </div>
    </div>
  );
}
