// The decider of one XRP payout line: at most one signed Payment is live at a time; a new one is
// signed only when the last one expired unapplied; validated and failed are final.
import { IllegalStateError } from '../shared/errors';
import { XrplPayoutExpired, XrplPayoutFailed, XrplPayoutSigned, XrplPayoutValidated, type XrplPayoutEvent } from './xrpl-payout.events';

type Signed = ReturnType<typeof XrplPayoutSigned.create>['data'];

export type XrplPayoutState =
  | { status: 'none' }
  | { status: 'signed'; signed: Signed }
  | { status: 'expired'; signed: Signed; reason: string }
  | { status: 'validated'; signed: Signed; ledgerIndex: number }
  | { status: 'failed'; signed: Signed; resultCode: string; reason: string };

export const initialXrplPayoutState: XrplPayoutState = { status: 'none' };

export type XrplPayoutCommand =
  | { type: 'RecordSigned'; data: Signed }
  | { type: 'RecordValidated'; data: { txHash: string; ledgerIndex: number } }
  | { type: 'RecordExpired'; data: { txHash: string; reason: string } }
  | { type: 'RecordFailed'; data: { txHash: string; resultCode: string; reason: string } };

export function decideXrplPayout(command: XrplPayoutCommand, state: XrplPayoutState): XrplPayoutEvent[] {
  switch (command.type) {
    case 'RecordSigned':
      // Another signer got there first: its Payment is the one to follow, this one is never submitted.
      if (state.status !== 'none' && state.status !== 'expired') return [];
      return [XrplPayoutSigned.create(command.data)];
    case 'RecordValidated': {
      const current = liveTransaction(state, command.data.txHash);
      if (current === 'settled') return [];
      return [XrplPayoutValidated.create({ reference: current.reference, txHash: command.data.txHash, ledgerIndex: command.data.ledgerIndex })];
    }
    case 'RecordExpired': {
      const current = liveTransaction(state, command.data.txHash);
      if (current === 'settled') return [];
      return [XrplPayoutExpired.create({ reference: current.reference, ...command.data })];
    }
    case 'RecordFailed': {
      const current = liveTransaction(state, command.data.txHash);
      if (current === 'settled') return [];
      return [XrplPayoutFailed.create({ reference: current.reference, ...command.data })];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown XRP payout command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The signed Payment an outcome is about; 'settled' when that Payment's outcome is already recorded. */
function liveTransaction(state: XrplPayoutState, txHash: string): Signed | 'settled' {
  if (state.status === 'none') throw new IllegalStateError('No XRP payment was signed for this line');
  if (state.signed.txHash !== txHash) throw new IllegalStateError(`Transaction ${txHash} is not this line's current payment ${state.signed.txHash}`);
  return state.status === 'signed' ? state.signed : 'settled';
}

export function evolveXrplPayout(state: XrplPayoutState, event: XrplPayoutEvent): XrplPayoutState {
  switch (event.type) {
    case 'XrplPayoutSigned':
      return { status: 'signed', signed: event.data };
    case 'XrplPayoutValidated':
      return state.status === 'signed' ? { status: 'validated', signed: state.signed, ledgerIndex: event.data.ledgerIndex } : state;
    case 'XrplPayoutExpired':
      return state.status === 'signed' ? { status: 'expired', signed: state.signed, reason: event.data.reason } : state;
    case 'XrplPayoutFailed':
      return state.status === 'signed' ? { status: 'failed', signed: state.signed, resultCode: event.data.resultCode, reason: event.data.reason } : state;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown XRP payout event ${JSON.stringify(unknown)}`);
    }
  }
}

export const xrplPayoutDecider = { decide: decideXrplPayout, evolve: evolveXrplPayout, initialState: initialXrplPayoutState };
