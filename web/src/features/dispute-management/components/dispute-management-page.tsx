// The Dispute Management page, for signed-in users: the header with File
// New Dispute, the four summary cards from the server's summary, the filter panel (Assigned To for
// reviewers), and the cases the viewer may see (parties their own, reviewers and auditors all). The
// address keeps the filters and the open case (?dispute=<id>&tab=), so a link opens a case.
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DISPUTE_PRIORITIES, DISPUTE_STATUSES, DISPUTE_TYPES, type DisputeListResponse } from '../../../../../domain/contracts/disputes';
import type { Role } from '../../../../../domain/contracts/roles';
import { PanelTitle } from '../../../components/ui/panel-title';
import { useNow } from '../../../hooks/use-now';
import { errorMessage } from '../../../lib/api-client';
import { useDisputes } from '../api/disputes';
import '../dispute-management.css';
import {
  DEFAULT_FILTERS,
  disputeSearchParams,
  DISPUTE_TYPE_DISPLAY,
  filtersFromParams,
  hasFilters,
  PRIORITY_DISPLAY,
  STATUS_DISPLAY,
  summaryCards,
  type DisputeFilters,
} from '../labels';
import { DisputeDetailsDialog } from './dispute-details-dialog';
import { DisputeRow, type DetailTab } from './dispute-row';
import { FileDisputeDialog } from './file-dispute-dialog';

const DETAIL_TABS: readonly DetailTab[] = ['overview', 'evidence', 'messages', 'timeline', 'resolution'];

export function DisputeManagementPage({ roles }: { roles: readonly Role[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromParams(searchParams);
  const list = useDisputes(disputeSearchParams(filters));
  const [filing, setFiling] = useState(false);
  const now = useNow(60_000);
  const openId = searchParams.get('dispute');
  const requestedTab = searchParams.get('tab') as DetailTab | null;

  const update = (change: (params: URLSearchParams) => void) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      change(next);
      return next;
    });
  const setFilters = (next: DisputeFilters) =>
    update((params) => {
      for (const key of ['status', 'disputeType', 'priority', 'assignedTo', 'workId']) params.delete(key);
      for (const [key, value] of new URLSearchParams(disputeSearchParams(next))) params.set(key, value);
    });
  const open = (disputeId: string | null, tab: DetailTab = 'overview') =>
    update((params) => {
      if (disputeId === null) {
        params.delete('dispute');
        params.delete('tab');
        return;
      }
      params.set('dispute', disputeId);
      if (tab === 'overview') params.delete('tab');
      else params.set('tab', tab);
    });

  return (
    <section className="dispute-management" aria-labelledby="dispute-management-title">
      <div className="panel-header dispute-management__header">
        <div>
          <PanelTitle id="dispute-management-title" icon="pi-flag">
            Dispute Management
          </PanelTitle>
          <p className="muted">
            Claims about registered works. Filing freezes the work's payouts and licensing until the case is resolved; the owner has{' '}
            a deadline to answer, and a reviewer decides.
          </p>
        </div>
        <Button label="File New Dispute" icon="pi pi-plus" onClick={() => setFiling(true)} />
      </div>
      <SummaryCardsRow summary={list.data?.summary ?? null} />
      <DisputeFiltersPanel filters={filters} canFilterAssignee={roles.includes('reviewer')} onChange={setFilters} />
      <DisputeList status={list.status} data={list.data} error={list.error} now={now} onOpen={open} />
      <FileDisputeDialog visible={filing} onHide={() => setFiling(false)} onOpenCase={(disputeId) => open(disputeId)} />
      <DisputeDetailsDialog
        disputeId={openId}
        tab={requestedTab && DETAIL_TABS.includes(requestedTab) ? requestedTab : 'overview'}
        onTab={(tab) => openId && open(openId, tab)}
        onHide={() => open(null)}
      />
    </section>
  );
}

export function SummaryCardsRow({ summary }: { summary: DisputeListResponse['summary'] | null }) {
  const cards = summary ? summaryCards(summary) : null;
  const items = [
    { label: 'Open Disputes', value: cards?.open, icon: 'pi-folder-open' },
    { label: 'Under Review', value: cards?.underReview, icon: 'pi-search' },
    { label: 'Resolved', value: cards?.resolved, icon: 'pi-check-circle' },
    { label: 'Critical Priority', value: cards?.critical, icon: 'pi-exclamation-triangle' },
  ];
  return (
    <div className="dispute-summary">
      {items.map((item) => (
        <div key={item.label} className="dispute-summary__card">
          <i className={`pi ${item.icon}`} aria-hidden="true" />
          <span className="dispute-summary__value">{item.value ?? '—'}</span>
          <span className="muted">{item.label}</span>
        </div>
      ))}
    </div>
  );
}

