// The one way to run a command on a support ticket's stream: decided on what the stream holds
// (again when a concurrent writer got there first, e.g. a reply and a status move at once), then
// waited for until the support-tickets read model shows it, so the answer a route gives is current.
import { supportTicketDecider, type SupportTicketCommand, type SupportTicketState } from '../../domain/support/support-ticket.decider';
import { supportTicketStreamId } from '../../domain/support/support-ticket.events';
import { handleCommandWithRetry, type CommandContext } from '../eventstore/command-handler';
import type { EventStore, GlobalPosition } from '../eventstore/event-store';

/** What waits until the read models have applied the store up to a position (the projector). */
export interface ReadModelsCaughtUp {
  waitFor(position: GlobalPosition): Promise<void>;
}

export async function runSupportTicketCommand(
  eventStore: EventStore,
  projector: ReadModelsCaughtUp,
  ticketId: string,
  command: SupportTicketCommand,
  context: CommandContext,
): Promise<SupportTicketState> {
  const { result, state } = await handleCommandWithRetry(eventStore, supportTicketStreamId(ticketId), supportTicketDecider, command, context);
  if (result) await projector.waitFor(result.lastPosition);
  return state;
}
