// The one way to run a command on a support ticket's stream: decided on what the stream holds
// (again when a concurrent writer got there first, e.g. a reply and a status move at once), then
// waited for until the support-tickets read model shows it, so the answer a route gives is current.
import { supportTicketDecider, type SupportTicketCommand, type SupportTicketState } from '../../domain/support/support-ticket.decider';
import { supportTicketStreamId } from '../../domain/support/support-ticket.events';
import type { Projector } from '../../projections/projector';
import { handleCommandWithRetry, type CommandContext } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';

export async function runSupportTicketCommand(
  eventStore: EventStore,
  projector: Projector,
  ticketId: string,
  command: SupportTicketCommand,
  context: CommandContext,
): Promise<SupportTicketState> {
  const { result, state } = await handleCommandWithRetry(eventStore, supportTicketStreamId(ticketId), supportTicketDecider, command, context);
  if (result) await projector.waitFor(result.lastPosition);
  return state;
}
