// Given / when / then specifications of a royalty contract: creation, the anchor's states,
// earnings once per reference, payout runs that never exceed what is pending and pay once, the
// holds of open disputes (no run while held) and a dispute's compensation taken once per reference.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { pendingCents, royaltyContractDecider, type RoyaltyContractCommand } from './royalty-contract.decider';
import {
  RoyaltyCompensationDeducted,
  RoyaltyContractAnchorSigned,
  RoyaltyContractDisputeHoldLifted,
  RoyaltyContractDisputeHoldPlaced,
  RoyaltyContractAnchorStatusRecorded,
  RoyaltyContractCreated,
  RoyaltyContractStatusChanged,
  RoyaltyEarningsRecorded,
  RoyaltyPayoutLinePaid,
  RoyaltyPayoutRunCompleted,
} from './royalty-contract.events';

const { given, when } = deciderSpec(royaltyContractDecider);
const contractId = 'c-1';
const created = RoyaltyContractCreated.create({
  contractId,
  contentId: 'track-1',
  ownerId: '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f',
  contentTitle: 'Song',
  templateType: 'standard_royalty',
  royaltySplit: 85,
  distributionSchedule: 'weekly',
  minimumThreshold: 100,
  terms: { contractId },
  canonical: '{"contractId":"c-1"}',
  termsSha256: 'a'.repeat(64),
  signature: { algorithm: 'Ed25519', keyId: 'goose-1', publicKey: 'pk', value: 'sig' },
  network: 'testnet',
  xrpAmount: '99.900000',
  usdAmount: '49.95',
});
const earned = (reference: string, amountCents: number) =>
  RoyaltyEarningsRecorded.create({ contractId, amountCents, source: 'distribution_statement', reference, description: 'Statement line' });
const line = (party: 'platform' | 'creator' | 'receiver', amountCents: number) => ({
  party,
  receiverId: party === 'receiver' ? 'r-1' : null,
  userId: party === 'platform' ? null : '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f',
  name: party,
  percentage: party === 'platform' ? 15 : 85,
  amountCents,
  receiverWallet: null,
});
const start = (runId: string, amountCents: number, trigger: 'scheduled' | 'manual' | 'distribute' = 'manual'): RoyaltyContractCommand => ({
  type: 'StartPayoutRun',
  data: { runId, trigger, amountCents, lines: [line('platform', Math.round(amountCents * 0.15)), line('creator', amountCents - Math.round(amountCents * 0.15))] },
});
const started = (runId: string, amountCents: number) => when([created, earned('x', amountCents)], start(runId, amountCents))[0]!;

