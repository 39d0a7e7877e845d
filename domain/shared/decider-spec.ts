// Given / when / then for any decider: a spec states the events that happened (not the commands
// that once produced them), the command, and then the events decided or the error thrown.
export interface SpecDecider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

export function deciderSpec<Command, Event, State>(decider: SpecDecider<Command, Event, State>) {
  return {
    /** The state after `events`, folded from the decider's initial state. */
    given(...events: Event[]): State {
      return events.reduce(decider.evolve, decider.initialState);
    },
    /** What `command` decides after `events`. */
    when(events: readonly Event[], command: Command): Event[] {
      return decider.decide(command, events.reduce(decider.evolve, decider.initialState));
    },
  };
}
