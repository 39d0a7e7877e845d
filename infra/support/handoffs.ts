// The support agent's way to a person (domain/support/ports.ts): it opens an ordinary ticket for
// the user through the ticket's own command, carrying the conversation. The ticket's id is derived
// from the conversation's, so a second handoff of one conversation (a retry, a second click) finds
// the ticket already opened and answers its id again.
import { createHash } from 'node:crypto';
import type { RolesOf } from '../../domain/identity/ports';
import { NotFoundError } from '../../domain/shared/errors';
import type { SupportHandoffs } from '../../domain/support/ports';
import type { EventStore } from '../eventstore/event-store';
import { runSupportTicketCommand, type ReadModelsCaughtUp } from './tickets';

/** The ticket a conversation is handed over as: the same conversation always gives the same id (UUID-shaped). */
export function handoffTicketId(conversationId: string): string {
  const bytes = createHash('sha256').update(`support-handoff\u0000${conversationId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function supportHandoffs(eventStore: EventStore, projector: ReadModelsCaughtUp, rolesOf: RolesOf): SupportHandoffs {
  return {
    async openHandoffTicket(request) {
      const requester = await rolesOf(request.requesterId);
      if (!requester) throw new NotFoundError('No user has this id');
      const ticketId = handoffTicketId(request.handoff.conversationId);
      await runSupportTicketCommand(
        eventStore,
        projector,
        ticketId,
        {
          type: 'OpenSupportTicket',
          data: {
            ticketId,
            requester: { userId: requester.userId, name: requester.username },
            title: request.title,
            description: request.description,
            category: request.category,
            priority: request.priority,
            handoff: request.handoff,
            at: new Date().toISOString(),
          },
        },
        { correlationId: `support-handoff-${request.handoff.conversationId}`, actor: 'support-agent' },
      );
      return { ticketId };
    },
  };
}
