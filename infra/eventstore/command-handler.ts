// Runs one command against an aggregate: read its stream, fold it with `evolve`, `decide`, and
// append the decided events at the version that was read (a concurrent writer makes it fail
// with ConcurrencyError rather than overwrite).
import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from '../../domain/shared/errors';
import type { EventMetadata } from '../../domain/shared/events';
import type { AppendResult, EventStore } from './event-store';

export interface Decider<Command, Event extends { type: string; data: unknown }, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

export interface CommandContext {
  correlationId: string;
  actor: string;
  workflowId?: string | null;
  now?: Date;
  /** Event ids to use, in order or by index (for idempotent retries); random when absent. */
  eventIds?: string[] | ((index: number) => string);
}

type Folding<Event, State> = { evolve(state: State, event: Event): State; initialState: State };

function fold<Event extends { type: string; data: unknown }, State>(recorded: readonly { type: string; data: unknown }[], decider: Folding<Event, State>): State {
  // The store validated each event against the registry on the way out; the decider's union names them.
  return recorded.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event), decider.initialState);
}

/** An aggregate's current state, folded from its stream (for reads that decide nothing). */
export async function readState<Event extends { type: string; data: unknown }, State>(eventStore: EventStore, streamId: string, decider: Folding<Event, State>): Promise<State> {
  return fold(await eventStore.readStream(streamId), decider);
}

export async function handleCommand<Command, Event extends { type: string; data: unknown }, State>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
): Promise<{ events: Event[]; result: AppendResult | null; state: State }> {
  const recorded = await eventStore.readStream(streamId);
  const state = fold(recorded, decider);
  const events = decider.decide(command, state);
  if (events.length === 0) return { events, result: null, state };
  const occurredAt = (context.now ?? new Date()).toISOString();
  let causationId = recorded.at(-1)?.eventId ?? null;
  const newEvents = events.map((event, index) => {
    const eventId = (typeof context.eventIds === 'function' ? context.eventIds(index) : context.eventIds?.[index]) ?? randomUUID();
    const metadata: EventMetadata = {
      correlationId: context.correlationId,
      causationId,
      actor: context.actor,
      workflowId: context.workflowId ?? null,
      occurredAt,
    };
    causationId = eventId;
    return { eventId, type: event.type, data: event.data, metadata };
  });
  const result = await eventStore.append(streamId, newEvents, recorded.length === 0 ? 'no_stream' : recorded.length);
  return { events, result, state: events.reduce(decider.evolve, state) };
}

/** handleCommand, deciding again on what a concurrent writer appended first, up to `attempts` times. */
export async function handleCommandWithRetry<Command, Event extends { type: string; data: unknown }, State>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
  attempts = 5,
): Promise<{ events: Event[]; result: AppendResult | null; state: State }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await handleCommand(eventStore, streamId, decider, command, context);
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < attempts) continue;
      throw error;
    }
  }
}
