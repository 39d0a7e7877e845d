// Given / when / then specifications of one XRP payout line: one live signed Payment at a time,
// re-signed only after it expired, validated and failed final.
import { describe, expect, it } from 'vitest';
import { IllegalStateError } from '../shared/errors';
import { decideXrplPayout, evolveXrplPayout, initialXrplPayoutState, type XrplPayoutCommand, type XrplPayoutState } from './xrpl-payout.decider';
import { XrplPayoutExpired, XrplPayoutSigned, XrplPayoutValidated, type XrplPayoutEvent } from './xrpl-payout.events';

const HASH_A = 'A'.repeat(64);
const HASH_B = 'B'.repeat(64);

function signed(txHash: string) {
  return XrplPayoutSigned.create({
    reference: 'payout-run-1-2',
    runId: 'run-1',
    contractId: 'contract-1',
    lineIndex: 2,
    account: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    destination: 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh',
    amountCents: 150,
    amountDrops: '3000000',
    xrpUsdRate: 0.5,
    txHash,
    txBlob: 'ABCD',
    lastLedgerSequence: 1020,
  });
}

function given(...events: XrplPayoutEvent[]): XrplPayoutState {
  return events.reduce(evolveXrplPayout, initialXrplPayoutState);
}

const sign = (txHash: string): XrplPayoutCommand => ({ type: 'RecordSigned', data: signed(txHash).data });

describe('XRP payout line', () => {
  it('records the first signed Payment, and not a second one while the first is live', () => {
    expect(decideXrplPayout(sign(HASH_A), given())).toEqual([signed(HASH_A)]);
    expect(decideXrplPayout(sign(HASH_B), given(signed(HASH_A)))).toEqual([]);
  });

  it('lets a new Payment be signed once the last one expired, never after it was validated', () => {
    const expired = given(signed(HASH_A), XrplPayoutExpired.create({ reference: 'payout-run-1-2', txHash: HASH_A, reason: 'ledger 1021 passed' }));
    expect(decideXrplPayout(sign(HASH_B), expired)).toEqual([signed(HASH_B)]);
    const validated = given(signed(HASH_A), XrplPayoutValidated.create({ reference: 'payout-run-1-2', txHash: HASH_A, ledgerIndex: 1005 }));
    expect(decideXrplPayout(sign(HASH_B), validated)).toEqual([]);
  });

  it('validates the live Payment once', () => {
    const command: XrplPayoutCommand = { type: 'RecordValidated', data: { txHash: HASH_A, ledgerIndex: 1005 } };
    const events = decideXrplPayout(command, given(signed(HASH_A)));
    expect(events).toEqual([XrplPayoutValidated.create({ reference: 'payout-run-1-2', txHash: HASH_A, ledgerIndex: 1005 })]);
    expect(decideXrplPayout(command, given(signed(HASH_A), ...events))).toEqual([]);
  });

  it('refuses an outcome for a Payment that is not the line current one', () => {
    expect(() => decideXrplPayout({ type: 'RecordFailed', data: { txHash: HASH_B, resultCode: 'tecNO_DST', reason: 'no account' } }, given(signed(HASH_A)))).toThrow(IllegalStateError);
    expect(() => decideXrplPayout({ type: 'RecordExpired', data: { txHash: HASH_A, reason: 'x' } }, given())).toThrow(IllegalStateError);
  });

  it('keeps a failure final', () => {
    const state = given(signed(HASH_A));
    const failed = decideXrplPayout({ type: 'RecordFailed', data: { txHash: HASH_A, resultCode: 'tecNO_DST_INSUF_XRP', reason: 'below the reserve' } }, state);
    const after = given(signed(HASH_A), ...failed);
    expect(after).toMatchObject({ status: 'failed', resultCode: 'tecNO_DST_INSUF_XRP' });
    expect(decideXrplPayout(sign(HASH_B), after)).toEqual([]);
  });
});
