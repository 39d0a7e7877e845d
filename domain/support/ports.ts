// What the support agent needs from the support centre: a ticket opened for a person, carrying the
// conversation. The adapter (infra/support/) runs the ticket's own command, so a handed-over
// conversation is an ordinary ticket in the queue.
import type { AgentHandoff, SupportTicketCategory, SupportTicketPriority } from '../contracts/support';

export interface HandoffTicketRequest {
  requesterId: string;
  title: string;
  description: string;
  category: SupportTicketCategory;
  priority: SupportTicketPriority;
  handoff: AgentHandoff;
}

export interface SupportHandoffs {
  /** Opens the ticket (idempotent per conversation: a second handoff returns the same ticket). */
  openHandoffTicket(request: HandoffTicketRequest): Promise<{ ticketId: string }>;
}
