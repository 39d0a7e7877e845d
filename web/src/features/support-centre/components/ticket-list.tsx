// A list of tickets (the user's own, or the support queue): title, status, priority, category,
// when it was opened and, for support users, by whom and who has it. Picking one opens it.
import { Tag } from 'primereact/tag';
import type { SupportTicket } from '../../../../../domain/contracts/support';
import { CATEGORY_LABELS, formatDuration, PRIORITY_LABELS, STATUS_LABELS, STATUS_SEVERITY, when } from '../labels';

export function TicketList({ tickets, selectedId, onSelect, showRequester, label }: { tickets: SupportTicket[]; selectedId: string | null; onSelect(ticketId: string): void; showRequester: boolean; label: string }) {
  return (
    <ul className="support-list" aria-label={label}>
      {tickets.map((ticket) => {
        const firstResponse = formatDuration(ticket.firstResponseMs);
        return (
          <li key={ticket.id}>
            <button type="button" className="support-list__item" aria-current={ticket.id === selectedId ? 'true' : undefined} onClick={() => onSelect(ticket.id)}>
              <span className="support-list__title">{ticket.title}</span>
              <span className="support-list__tags">
                <Tag value={STATUS_LABELS[ticket.status]} severity={STATUS_SEVERITY[ticket.status]} />
                <Tag value={PRIORITY_LABELS[ticket.priority]} severity={ticket.priority === 'urgent' || ticket.priority === 'high' ? 'danger' : 'secondary'} />
                <span className="support-list__meta">{CATEGORY_LABELS[ticket.category]}</span>
              </span>
              <span className="support-list__meta">
                Opened {when(ticket.createdAt)}
                {showRequester ? ` by ${ticket.requesterName}` : ''}
                {ticket.origin === 'agent' ? ' · handed over by the agent' : ''}
                {showRequester ? ` · ${ticket.assigneeName ? `assigned to ${ticket.assigneeName}` : 'unassigned'}` : ''}
                {firstResponse ? ` · first response ${firstResponse}` : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
