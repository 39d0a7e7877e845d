// A support ticket: opened by its requester (or for them by the support agent), answered by support
// users, who also keep internal notes, take it and move its status. Only the requester and support
// users act on a ticket; anyone else is told it does not exist. Status moves (docs/support.md):
// support users move open → in-progress → resolved → closed (and back to in-progress from resolved);
// the requester may close their own ticket (withdrawn, or the resolution confirmed); a public reply
// by support starts work on an open ticket, a reply by the requester reopens a resolved one; closed
// is final. Posting a message or opening a ticket already recorded decides nothing (retries are harmless).
import type { AgentHandoff, SupportTicketCategory, SupportTicketPriority, SupportTicketStatus } from '../contracts/support';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import {
  SupportMessagePosted,
  SupportTicketAssigned,
  SupportTicketOpened,
  SupportTicketStatusChanged,
  type SupportAttachmentFile,
  type SupportTicketEvent,
} from './support-ticket.events';

export const SUPPORT_TICKET_NOT_FOUND = 'Support ticket not found';
export const SUPPORT_TICKET_CLOSED = 'This ticket is closed; open a new ticket to ask again';
export const INTERNAL_NOTES_SUPPORT_ONLY = 'Only support users write internal notes';
export const SUPPORT_USERS_ONLY = 'Only support users do this';

/** Who acts: the signed-in user, and whether they hold the support role. */
export interface SupportActor {
  userId: string;
  name: string;
  isSupport: boolean;
}

export interface SupportTicketState {
  opened: boolean;
  ticketId: string;
  requesterId: string;
  status: SupportTicketStatus;
  assigneeId: string | null;
  conversationId: string | null;
  messageIds: ReadonlySet<string>;
}

export const initialSupportTicketState: SupportTicketState = {
  opened: false,
  ticketId: '',
  requesterId: '',
  status: 'open',
  assigneeId: null,
  conversationId: null,
  messageIds: new Set(),
};

export type SupportTicketCommand =
  | {
      type: 'OpenSupportTicket';
      data: {
        ticketId: string;
        requester: { userId: string; name: string };
        title: string;
        description: string;
        category: SupportTicketCategory;
        priority: SupportTicketPriority;
        handoff: AgentHandoff | null;
        at: string;
      };
    }
  | { type: 'PostSupportMessage'; data: { ticketId: string; messageId: string; actor: SupportActor; internal: boolean; message: string; attachments: SupportAttachmentFile[]; at: string } }
  | { type: 'AssignSupportTicket'; data: { ticketId: string; assignee: { userId: string; name: string }; actor: SupportActor; at: string } }
  | { type: 'ChangeSupportTicketStatus'; data: { ticketId: string; to: SupportTicketStatus; actor: SupportActor; at: string } };

/** The moves a support user may choose, from each status. */
const SUPPORT_MOVES: Record<SupportTicketStatus, readonly SupportTicketStatus[]> = {
  open: ['in-progress', 'resolved', 'closed'],
  'in-progress': ['resolved', 'closed'],
  resolved: ['in-progress', 'closed'],
  closed: [],
};

/** The moves the requester may choose: closing their own ticket. */
const REQUESTER_MOVES: Record<SupportTicketStatus, readonly SupportTicketStatus[]> = {
  open: ['closed'],
  'in-progress': ['closed'],
  resolved: ['closed'],
  closed: [],
};

/** The statuses `actor` may move the ticket to now (for the screens' buttons). */
export function allowedStatusMoves(state: SupportTicketState, actor: SupportActor): SupportTicketStatus[] {
  if (!state.opened) return [];
  if (actor.isSupport && actor.userId !== state.requesterId) return [...SUPPORT_MOVES[state.status]];
  if (actor.userId === state.requesterId) return [...REQUESTER_MOVES[state.status]];
  return [];
}

