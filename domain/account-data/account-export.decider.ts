// One data export: requested once, its steps reported in order, then completed or failed (both
// final). Retried activities stay harmless: a step reported again, or a completion or failure
// already recorded, decides nothing.
import { IllegalStateError, NotFoundError } from '../shared/errors';
import {
  ACCOUNT_EXPORT_STEPS,
  AccountExportCompleted,
  AccountExportFailed,
  AccountExportProgressed,
  AccountExportRequested,
  type AccountExportEvent,
  type AccountExportStep,
} from './account-export.events';

export type AccountExportState =
  | { status: 'none' }
  | { status: 'running' | 'ready' | 'failed'; exportId: string; userId: string; stepsDone: number };

export const initialAccountExportState: AccountExportState = { status: 'none' };

export type AccountExportCommand =
  | { type: 'RequestAccountExport'; data: { exportId: string; userId: string; requestedAt: string } }
  | { type: 'ReportAccountExportStep'; data: { exportId: string; step: AccountExportStep; detail: string } }
  | { type: 'CompleteAccountExport'; data: ReturnType<typeof AccountExportCompleted.create>['data'] }
  | { type: 'FailAccountExport'; data: { exportId: string; reason: string; failedAt: string } };

export function decideAccountExport(command: AccountExportCommand, state: AccountExportState): AccountExportEvent[] {
  switch (command.type) {
    case 'RequestAccountExport':
      if (state.status !== 'none') return [];
      return [AccountExportRequested.create({ ...command.data, stepsTotal: ACCOUNT_EXPORT_STEPS.length })];
    case 'ReportAccountExportStep': {
      const running = requested(state);
      if (running.status !== 'running') return [];
      const stepsDone = ACCOUNT_EXPORT_STEPS.indexOf(command.data.step) + 1;
      if (stepsDone <= running.stepsDone) return [];
      return [AccountExportProgressed.create({ ...command.data, stepsDone })];
    }
    case 'CompleteAccountExport': {
      const running = requested(state);
      if (running.status === 'ready') return [];
      if (running.status === 'failed') throw new IllegalStateError('This export failed; start a new one');
      return [AccountExportCompleted.create(command.data)];
    }
    case 'FailAccountExport': {
      const running = requested(state);
      if (running.status !== 'running') return [];
      return [AccountExportFailed.create(command.data)];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown account export command ${JSON.stringify(unknown)}`);
    }
  }
}

function requested(state: AccountExportState): Exclude<AccountExportState, { status: 'none' }> {
  if (state.status === 'none') throw new NotFoundError('Export not found');
  return state;
}

export function evolveAccountExport(state: AccountExportState, event: AccountExportEvent): AccountExportState {
  switch (event.type) {
    case 'AccountExportRequested':
      return { status: 'running', exportId: event.data.exportId, userId: event.data.userId, stepsDone: 0 };
    case 'AccountExportProgressed':
      return state.status === 'none' ? state : { ...state, stepsDone: Math.max(state.stepsDone, event.data.stepsDone) };
    case 'AccountExportCompleted':
      return state.status === 'none' ? state : { ...state, status: 'ready', stepsDone: ACCOUNT_EXPORT_STEPS.length };
    case 'AccountExportFailed':
      return state.status === 'none' ? state : { ...state, status: 'failed' };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown account export event ${JSON.stringify(unknown)}`);
    }
  }
}

export const accountExportDecider = { decide: decideAccountExport, evolve: evolveAccountExport, initialState: initialAccountExportState };
