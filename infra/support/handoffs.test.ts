// The support agent's handoff on PGlite: the conversation becomes an ordinary ticket in the queue,
// opened by the agent for the user with its transcript and sources; a second handoff of the same
// conversation (a retry, a second click, two at once) answers the same ticket and appends nothing;
// an id with no account is refused.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentHandoff } from '../../domain/contracts/support';
import type { RolesOf } from '../../domain/identity/ports';
import { NotFoundError } from '../../domain/shared/errors';
import { supportTicketStreamId } from '../../domain/support/support-ticket.events';
import { supportTicketsProjection } from '../../projections/support-tickets/projection';
import { findSupportTicket, listSupportQueue } from '../../projections/support-tickets/queries';
import { openOnPglite, type ProjectionDatabase } from '../../tests/support/projection-databases';
import { handoffTicketId, supportHandoffs } from './handoffs';

const userId = randomUUID();
const rolesOf: RolesOf = async (id) => (id === userId ? { userId, username: 'ada', roles: ['creator'] } : null);
const handoff = (conversationId: string): AgentHandoff => ({
  conversationId,
  reason: 'refund',
  transcript: [
    { from: 'user', text: 'I want my money back for the mastering', at: '2026-11-29T10:00:00.000Z' },
    { from: 'agent', text: 'Refunds are decided by a person: I am handing you over.', at: '2026-11-29T10:00:01.000Z' },
  ],
  sources: [{ id: 'faq/pricing#refunds', title: 'Refunds', url: '/dashboard/faq#refunds', score: 0.42, excerpt: 'Refunds are…' }],
});
const request = (conversationId: string, requesterId = userId) => ({
  requesterId,
  title: 'Refund for a mastering',
  description: 'I want my money back for the mastering',
  category: 'billing' as const,
  priority: 'high' as const,
  handoff: handoff(conversationId),
});

describe('support handoffs', () => {
  let database: ProjectionDatabase;
  beforeEach(async () => {
    database = await openOnPglite([supportTicketsProjection]);
  });
  afterEach(() => database.close());

  it('opens one ticket per conversation, carrying the conversation, and answers the same ticket again', async () => {
    const handoffs = supportHandoffs(database.store, database.projector, rolesOf);
    const conversationId = randomUUID();
    const [first, second] = await Promise.all([handoffs.openHandoffTicket(request(conversationId)), handoffs.openHandoffTicket(request(conversationId))]);
    expect(first.ticketId).toBe(handoffTicketId(conversationId));
    expect(second).toEqual(first);
    expect(await handoffs.openHandoffTicket(request(conversationId))).toEqual(first);
    expect(await database.store.readStream(supportTicketStreamId(first.ticketId))).toHaveLength(1);
    expect(await findSupportTicket(database.db, first.ticketId)).toMatchObject({
      origin: 'agent',
      requesterId: userId,
      requesterName: 'ada',
      status: 'open',
      priority: 'high',
      handoff: handoff(conversationId),
    });
    expect((await listSupportQueue(database.db, { status: 'active', assigned: 'unassigned', limit: 10 }, randomUUID())).map((t) => t.id)).toEqual([first.ticketId]);
    const other = await handoffs.openHandoffTicket(request(randomUUID()));
    expect(other.ticketId).not.toBe(first.ticketId);
  });

  it('refuses a requester with no account', async () => {
    const handoffs = supportHandoffs(database.store, database.projector, rolesOf);
    await expect(handoffs.openHandoffTicket(request(randomUUID(), randomUUID()))).rejects.toThrow(NotFoundError);
  });
});
