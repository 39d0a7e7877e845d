// Given / when / then specifications of a support ticket: who may act on it (the requester and
// support users; anyone else is told it does not exist), internal notes by support users only,
// the status moves each side may choose, the moves a reply makes, closed being final, and retries
// (the same message, the same handed-over conversation) deciding nothing.
import { describe, expect, it } from 'vitest';
import type { AgentHandoff } from '../contracts/support';
import { deciderSpec } from '../shared/decider-spec';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import {
  allowedStatusMoves,
  INTERNAL_NOTES_SUPPORT_ONLY,
  SUPPORT_TICKET_CLOSED,
  SUPPORT_TICKET_NOT_FOUND,
  supportTicketDecider,
  type SupportActor,
  type SupportTicketCommand,
} from './support-ticket.decider';
import { SupportMessagePosted, SupportTicketAssigned, SupportTicketOpened, SupportTicketStatusChanged } from './support-ticket.events';

const { given, when } = deciderSpec(supportTicketDecider);
const ticketId = 't-1';
const NOW = '2026-11-29T10:00:00.000Z';
const requester: SupportActor = { userId: '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'ada', isSupport: false };
const agentUser: SupportActor = { userId: '1c9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'sam', isSupport: true };
const stranger: SupportActor = { userId: '2d9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'eve', isSupport: false };
const person = (a: SupportActor) => ({ userId: a.userId, name: a.name });

const handoff: AgentHandoff = {
  conversationId: '3e9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f',
  reason: 'refund',
  transcript: [{ from: 'user', text: 'I want a refund', at: NOW }],
  sources: [{ id: 'faq/pricing#refunds', title: 'Refunds', url: '/dashboard/faq#refunds', score: 0.4, excerpt: 'Refunds…' }],
};
const openCommand = (h: AgentHandoff | null = null): SupportTicketCommand => ({
  type: 'OpenSupportTicket',
  data: { ticketId, requester: person(requester), title: ' Payment failed ', description: 'My card was charged twice', category: 'billing', priority: 'high', handoff: h, at: NOW },
});
const opened = SupportTicketOpened.create({
  ticketId, requester: person(requester), title: 'Payment failed', description: 'My card was charged twice', category: 'billing', priority: 'high', origin: 'user', handoff: null, openedAt: NOW,
});
const post = (actor: SupportActor, message = 'Hello', internal = false, messageId = 'm-1'): SupportTicketCommand => ({
  type: 'PostSupportMessage',
  data: { ticketId, messageId, actor, internal, message, attachments: [], at: NOW },
});
const posted = (actor: SupportActor, authorRole: 'user' | 'support', internal = false, messageId = 'm-1') =>
  SupportMessagePosted.create({ ticketId, messageId, author: person(actor), authorRole, internal, message: 'Hello', attachments: [], postedAt: NOW });
const moved = (from: 'open' | 'in-progress' | 'resolved' | 'closed', to: 'open' | 'in-progress' | 'resolved' | 'closed', by: SupportActor, cause: 'set' | 'reply' = 'set') =>
  SupportTicketStatusChanged.create({ ticketId, from, to, by: person(by), cause, changedAt: NOW });
const setStatus = (to: 'open' | 'in-progress' | 'resolved' | 'closed', actor: SupportActor): SupportTicketCommand => ({ type: 'ChangeSupportTicketStatus', data: { ticketId, to, actor, at: NOW } });

describe('support ticket decider', () => {
  it('opens a ticket with its fields trimmed, from the user; opening it again is refused', () => {
    expect(when([], openCommand())).toEqual([opened]);
    expect(given(opened)).toMatchObject({ opened: true, requesterId: requester.userId, status: 'open', assigneeId: null });
    expect(() => when([opened], openCommand())).toThrow(IllegalStateError);
  });

  it('refuses a ticket without a title or description with the spec\'s message', () => {
    const blank: SupportTicketCommand = { type: 'OpenSupportTicket', data: { ...(openCommand() as Extract<SupportTicketCommand, { type: 'OpenSupportTicket' }>).data, title: '  ' } };
    expect(() => when([], blank)).toThrow(ValidationError);
    expect(() => when([], blank)).toThrow('Please fill in all required fields.');
  });

  it('opens a handed-over ticket once per conversation: the same handoff again decides nothing', () => {
    const [event] = when([], openCommand(handoff));
    expect(event).toMatchObject({ type: 'SupportTicketOpened', data: { origin: 'agent', handoff } });
    expect(when([event!], openCommand(handoff))).toEqual([]);
  });

  it('takes messages from the requester and support users; another user is told the ticket does not exist', () => {
    expect(when([opened], post(requester))).toEqual([posted(requester, 'user')]);
    expect(() => when([opened], post(stranger))).toThrow(NotFoundError);
    expect(() => when([opened], post(stranger))).toThrow(SUPPORT_TICKET_NOT_FOUND);
    expect(() => when([], post(requester))).toThrow(NotFoundError);
  });

  it('moves an open ticket to in-progress on the first public support reply, but not on an internal note', () => {
    expect(when([opened], post(agentUser))).toEqual([posted(agentUser, 'support'), moved('open', 'in-progress', agentUser, 'reply')]);
    expect(when([opened], post(agentUser, 'Hello', true))).toEqual([posted(agentUser, 'support', true)]);
  });

  it('lets only support users write internal notes', () => {
    expect(() => when([opened], post(requester, 'Hello', true))).toThrow(ForbiddenError);
    expect(() => when([opened], post(requester, 'Hello', true))).toThrow(INTERNAL_NOTES_SUPPORT_ONLY);
  });

  it('reopens a resolved ticket when the requester replies', () => {
    const resolved = moved('in-progress', 'resolved', agentUser);
    const history = [opened, moved('open', 'in-progress', agentUser), resolved];
    expect(when(history, post(requester))).toEqual([posted(requester, 'user'), moved('resolved', 'open', requester, 'reply')]);
  });

  it('decides nothing for a message already posted (a retried request)', () => {
    expect(when([opened, posted(requester, 'user')], post(requester))).toEqual([]);
  });

  it('refuses messages and moves on a closed ticket: closed is final', () => {
    const history = [opened, moved('open', 'closed', requester)];
    expect(() => when(history, post(requester, 'Hello', false, 'm-2'))).toThrow(SUPPORT_TICKET_CLOSED);
    expect(() => when(history, setStatus('open', agentUser))).toThrow(IllegalStateError);
    expect(when(history, setStatus('closed', agentUser))).toEqual([]);
  });

  it('lets support users move the status forward and back to in-progress from resolved', () => {
    expect(when([opened], setStatus('in-progress', agentUser))).toEqual([moved('open', 'in-progress', agentUser)]);
    const resolvedHistory = [opened, moved('open', 'resolved', agentUser)];
    expect(when(resolvedHistory, setStatus('in-progress', agentUser))).toEqual([moved('resolved', 'in-progress', agentUser)]);
    expect(() => when([opened, moved('open', 'in-progress', agentUser)], setStatus('open', agentUser))).toThrow(IllegalStateError);
  });

  it('lets the requester close their own ticket and nothing else', () => {
    expect(when([opened], setStatus('closed', requester))).toEqual([moved('open', 'closed', requester)]);
    expect(() => when([opened], setStatus('resolved', requester))).toThrow(ForbiddenError);
    expect(allowedStatusMoves(given(opened), requester)).toEqual(['closed']);
    expect(allowedStatusMoves(given(opened), agentUser)).toEqual(['in-progress', 'resolved', 'closed']);
    expect(allowedStatusMoves(given(opened), stranger)).toEqual([]);
  });

  it('assigns the ticket to a support user once; the requester cannot assign', () => {
    const assign = (actor: SupportActor): SupportTicketCommand => ({ type: 'AssignSupportTicket', data: { ticketId, assignee: person(agentUser), actor, at: NOW } });
    const assigned = SupportTicketAssigned.create({ ticketId, assignee: person(agentUser), by: person(agentUser), assignedAt: NOW });
    expect(when([opened], assign(agentUser))).toEqual([assigned]);
    expect(given(opened, assigned).assigneeId).toBe(agentUser.userId);
    expect(when([opened, assigned], assign(agentUser))).toEqual([]);
    expect(() => when([opened], assign(requester))).toThrow(ForbiddenError);
  });
});
