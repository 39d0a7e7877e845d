// The support queue (/support/queue), for support users: every ticket, unassigned first, then by
// priority and age, filtered by status, priority, category and assignment; the ticket picked opens
// beside it (?ticket=<id>) to take, answer, note and move. Anyone else is told the page needs the
// support role (the server refuses them anyway).
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useSearchParams } from 'react-router-dom';
import {
  SUPPORT_TICKET_CATEGORIES,
  SUPPORT_TICKET_PRIORITIES,
  SUPPORT_TICKET_STATUSES,
  supportQueueQuerySchema,
  type SupportQueueQuery,
} from '../../../../../domain/contracts/support';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { useRoles } from '../../../lib/use-roles';
import { useSupportQueue } from '../api/support';
import { CATEGORY_LABELS, PRIORITY_LABELS, STATUS_LABELS } from '../labels';
import '../support-centre.css';
import { TicketConversation } from './ticket-conversation';
import { TicketList } from './ticket-list';

const STATUS_OPTIONS = [{ value: 'active', label: 'Open and in progress' }, ...SUPPORT_TICKET_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })), { value: 'all', label: 'Every status' }];
const PRIORITY_OPTIONS = SUPPORT_TICKET_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));
const CATEGORY_OPTIONS = SUPPORT_TICKET_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const ASSIGNED_OPTIONS = [
  { value: 'all', label: 'Everyone' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'mine', label: 'Assigned to me' },
];

/** The filters the address names (unknown values fall back to the defaults). */
export function queueFilters(search: URLSearchParams): SupportQueueQuery {
  const pick = (key: string) => search.get(key) ?? undefined;
  const parsed = supportQueueQuerySchema.safeParse({ status: pick('status'), priority: pick('priority'), category: pick('category'), assigned: pick('assigned') });
  return parsed.success ? parsed.data : { status: 'active', assigned: 'all' };
}

export function SupportQueuePage() {
  // isLoading, not isPending: signed out, the roles query never runs and would be pending for good.
  const { has, isLoading } = useRoles();
  const isSupport = has('support');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = queueFilters(searchParams);
  const queue = useSupportQueue(filters, isSupport);
  const selectedId = searchParams.get('ticket');
  const setParam = (key: string, value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  if (isLoading) return <Skeleton height="10rem" aria-label="Loading" />;
  if (!isSupport) return <Message severity="warn" text="The support queue is for support users. An operator grants the role (npm run ops -- grant-role <user> support)." />;

  return (
    <section className="support-centre support-queue" aria-labelledby="support-queue-title">
      <PanelTitle id="support-queue-title" icon="pi-inbox">
        Support queue
      </PanelTitle>
      <div className="support-queue__filters">
        <Dropdown aria-label="Status" value={filters.status} options={STATUS_OPTIONS} onChange={(event) => setParam('status', event.value as string)} />
        <Dropdown aria-label="Priority" placeholder="Any priority" showClear value={filters.priority ?? null} options={PRIORITY_OPTIONS} onChange={(event) => setParam('priority', (event.value as string | undefined) ?? null)} />
        <Dropdown aria-label="Category" placeholder="Any category" showClear value={filters.category ?? null} options={CATEGORY_OPTIONS} onChange={(event) => setParam('category', (event.value as string | undefined) ?? null)} />
        <Dropdown aria-label="Assigned to" value={filters.assigned} options={ASSIGNED_OPTIONS} onChange={(event) => setParam('assigned', event.value as string)} />
      </div>
      <div className="support-centre__body">
        <div className="support-centre__list">
          {queue.isPending && <Skeleton height="6rem" aria-label="Loading the queue" />}
          {queue.isError && <Message severity="error" text={errorMessage(queue.error, 'The queue could not be read')} />}
          {queue.data?.length === 0 && <p className="support-centre__empty">No tickets match these filters.</p>}
          {queue.data && queue.data.length > 0 && <TicketList tickets={queue.data} selectedId={selectedId} onSelect={(id) => setParam('ticket', id)} showRequester label="Support queue" />}
        </div>
        <div className="support-centre__conversation">
          {selectedId ? <TicketConversation ticketId={selectedId} /> : <p className="support-centre__empty">Pick a ticket to answer it.</p>}
        </div>
      </div>
    </section>
  );
}