export function decideSupportTicket(command: SupportTicketCommand, state: SupportTicketState): SupportTicketEvent[] {
  switch (command.type) {
    case 'OpenSupportTicket':
      return open(command.data, state);
    case 'PostSupportMessage':
      return post(command.data, state);
    case 'AssignSupportTicket':
      return assign(command.data, state);
    case 'ChangeSupportTicketStatus':
      return changeStatus(command.data, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown support ticket command ${JSON.stringify(unknown)}`);
    }
  }
}

function open(data: Extract<SupportTicketCommand, { type: 'OpenSupportTicket' }>['data'], state: SupportTicketState): SupportTicketEvent[] {
  if (state.opened) {
    // The agent hands one conversation over once: the same conversation again is the same ticket.
    if (data.handoff && state.conversationId === data.handoff.conversationId && state.requesterId === data.requester.userId) return [];
    throw new IllegalStateError('This ticket already exists');
  }
  if (!data.title.trim() || !data.description.trim()) throw new ValidationError('Please fill in all required fields.');
  return [
    SupportTicketOpened.create({
      ticketId: data.ticketId,
      requester: data.requester,
      title: data.title.trim(),
      description: data.description.trim(),
      category: data.category,
      priority: data.priority,
      origin: data.handoff ? 'agent' : 'user',
      handoff: data.handoff,
      openedAt: data.at,
    }),
  ];
}

/** The requester or a support user; anyone else is told the ticket does not exist. */
function mayAct(state: SupportTicketState, actor: SupportActor): void {
  if (!state.opened || (actor.userId !== state.requesterId && !actor.isSupport)) throw new NotFoundError(SUPPORT_TICKET_NOT_FOUND);
}

function post(data: Extract<SupportTicketCommand, { type: 'PostSupportMessage' }>['data'], state: SupportTicketState): SupportTicketEvent[] {
  mayAct(state, data.actor);
  if (state.messageIds.has(data.messageId)) return [];
  if (state.status === 'closed') throw new IllegalStateError(SUPPORT_TICKET_CLOSED);
  // A support user writing on their own ticket writes as its requester.
  const authorRole = data.actor.userId === state.requesterId ? 'user' : 'support';
  if (data.internal && authorRole !== 'support') throw new ForbiddenError(INTERNAL_NOTES_SUPPORT_ONLY);
  if (!data.message.trim() && data.attachments.length === 0) throw new ValidationError('Write a message first.');
  const by = { userId: data.actor.userId, name: data.actor.name };
  const posted = SupportMessagePosted.create({
    ticketId: data.ticketId,
    messageId: data.messageId,
    author: by,
    authorRole,
    internal: data.internal,
    message: data.message.trim(),
    attachments: data.attachments,
    postedAt: data.at,
  });
  const moved = (to: SupportTicketStatus) => SupportTicketStatusChanged.create({ ticketId: data.ticketId, from: state.status, to, by, cause: 'reply', changedAt: data.at });
  if (authorRole === 'user' && state.status === 'resolved') return [posted, moved('open')];
  if (authorRole === 'support' && !data.internal && state.status === 'open') return [posted, moved('in-progress')];
  return [posted];
}

function assign(data: Extract<SupportTicketCommand, { type: 'AssignSupportTicket' }>['data'], state: SupportTicketState): SupportTicketEvent[] {
  mayAct(state, data.actor);
  if (!data.actor.isSupport || data.actor.userId === state.requesterId) throw new ForbiddenError(SUPPORT_USERS_ONLY);
  if (state.status === 'closed') throw new IllegalStateError(SUPPORT_TICKET_CLOSED);
  if (state.assigneeId === data.assignee.userId) return [];
  return [SupportTicketAssigned.create({ ticketId: data.ticketId, assignee: data.assignee, by: { userId: data.actor.userId, name: data.actor.name }, assignedAt: data.at })];
}

function changeStatus(data: Extract<SupportTicketCommand, { type: 'ChangeSupportTicketStatus' }>['data'], state: SupportTicketState): SupportTicketEvent[] {
  mayAct(state, data.actor);
  if (state.status === data.to) return [];
  if (state.status === 'closed') throw new IllegalStateError(SUPPORT_TICKET_CLOSED);
  if (!allowedStatusMoves(state, data.actor).includes(data.to)) {
    if (!data.actor.isSupport) throw new ForbiddenError(`Only support users move a ticket to ${data.to}; you may close your own ticket`);
    throw new IllegalStateError(`A ticket that is ${state.status} cannot move to ${data.to}`);
  }
  return [
    SupportTicketStatusChanged.create({
      ticketId: data.ticketId,
      from: state.status,
      to: data.to,
      by: { userId: data.actor.userId, name: data.actor.name },
      cause: 'set',
      changedAt: data.at,
    }),
  ];
}

export function evolveSupportTicket(state: SupportTicketState, event: SupportTicketEvent): SupportTicketState {
  switch (event.type) {
    case 'SupportTicketOpened':
      return {
        ...state,
        opened: true,
        ticketId: event.data.ticketId,
        requesterId: event.data.requester.userId,
        status: 'open',
        conversationId: event.data.handoff?.conversationId ?? null,
      };
    case 'SupportMessagePosted':
      return { ...state, messageIds: new Set([...state.messageIds, event.data.messageId]) };
    case 'SupportTicketAssigned':
      return { ...state, assigneeId: event.data.assignee.userId };
    case 'SupportTicketStatusChanged':
      return { ...state, status: event.data.to };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown support ticket event ${JSON.stringify(unknown)}`);
    }
  }
}

export const supportTicketDecider = { decide: decideSupportTicket, evolve: evolveSupportTicket, initialState: initialSupportTicketState };
