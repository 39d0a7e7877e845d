// Reads of the support-tickets model: one ticket, a requester's own tickets, the support queue
// (unassigned first, then by priority and age, filtered) and a ticket's messages (internal notes
// only when asked for by the API on behalf of a support user). First-response and resolution times
// are computed here from the stored instants.
import type { SupportTicket, SupportTicketCategory, SupportTicketPriority, SupportTicketStatus } from '../../domain/contracts/support';
import type { SupportAttachmentFile } from '../../domain/support/support-ticket.events';
import type { Queryable } from '../../infra/db/db';

/** A ticket as stored, with the ids the API decides visibility by. */
export interface StoredSupportTicket extends SupportTicket {
  requesterId: string;
  assigneeId: string | null;
}

export interface StoredSupportMessage {
  id: string;
  authorId: string;
  authorName: string;
  authorRole: 'user' | 'support';
  internal: boolean;
  message: string;
  attachments: SupportAttachmentFile[];
  createdAt: string;
}

interface TicketRow {
  id: string;
  requester_id: string;
  requester_name: string;
  title: string;
  description: string;
  category: SupportTicketCategory;
  priority: SupportTicketPriority;
  status: SupportTicketStatus;
  origin: 'user' | 'agent';
  handoff: unknown;
  assignee_id: string | null;
  assignee_name: string | null;
  first_response_at: Date | string | null;
  resolved_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const since = (from: Date | string, to: Date | string | null) => (to === null ? null : new Date(to).getTime() - new Date(from).getTime());
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function toTicket(row: TicketRow): StoredSupportTicket {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    priority: row.priority,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    requesterId: row.requester_id,
    requesterName: row.requester_name,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    origin: row.origin,
    handoff: row.handoff === null ? null : json<SupportTicket['handoff']>(row.handoff),
    firstResponseAt: isoOrNull(row.first_response_at),
    resolvedAt: isoOrNull(row.resolved_at),
    firstResponseMs: since(row.created_at, row.first_response_at),
    resolutionMs: since(row.created_at, row.resolved_at),
  };
}

const COLUMNS = `id, requester_id::text, requester_name, title, description, category, priority, status, origin, handoff, assignee_id::text, assignee_name,
  first_response_at, resolved_at, created_at, updated_at`;

export async function findSupportTicket(db: Queryable, ticketId: string): Promise<StoredSupportTicket | null> {
  const { rows } = await db.query<TicketRow>(`SELECT ${COLUMNS} FROM support_tickets WHERE id = $1`, [ticketId]);
  return rows[0] ? toTicket(rows[0]) : null;
}

/** The requester's own tickets, the most recently active first. */
export async function listRequesterTickets(db: Queryable, requesterId: string): Promise<StoredSupportTicket[]> {
  const { rows } = await db.query<TicketRow>(`SELECT ${COLUMNS} FROM support_tickets WHERE requester_id = $1 ORDER BY updated_at DESC, id`, [requesterId]);
  return rows.map(toTicket);
}

export interface SupportQueueFilters {
  /** `active`: open and in progress (the default); otherwise one status, or every ticket. */
  status: SupportTicketStatus | 'active' | 'all';
  priority?: SupportTicketPriority;
  category?: SupportTicketCategory;
  /** `mine`: assigned to the viewer. */
  assigned: 'all' | 'unassigned' | 'mine';
  limit: number;
}

/** The support queue: unassigned first, then the most urgent, then the oldest. */
export async function listSupportQueue(db: Queryable, filters: SupportQueueFilters, viewerId: string): Promise<StoredSupportTicket[]> {
  const where: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (filters.status === 'active') where.push(`status IN ('open', 'in-progress')`);
  else if (filters.status !== 'all') where.push(`status = ${param(filters.status)}`);
  if (filters.priority) where.push(`priority = ${param(filters.priority)}`);
  if (filters.category) where.push(`category = ${param(filters.category)}`);
  if (filters.assigned === 'unassigned') where.push('assignee_id IS NULL');
  if (filters.assigned === 'mine') where.push(`assignee_id = ${param(viewerId)}::uuid`);
  const { rows } = await db.query<TicketRow>(
    `SELECT ${COLUMNS} FROM support_tickets ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY (assignee_id IS NULL) DESC, priority_rank DESC, created_at, id LIMIT ${param(filters.limit)}`,
    values,
  );
  return rows.map(toTicket);
}

interface MessageRow {
  id: string;
  author_id: string;
  author_name: string;
  author_role: 'user' | 'support';
  internal: boolean;
  message: string;
  attachments: unknown;
  created_at: Date | string;
}

/** A ticket's messages in the order they were posted; internal notes only with `withInternal`. */
export async function listSupportMessages(db: Queryable, ticketId: string, withInternal: boolean): Promise<StoredSupportMessage[]> {
  const { rows } = await db.query<MessageRow>(
    `SELECT id, author_id::text, author_name, author_role, internal, message, attachments, created_at FROM support_messages
     WHERE ticket_id = $1 ${withInternal ? '' : 'AND NOT internal'} ORDER BY stream_version, id`,
    [ticketId],
  );
  return rows.map((row) => ({
    id: row.id,
    authorId: row.author_id,
    authorName: row.author_name,
    authorRole: row.author_role,
    internal: row.internal,
    message: row.message,
    attachments: json<SupportAttachmentFile[]>(row.attachments),
    createdAt: iso(row.created_at),
  }));
}
