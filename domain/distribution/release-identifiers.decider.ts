// The yearly sequence UPCs and ISRCs are allocated from (stream `release-identifiers-<year>`): each
// release reserves the next number once; asking again for the same release answers its number.
import { ValidationError } from '../shared/errors';
import { MAX_RELEASES_PER_YEAR, releaseIdentifiers } from './identifiers';
import { ReleaseIdentifiersReserved, type ReleaseIdentifiersEvent } from './release.events';

export interface ReserveIdentifiers {
  type: 'ReserveIdentifiers';
  data: { distributionId: string; year: number };
}

export interface ReleaseIdentifiersState {
  next: number;
  reserved: Map<string, { upc: string; isrc: string }>;
}

export const initialReleaseIdentifiersState: ReleaseIdentifiersState = { next: 1, reserved: new Map() };

export function decideReleaseIdentifiers(command: ReserveIdentifiers, state: ReleaseIdentifiersState): ReleaseIdentifiersEvent[] {
  switch (command.type) {
    case 'ReserveIdentifiers': {
      if (state.reserved.has(command.data.distributionId)) return [];
      if (state.next > MAX_RELEASES_PER_YEAR) throw new ValidationError(`All ${MAX_RELEASES_PER_YEAR} release identifiers of ${command.data.year} are taken`);
      return [ReleaseIdentifiersReserved.create({ ...command.data, sequence: state.next, ...releaseIdentifiers(command.data.year, state.next) })];
    }
    default: {
      const unhandled: never = command.type;
      throw new Error(`Unhandled command ${String(unhandled)}`);
    }
  }
}

export function evolveReleaseIdentifiers(state: ReleaseIdentifiersState, event: ReleaseIdentifiersEvent): ReleaseIdentifiersState {
  const reserved = new Map(state.reserved);
  reserved.set(event.data.distributionId, { upc: event.data.upc, isrc: event.data.isrc });
  return { next: Math.max(state.next, event.data.sequence + 1), reserved };
}

export const releaseIdentifiersDecider = { decide: decideReleaseIdentifiers, evolve: evolveReleaseIdentifiers, initialState: initialReleaseIdentifiersState };
