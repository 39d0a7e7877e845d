// A work's freeze: open cases hold it (each by its disputeId, idempotently), and a paid license is
// admitted for issue only while no case holds it. Freezing twice for one case, lifting a case that
// does not hold the work, admitting or settling a license twice: each decides nothing.
import { LICENSING_FROZEN } from '../licensing/ports';
import { IllegalStateError } from '../shared/errors';
import { WorkFreezeLifted, WorkFrozen, WorkLicenseIssueAdmitted, WorkLicenseIssueSettled, type WorkFreezeEvent } from './work-freeze.events';

export interface WorkFreezeState {
  /** The cases holding the work frozen now. */
  heldBy: ReadonlySet<string>;
  /** Licenses admitted for issue and not yet seen issued or failed. */
  inFlight: ReadonlySet<string>;
  admitted: ReadonlySet<string>;
}

export const initialWorkFreezeState: WorkFreezeState = { heldBy: new Set(), inFlight: new Set(), admitted: new Set() };

export function isFrozen(state: WorkFreezeState): boolean {
  return state.heldBy.size > 0;
}

export type WorkFreezeCommand =
  | { type: 'Freeze'; data: { workId: string; disputeId: string } }
  | { type: 'Lift'; data: { workId: string; disputeId: string } }
  | { type: 'AdmitLicenseIssue'; data: { workId: string; licenseId: string } }
  | { type: 'SettleLicenseIssue'; data: { workId: string; licenseId: string } };

export function decideWorkFreeze(command: WorkFreezeCommand, state: WorkFreezeState): WorkFreezeEvent[] {
  switch (command.type) {
    case 'Freeze':
      return state.heldBy.has(command.data.disputeId) ? [] : [WorkFrozen.create(command.data)];
    case 'Lift':
      return state.heldBy.has(command.data.disputeId) ? [WorkFreezeLifted.create(command.data)] : [];
    case 'AdmitLicenseIssue':
      // Checked before "already admitted": a retried issue that meets a freeze is refused, never resumed.
      if (isFrozen(state)) throw new IllegalStateError(LICENSING_FROZEN);
      return state.admitted.has(command.data.licenseId) ? [] : [WorkLicenseIssueAdmitted.create(command.data)];
    case 'SettleLicenseIssue':
      return state.inFlight.has(command.data.licenseId) ? [WorkLicenseIssueSettled.create(command.data)] : [];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown work freeze command ${JSON.stringify(unknown)}`);
    }
  }
}

function withAdded(set: ReadonlySet<string>, value: string): Set<string> {
  return new Set(set).add(value);
}

function without(set: ReadonlySet<string>, value: string): Set<string> {
  const next = new Set(set);
  next.delete(value);
  return next;
}

export function evolveWorkFreeze(state: WorkFreezeState, event: WorkFreezeEvent): WorkFreezeState {
  switch (event.type) {
    case 'WorkFrozen':
      return { ...state, heldBy: withAdded(state.heldBy, event.data.disputeId) };
    case 'WorkFreezeLifted':
      return { ...state, heldBy: without(state.heldBy, event.data.disputeId) };
    case 'WorkLicenseIssueAdmitted':
      return { ...state, admitted: withAdded(state.admitted, event.data.licenseId), inFlight: withAdded(state.inFlight, event.data.licenseId) };
    case 'WorkLicenseIssueSettled':
      return { ...state, inFlight: without(state.inFlight, event.data.licenseId) };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown work freeze event ${JSON.stringify(unknown)}`);
    }
  }
}

export const workFreezeDecider = { decide: decideWorkFreeze, evolve: evolveWorkFreeze, initialState: initialWorkFreezeState };
