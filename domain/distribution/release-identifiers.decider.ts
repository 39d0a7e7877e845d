// The yearly sequence UPCs and ISRCs are allocated from (stream `release-identifiers-<year>`): each
// release reserves the next number once; asking again for the same release answers its number.
import { ValidationError } from '../shared/errors';
import { MAX_RELEASES_PER_YEAR, releaseIdentifiers, type IdentifierPrefixes } from './identifiers';
import { ReleaseIdentifiersReserved, type ReleaseIdentifiersEvent } from './release.events';

export interface ReserveIdentifiers {
  type: 'ReserveIdentifiers';
  /** prefixes: the configured ISRC/UPC prefixes; the placeholders when absent. */
  data: { distributionId: string; year: number; prefixes?: IdentifierPrefixes };
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
      const { distributionId, year, prefixes } = command.data;
      return [ReleaseIdentifiersReserved.create({ distributionId, year, sequence: state.next, ...releaseIdentifiers(year, state.next, prefixes) })];
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