const ALL = { label: 'All', value: null };

export function DisputeFiltersPanel({ filters, canFilterAssignee, onChange }: { filters: DisputeFilters; canFilterAssignee: boolean; onChange(filters: DisputeFilters): void }) {
  const ids = useId();
  const set = <K extends keyof DisputeFilters>(key: K, value: DisputeFilters[K]) => onChange({ ...filters, [key]: value });
  const assignees = [
    { label: 'All Assignees', value: 'all' },
    { label: 'Unassigned', value: 'unassigned' },
    ...(canFilterAssignee ? [{ label: 'Assigned to Me', value: 'me' }] : []),
  ];
  return (
    <div className="dispute-filters" role="search" aria-label="Filter disputes">
      <div className="field">
        <label htmlFor={`${ids}-status`}>Status</label>
        <Dropdown placeholder="All" inputId={`${ids}-status`} value={filters.status} options={[ALL, ...DISPUTE_STATUSES.map((value) => ({ label: STATUS_DISPLAY[value].label, value }))]} onChange={(event) => set('status', event.value as DisputeFilters['status'])} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-type`}>Dispute type</label>
        <Dropdown placeholder="All" inputId={`${ids}-type`} value={filters.disputeType} options={[ALL, ...DISPUTE_TYPES.map((value) => ({ label: DISPUTE_TYPE_DISPLAY[value].label, value }))]} onChange={(event) => set('disputeType', event.value as DisputeFilters['disputeType'])} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-priority`}>Priority</label>
        <Dropdown placeholder="All" inputId={`${ids}-priority`} value={filters.priority} options={[ALL, ...DISPUTE_PRIORITIES.map((value) => ({ label: PRIORITY_DISPLAY[value].label, value }))]} onChange={(event) => set('priority', event.value as DisputeFilters['priority'])} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-assigned`}>Assigned To</label>
        <Dropdown inputId={`${ids}-assigned`} value={filters.assignedTo} options={assignees} onChange={(event) => set('assignedTo', event.value as DisputeFilters['assignedTo'])} />
      </div>
      <WorkIdField key={filters.workId} id={`${ids}-work`} initial={filters.workId} onApply={(workId) => set('workId', workId)} />
      {hasFilters(filters) && <Button label="Clear filters" icon="pi pi-filter-slash" text onClick={() => onChange(DEFAULT_FILTERS)} />}
    </div>
  );
}

/** Typed freely; applied on Enter or when the field loses focus. Keyed by the applied id, so a cleared filter clears it. */
function WorkIdField({ id, initial, onApply }: { id: string; initial: string; onApply(workId: string): void }) {
  const [workId, setWorkId] = useState(initial);
  const apply = () => workId.trim() !== initial && onApply(workId.trim());
  return (
    <form
      className="field"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <label htmlFor={id}>Work ID</label>
      <InputText id={id} value={workId} placeholder="Any work (press Enter)" onChange={(event) => setWorkId(event.target.value)} onBlur={apply} />
    </form>
  );
}

interface DisputeListProps {
  status: 'pending' | 'error' | 'success';
  data: DisputeListResponse | undefined;
  error: unknown;
  now: Date;
  onOpen(disputeId: string, tab: DetailTab): void;
}

export function DisputeList({ status, data, error, now, onOpen }: DisputeListProps) {
  if (status === 'pending') return <p className="muted dispute-list__state">Loading disputes...</p>;
  if (status === 'error' || !data) return <Message severity="error" text={`Disputes could not be loaded: ${errorMessage(error, 'Unknown error')}`} />;
  if (data.disputes.length === 0) {
    return (
      <div className="dispute-list__empty">
        <i className="pi pi-flag" aria-hidden="true" />
        <h3>No disputes found</h3>
        <p className="muted">No disputes match your current filters</p>
      </div>
    );
  }
  return (
    <div className="dispute-list">
      <p className="muted">{data.total === 1 ? '1 dispute' : `${data.total} disputes`}</p>
      {data.disputes.map((dispute) => (
        <DisputeRow key={dispute.id} dispute={dispute} now={now} onOpen={(tab) => onOpen(dispute.id, tab)} />
      ))}
    </div>
  );
}
