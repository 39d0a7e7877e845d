// A registered work's registry entry (stream `work-<id>`): its owner sets, replaces or clears its
// industry identifiers (normalized and validated before the command). Only the owner, only once the
// work is registered (its certificate issued). Setting what is already set decides nothing.
// Beside it, the identifier claim decider (stream `work-identifier-<type>-<value>`): one holder per
// identifier value across the registry; a claim by another work is refused.
import { IDENTIFIER_TYPES, type IdentifierType, type WorkIdentifiers } from '../contracts/registry';
import { IllegalStateError } from '../shared/errors';
import { identifierLabel } from './identifiers';
import {
  WorkIdentifierClaimed,
  WorkIdentifierReleased,
  WorkIdentifiersSet,
  type WorkEvent,
  type WorkIdentifierEvent,
} from './work.events';

export interface WorkState {
  workId: string | null;
  identifiers: WorkIdentifiers;
}

export const initialWorkState: WorkState = { workId: null, identifiers: { isrc: null, iswc: null, isni: null, upc: null } };

export type WorkCommand = {
  type: 'SetIdentifiers';
  data: {
    workId: string;
    /** The work's owner, read from its track stream. */
    ownerId: string;
    requestedBy: string;
    /** Its certificate was issued (read from the track stream). */
    registered: boolean;
    /** Normalized; a type left out is unchanged, null clears it. */
    identifiers: Partial<WorkIdentifiers>;
  };
};

export function decideWork(command: WorkCommand, state: WorkState): WorkEvent[] {
  switch (command.type) {
    case 'SetIdentifiers': {
      const { workId, ownerId, requestedBy, registered, identifiers } = command.data;
      if (requestedBy !== ownerId) throw new IllegalStateError("Only the work's owner can set its identifiers");
      if (!registered) throw new IllegalStateError('The work is not registered yet: identifiers can be set once its certificate is issued');
      const changed = Object.fromEntries(
        IDENTIFIER_TYPES.filter((type) => identifiers[type] !== undefined && identifiers[type] !== state.identifiers[type]).map((type) => [type, identifiers[type]]),
      );
      if (Object.keys(changed).length === 0) return [];
      return [WorkIdentifiersSet.create({ workId, ...changed, setBy: requestedBy })];
    }
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown work command ${String(unknown)}`);
    }
  }
}

export function evolveWork(state: WorkState, event: WorkEvent): WorkState {
  switch (event.type) {
    case 'WorkIdentifiersSet': {
      const identifiers = { ...state.identifiers };
      for (const type of IDENTIFIER_TYPES) {
        const value = event.data[type];
        if (value !== undefined) identifiers[type] = value;
      }
      return { workId: event.data.workId, identifiers };
    }
    default: {
      const unknown: never = event.type;
      throw new Error(`Unknown work event ${String(unknown)}`);
    }
  }
}

export const workDecider = { decide: decideWork, evolve: evolveWork, initialState: initialWorkState };

export interface IdentifierClaimState {
  holder: string | null;
}

export type IdentifierClaimCommand =
  | { type: 'ClaimIdentifier'; data: { identifierType: IdentifierType; value: string; workId: string } }
  | { type: 'ReleaseIdentifier'; data: { identifierType: IdentifierType; value: string; workId: string } };

export function decideIdentifierClaim(command: IdentifierClaimCommand, state: IdentifierClaimState): WorkIdentifierEvent[] {
  switch (command.type) {
    case 'ClaimIdentifier': {
      if (state.holder === command.data.workId) return [];
      if (state.holder !== null) throw new IllegalStateError(identifierTakenMessage(command.data.identifierType, command.data.value));
      return [WorkIdentifierClaimed.create(command.data)];
    }
    case 'ReleaseIdentifier':
      if (state.holder !== command.data.workId) return [];
      return [WorkIdentifierReleased.create(command.data)];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown identifier claim command ${JSON.stringify(unknown)}`);
    }
  }
}

export function identifierTakenMessage(type: IdentifierType, value: string): string {
  return `${identifierLabel(type)} ${value} is already registered to another work`;
}

export function evolveIdentifierClaim(state: IdentifierClaimState, event: WorkIdentifierEvent): IdentifierClaimState {
  switch (event.type) {
    case 'WorkIdentifierClaimed':
      return { holder: event.data.workId };
    case 'WorkIdentifierReleased':
      return { holder: null };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown identifier claim event ${JSON.stringify(unknown)}`);
    }
  }
}

export const identifierClaimDecider = { decide: decideIdentifierClaim, evolve: evolveIdentifierClaim, initialState: { holder: null } as IdentifierClaimState };