describe('royalty contract decider', () => {
  it('given nothing, when created, then RoyaltyContractCreated; creating the same contract again decides nothing', () => {
    expect(when([], { type: 'CreateContract', data: created.data }).map((e) => e.type)).toEqual(['RoyaltyContractCreated']);
    expect(when([created], { type: 'CreateContract', data: created.data })).toEqual([]);
  });

  it('refuses every other command on a contract that does not exist', () => {
    expect(() => when([], { type: 'RecordEarnings', data: { amountCents: 100, source: 'license_sale', reference: 'r', description: '' } })).toThrow(NotFoundError);
  });

  it('given earnings with a reference, when the same reference is recorded again, then nothing is added', () => {
    const command: RoyaltyContractCommand = { type: 'RecordEarnings', data: { amountCents: 250, source: 'distribution_statement', reference: 'line-1', description: 'x' } };
    expect(when([created], command)).toHaveLength(1);
    expect(when([created, earned('line-1', 250)], command)).toEqual([]);
    expect(pendingCents(given(created, earned('line-1', 250), earned('line-2', 50)))).toBe(300);
  });

  it('refuses earnings that are not a positive whole number of cents', () => {
    expect(() => when([created], { type: 'RecordEarnings', data: { amountCents: 1.5, source: 'license_sale', reference: 'r', description: '' } })).toThrow(ValidationError);
  });

  it('given 1,000 cents pending, when a run of 1,000 starts, then its lines are kept and nothing is pending', () => {
    const events = when([created, earned('a', 1000)], start('run-1', 1000));
    expect(events[0]).toMatchObject({ type: 'RoyaltyPayoutRunStarted', data: { amountCents: 1000 } });
    expect(pendingCents(given(created, earned('a', 1000), ...events))).toBe(0);
  });

  it('a run never exceeds what is pending', () => {
    expect(() => when([created, earned('a', 500)], start('run-1', 501))).toThrow(/more than the \$5.00 pending/);
  });

  it('a scheduled or manual run stays at or above the minimum; a distribution may pay one cent', () => {
    expect(() => when([created, earned('a', 99)], start('run-1', 99, 'scheduled'))).toThrow(/below the contract's minimum of \$1.00/);
    expect(when([created, earned('a', 99)], start('run-1', 1, 'distribute'))).toHaveLength(1);
  });

  it('a run id is decided once: starting it again decides nothing', () => {
    const run = started('run-1', 1000);
    expect(when([created, earned('x', 1000), run], start('run-1', 1000))).toEqual([]);
  });

  it('a second run is refused while the first is open, and allowed once it completed', () => {
    const run = started('run-1', 1000);
    const more = earned('y', 500);
    expect(() => when([created, earned('x', 1000), run, more], start('run-2', 500))).toThrow(IllegalStateError);
    const paid = [0, 1].map((lineIndex) => RoyaltyPayoutLinePaid.create({ contractId, runId: 'run-1', lineIndex, method: 'recorded', txHash: null }));
    const done = RoyaltyPayoutRunCompleted.create({ contractId, runId: 'run-1' });
    expect(when([created, earned('x', 1000), run, ...paid, done, more], start('run-2', 500))).toHaveLength(1);
  });

  it('refuses lines that do not sum to the run amount', () => {
    const command: RoyaltyContractCommand = { type: 'StartPayoutRun', data: { runId: 'r', trigger: 'manual', amountCents: 1000, lines: [line('creator', 999)] } };
    expect(() => when([created, earned('a', 1000)], command)).toThrow(/sum to 999 cents/);
  });

  it('a line is marked paid once; the run completes only when every line is paid', () => {
    const history = [created, earned('x', 1000), started('run-1', 1000)];
    const pay = (lineIndex: number): RoyaltyContractCommand => ({ type: 'RecordLinePaid', data: { runId: 'run-1', lineIndex, method: 'token_credit', txHash: null } });
    const first = when(history, pay(0));
    expect(first).toHaveLength(1);
    expect(when([...history, ...first], pay(0))).toEqual([]);
    expect(() => when([...history, ...first], { type: 'CompletePayoutRun', data: { runId: 'run-1' } })).toThrow(/1 unpaid line/);
    const second = when([...history, ...first], pay(1));
    const completed = when([...history, ...first, ...second], { type: 'CompletePayoutRun', data: { runId: 'run-1' } });
    expect(completed.map((e) => e.type)).toEqual(['RoyaltyPayoutRunCompleted']);
    expect(when([...history, ...first, ...second, ...completed], { type: 'CompletePayoutRun', data: { runId: 'run-1' } })).toEqual([]);
    expect(() => when(history, pay(2))).toThrow(ValidationError);
  });

  it('a run\'s lines recorded paid together: each unpaid one once, those paid already left out, and the run completed with the last', () => {
    const history = [created, earned('x', 1000), started('run-1', 1000)];
    const first = when(history, { type: 'RecordLinePaid', data: { runId: 'run-1', lineIndex: 0, method: 'recorded', txHash: null } });
    const lines = [0, 1].map((lineIndex) => ({ lineIndex, method: 'token_credit' as const, txHash: null }));
    expect(when(history, { type: 'RecordLinesPaid', data: { runId: 'run-1', lines: [lines[0]!] } }).map((e) => e.type)).toEqual(['RoyaltyPayoutLinePaid']);
    const together = when([...history, ...first], { type: 'RecordLinesPaid', data: { runId: 'run-1', lines } });
    expect(together).toEqual([
      RoyaltyPayoutLinePaid.create({ contractId, runId: 'run-1', lineIndex: 1, method: 'token_credit', txHash: null }),
      RoyaltyPayoutRunCompleted.create({ contractId, runId: 'run-1' }),
    ]);
    expect(when([...history, ...first, ...together], { type: 'RecordLinesPaid', data: { runId: 'run-1', lines } })).toEqual([]);
    expect(() => when(history, { type: 'RecordLinesPaid', data: { runId: 'run-1', lines: [{ lineIndex: 5, method: 'recorded', txHash: null }] } })).toThrow(ValidationError);
  });

  it('a paid line keeps the reason it was not paid the way it asked; a line recorded without one stays valid', () => {
    const history = [created, earned('x', 1000), started('run-1', 1000)];
    const reason = 'XRPL is not configured (no XRPL_URL); credited in tokens to the accepted receiver';
    const [paid] = when(history, { type: 'RecordLinePaid', data: { runId: 'run-1', lineIndex: 1, method: 'token_credit', txHash: null, reason } });
    expect(paid).toEqual(RoyaltyPayoutLinePaid.create({ contractId, runId: 'run-1', lineIndex: 1, method: 'token_credit', txHash: null, reason }));
    const earlier = RoyaltyPayoutLinePaid.create({ contractId, runId: 'run-1', lineIndex: 0, method: 'recorded', txHash: null });
    expect(earlier.data).not.toHaveProperty('reason');
    expect(when([...history, earlier], { type: 'RecordLinePaid', data: { runId: 'run-1', lineIndex: 0, method: 'recorded', txHash: null } })).toEqual([]);
  });

  it('a paused contract starts no run', () => {
    const paused = RoyaltyContractStatusChanged.create({ contractId, status: 'paused', reason: 'creator paused it' });
    expect(() => when([created, earned('a', 1000), paused], start('run-1', 1000))).toThrow(/paused/);
  });

  it('the anchor moves forward only: signed, awaiting submission, submitted, validated; a late earlier state changes nothing', () => {
    const signed = RoyaltyContractAnchorSigned.create({ contractId, account: 'rCreator', txHash: 'A'.repeat(64), txBlob: 'blob' });
    const status = (s: 'awaiting_submission' | 'submitted' | 'validated' | 'failed'): RoyaltyContractCommand => ({ type: 'RecordAnchorStatus', data: { status: s, reason: null, ledgerIndex: null } });
    expect(() => when([created], status('submitted'))).toThrow(/not been signed/);
    expect(when([created, signed], status('awaiting_submission'))).toHaveLength(1);
    const submitted = RoyaltyContractAnchorStatusRecorded.create({ contractId, status: 'submitted', reason: null, ledgerIndex: null });
    expect(when([created, signed, submitted], status('awaiting_submission'))).toEqual([]);
    const validated = RoyaltyContractAnchorStatusRecorded.create({ contractId, status: 'validated', reason: null, ledgerIndex: 7 });
    expect(() => when([created, signed, submitted, validated], status('failed'))).toThrow(IllegalStateError);
    expect(when([created, signed], { type: 'RecordAnchorSigned', data: { account: 'rCreator', txHash: 'A'.repeat(64), txBlob: 'blob' } })).toEqual([]);
    expect(() => when([created, signed], { type: 'RecordAnchorSigned', data: { account: 'rCreator', txHash: 'B'.repeat(64), txBlob: 'blob' } })).toThrow(IllegalStateError);
  });

  it('a completed contract changes status no more', () => {
    const completed = RoyaltyContractStatusChanged.create({ contractId, status: 'completed', reason: 'ended' });
    expect(() => when([created, completed], { type: 'ChangeStatus', data: { status: 'active', reason: 'again' } })).toThrow(IllegalStateError);
    expect(when([created], { type: 'ChangeStatus', data: { status: 'active', reason: 'same' } })).toEqual([]);
  });

  describe('dispute holds', () => {
    const holdA = RoyaltyContractDisputeHoldPlaced.create({ contractId, disputeId: 'a' });
    const holdB = RoyaltyContractDisputeHoldPlaced.create({ contractId, disputeId: 'b' });
    const liftA = RoyaltyContractDisputeHoldLifted.create({ contractId, disputeId: 'a' });
    const liftB = RoyaltyContractDisputeHoldLifted.create({ contractId, disputeId: 'b' });
    const disputed = RoyaltyContractStatusChanged.create({ contractId, status: 'disputed', reason: 'Dispute a about this work is open' });

    it('given an active contract, when a dispute holds it, then it goes disputed; the same dispute again decides nothing', () => {
      expect(when([created], { type: 'HoldForDispute', data: { disputeId: 'a' } })).toEqual([holdA, disputed]);
      expect(when([created, holdA, disputed], { type: 'HoldForDispute', data: { disputeId: 'a' } })).toEqual([]);
    });

    it('given a disputed contract, when it is held, then no payout run starts', () => {
      expect(() => when([created, earned('x', 1000), holdA, disputed], start('run-1', 1000))).toThrow(/disputed; payouts run only while it is active/);
    });

    it('given two disputes hold it, when one lifts, then it stays disputed; when the last lifts, then it is active again', () => {
      expect(when([created, holdA, disputed, holdB], { type: 'LiftDisputeHold', data: { disputeId: 'a' } })).toEqual([liftA]);
      expect(when([created, holdA, disputed, holdB, liftA], { type: 'LiftDisputeHold', data: { disputeId: 'b' } })).toEqual([
        liftB,
        RoyaltyContractStatusChanged.create({ contractId, status: 'active', reason: 'Dispute b was lifted; no other dispute holds this work' }),
      ]);
    });

    it('given a paused contract, when the last hold lifts, then it is paused again (the status the first hold found)', () => {
      const paused = RoyaltyContractStatusChanged.create({ contractId, status: 'paused', reason: 'owner' });
      const events = when([created, paused, holdA, disputed], { type: 'LiftDisputeHold', data: { disputeId: 'a' } });
      expect(events.at(-1)).toEqual(RoyaltyContractStatusChanged.create({ contractId, status: 'paused', reason: 'Dispute a was lifted; no other dispute holds this work' }));
    });

    it('given a dispute does not hold it, when lifted, then nothing is decided', () => {
      expect(when([created], { type: 'LiftDisputeHold', data: { disputeId: 'a' } })).toEqual([]);
    });

    it('given a dispute holds it, when its status is changed by hand, then it is refused', () => {
      expect(() => when([created, holdA, disputed], { type: 'ChangeStatus', data: { status: 'active', reason: 'x' } })).toThrow(IllegalStateError);
    });

    it('given a completed contract, when held, then the hold is recorded without a status change', () => {
      const completed = RoyaltyContractStatusChanged.create({ contractId, status: 'completed', reason: 'done' });
      expect(when([created, completed], { type: 'HoldForDispute', data: { disputeId: 'a' } })).toEqual([holdA]);
    });
  });

  describe('dispute compensation', () => {
    const toUserId = '2c9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f';
    const compensate = (amountCents: number, reference = 'dispute-compensation-d1-1'): RoyaltyContractCommand => ({ type: 'DeductCompensation', data: { disputeId: 'd1', reference, toUserId, amountCents } });
    const deducted = (requestedCents: number, amountCents: number) =>
      RoyaltyCompensationDeducted.create({ contractId, disputeId: 'd1', reference: 'dispute-compensation-d1-1', toUserId, requestedCents, amountCents });

    it('given pending earnings, when compensated, then up to the amount is taken from pending, once per reference', () => {
      expect(when([created, earned('x', 1000)], compensate(400))).toEqual([deducted(400, 400)]);
      expect(pendingCents(given(created, earned('x', 1000), deducted(400, 400)))).toBe(600);
      expect(when([created, earned('x', 1000), deducted(400, 400)], compensate(400))).toEqual([]);
    });

    it('given less pending than asked, when compensated, then what is pending is taken; nothing pending takes 0', () => {
      expect(when([created, earned('x', 250)], compensate(400))).toEqual([deducted(400, 250)]);
      expect(when([created], compensate(400))).toEqual([deducted(400, 0)]);
    });

    it('given a compensation took the pending earnings, when a payout run asks for them, then it is refused', () => {
      expect(() => when([created, earned('x', 1000), deducted(1000, 1000)], start('run-1', 1000))).toThrow(ValidationError);
    });

    it('refuses a compensation that is not a positive whole number of cents', () => {
      expect(() => when([created], compensate(0))).toThrow(ValidationError);
      expect(() => when([created], compensate(1.5))).toThrow(ValidationError);
    });
  });
});
