// The support-tickets read model: one row per ticket with the columns the requester's list, the
// support queue (unassigned first, by priority and age) and the conversation header show, including
// when a person first answered and when it was resolved; and a row per message (internal notes
// flagged, attachments as stored). Each ticket row records the stream version it has folded, so a
// replayed event changes nothing. Every change is told to the requester (never an internal note)
// and to the connected support users.
import { SUPPORT_TICKET_PRIORITIES } from '../../domain/contracts/support';
import { supportTicketEventDefinitions, type SupportTicketEvent } from '../../domain/support/support-ticket.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

const HANDLES: ReadonlySet<string> = new Set(supportTicketEventDefinitions.map((d) => d.type));

/** The queue sorts by this rank, highest first (urgent is the contract's last priority). */
const priorityRank = (priority: (typeof SUPPORT_TICKET_PRIORITIES)[number]) => SUPPORT_TICKET_PRIORITIES.indexOf(priority);

async function applyOne(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
  const event = { type: recorded.type, data: recorded.data } as SupportTicketEvent;
  const version = recorded.streamVersion;
  const ticketId = event.data.ticketId;
  let rows: { requester_id: string }[];
  /** Folds the event into the ticket row once; `set` may use $4… for `values`. */
  const claim = (set: string, at: string, values: unknown[] = []) =>
    tx.query<{ requester_id: string }>(
      `UPDATE support_tickets SET ${set ? `${set}, ` : ''}updated_at = GREATEST(updated_at, $3::timestamptz), stream_version = $2
       WHERE id = $1 AND stream_version < $2 RETURNING requester_id::text`,
      [ticketId, version, at, ...values],
    );
  let internal = false;
  let actorId: string | null = null;
  switch (event.type) {
    case 'SupportTicketOpened': {
      const d = event.data;
      ({ rows } = await tx.query<{ requester_id: string }>(
        `INSERT INTO support_tickets (id, requester_id, requester_name, title, description, category, priority, priority_rank, status, origin, handoff,
           created_at, updated_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', $9, $10::jsonb, $11, $11, $12)
         ON CONFLICT (id) DO NOTHING RETURNING requester_id::text`,
        [ticketId, d.requester.userId, d.requester.name, d.title, d.description, d.category, d.priority, priorityRank(d.priority), d.origin,
          d.handoff ? JSON.stringify(d.handoff) : null, d.openedAt, version],
      ));
      break;
    }
    case 'SupportMessagePosted': {
      const d = event.data;
      internal = d.internal;
      actorId = d.author.userId;
      const answered = d.authorRole === 'support' && !d.internal;
      ({ rows } = await claim(answered ? 'first_response_at = COALESCE(first_response_at, $3::timestamptz)' : '', d.postedAt));
      if (rows[0]) {
        await tx.query(
          `INSERT INTO support_messages (ticket_id, id, author_id, author_name, author_role, internal, message, attachments, created_at, stream_version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10) ON CONFLICT (ticket_id, id) DO NOTHING`,
          [ticketId, d.messageId, d.author.userId, d.author.name, d.authorRole, d.internal, d.message, JSON.stringify(d.attachments), d.postedAt, version],
        );
      }
      break;
    }
    case 'SupportTicketAssigned':
      ({ rows } = await claim('assignee_id = $4, assignee_name = $5', event.data.assignedAt, [event.data.assignee.userId, event.data.assignee.name]));
      break;
    case 'SupportTicketStatusChanged': {
      const { to, changedAt } = event.data;
      // Resolved is timed from the last resolution; a reopened ticket is not resolved; closing keeps the time.
      const resolved = to === 'resolved' ? '$3::timestamptz' : to === 'closed' ? 'resolved_at' : 'NULL';
      ({ rows } = await claim(`status = $4, resolved_at = ${resolved}, closed_at = ${to === 'closed' ? '$3::timestamptz' : 'NULL'}`, changedAt, [to]));
      break;
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unknown support ticket event ${JSON.stringify(unknown)}`);
    }
  }
  const row = rows[0];
  if (!row) return null;
  // An internal note is not the requester's news: it is told to its author and the support users only.
  const ownerId = internal && actorId ? actorId : row.requester_id;
  return { ...readModelChange('support', recorded, ownerId, ticketId), alsoToRole: 'support' };
}

export const supportTicketsProjection: Projection = {
  name: 'support-tickets',
  version: 1,
  tables: ['support_messages', 'support_tickets'],
  schema: `
    CREATE TABLE IF NOT EXISTS support_tickets (
      id text PRIMARY KEY,
      requester_id uuid NOT NULL,
      requester_name text NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      category text NOT NULL,
      priority text NOT NULL,
      priority_rank integer NOT NULL,
      status text NOT NULL,
      origin text NOT NULL,
      handoff jsonb,
      assignee_id uuid,
      assignee_name text,
      first_response_at timestamptz,
      resolved_at timestamptz,
      closed_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS support_tickets_requester_idx ON support_tickets (requester_id, updated_at DESC);
    CREATE INDEX IF NOT EXISTS support_tickets_queue_idx ON support_tickets (status, priority_rank DESC, created_at);
    CREATE TABLE IF NOT EXISTS support_messages (
      ticket_id text NOT NULL,
      id text NOT NULL,
      author_id uuid NOT NULL,
      author_name text NOT NULL,
      author_role text NOT NULL,
      internal boolean NOT NULL,
      message text NOT NULL,
      attachments jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      stream_version integer NOT NULL,
      PRIMARY KEY (ticket_id, id)
    );`,
  handles: HANDLES,
  apply: applyOne,
};
