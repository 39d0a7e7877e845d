// Given / when / then of a partner's period: claims released only up to the funds received, pro
// rata across what each claim still has outstanding, in whole cents by largest remainder; funds
// and claims in any order, each released once; deliveries recorded once.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { reconciliationDecider, type ReconciliationCommand } from './reconciliation.decider';
import { PayableClaimsRecorded, PayableEarningsReleased, PayableReleasesDelivered, type PayableClaim } from './reconciliation.events';

const spec = deciderSpec(reconciliationDecider);
const partnerId = 'acme';
const period = '2026-10';
const claim = (batchId: string, contentId: string, amountCents: number): PayableClaim => ({ batchId, contentId, ownerId: `owner-${contentId}`, title: contentId, amountCents });
const claimed = (...claims: PayableClaim[]) => PayableClaimsRecorded.create({ partnerId, period, claims });
const released = (releaseId: number, fundedCents: number, ...releases: PayableClaim[]) => PayableEarningsReleased.create({ partnerId, period, releaseId, fundedCents, releases });
const reconcile = (fundedCents: number, ...claims: PayableClaim[]): ReconciliationCommand => ({ type: 'Reconcile', data: { partnerId, period, claims, fundedCents } });

const a = claim('b1', 'track-a', 60_000);
const b = claim('b1', 'track-b', 30_000);
const c = claim('b2', 'track-c', 10_000);

describe('reconciliation of a partner period', () => {
  it('records claims and releases nothing while no funds were received', () => {
    expect(spec.when([], reconcile(0, a, b))).toEqual([claimed(a, b)]);
  });

  it('releases every claim in full when the funds cover them', () => {
    expect(spec.when([claimed(a, b, c)], reconcile(100_000))).toEqual([released(1, 100_000, a, b, c)]);
    expect(spec.when([claimed(a, b, c)], reconcile(250_000))).toEqual([released(1, 250_000, a, b, c)]);
  });

  it('shares short funds pro rata, the odd cents to the largest remainders: $100 of $1,000 claimed pays 10 % of each claim', () => {
    expect(spec.when([claimed(a, b, c)], reconcile(10_000))).toEqual([released(1, 10_000, { ...a, amountCents: 6_000 }, { ...b, amountCents: 3_000 }, { ...c, amountCents: 1_000 })]);
    // 100 cents over 1:1:1 claims: 34, 33, 33 (the earliest claim takes the odd cent).
    const x = claim('b1', 'x', 1), y = claim('b1', 'y', 1), z = claim('b1', 'z', 1);
    const thirds = [claim('b1', 'x', 500), claim('b1', 'y', 500), claim('b1', 'z', 500)];
    expect(spec.when([claimed(...thirds)], reconcile(100))).toEqual([released(1, 100, { ...thirds[0]!, amountCents: 34 }, { ...thirds[1]!, amountCents: 33 }, { ...thirds[2]!, amountCents: 33 })]);
    expect(spec.when([claimed(x, y, z)], reconcile(2))).toEqual([released(1, 2, x, y)]);
  });

  it('releases only funds not released before: the same reconcile twice releases once', () => {
    const first = released(1, 10_000, { ...a, amountCents: 6_000 }, { ...b, amountCents: 3_000 }, { ...c, amountCents: 1_000 });
    expect(spec.when([claimed(a, b, c), first], reconcile(10_000, a, b, c))).toEqual([]);
    // More funds later release the rest of what each claim is owed.
    expect(spec.when([claimed(a, b, c), first], reconcile(100_000))).toEqual([released(2, 100_000, { ...a, amountCents: 54_000 }, { ...b, amountCents: 27_000 }, { ...c, amountCents: 9_000 })]);
  });

  it('funds before the statement: a claim recorded later is released up to the funds at once', () => {
    expect(spec.when([], reconcile(50_000, a))).toEqual([claimed(a), released(1, 50_000, { ...a, amountCents: 50_000 })]);
    expect(spec.when([claimed(a), released(1, 50_000, { ...a, amountCents: 50_000 })], reconcile(50_000, a, c))).toEqual([claimed(c)]);
  });

  it('never releases more in total than the funds, however the claims and funds interleave', () => {
    let events = [claimed(a)];
    const steps: Array<[number, PayableClaim[]]> = [[7_777, []], [7_777, [b]], [20_001, [c]], [20_001, [a, b, c]], [99_999, []], [100_000, []]];
    for (const [funded, claims] of steps) {
      events = [...events, ...spec.when(events, reconcile(funded, ...claims))] as typeof events;
      const state = spec.given(...events);
      expect(state.releasedCents).toBe(Math.min(funded, state.claimedCents));
      for (const [key, cents] of state.released) expect(cents).toBeLessThanOrEqual(state.claims.get(key)!.amountCents);
    }
  });

  it('records a delivery once, and only of a release that was recorded', () => {
    const first = released(1, 100_000, a);
    const delivered = { releaseId: 1, batchId: 'b1', contentId: 'track-a', contractId: 'contract-a' };
    const deliver: ReconciliationCommand = { type: 'RecordDelivered', data: { partnerId, period, delivered: [delivered, { ...delivered, contentId: 'track-x' }] } };
    const events = spec.when([claimed(a), first], deliver);
    expect(events).toEqual([PayableReleasesDelivered.create({ partnerId, period, delivered: [delivered] })]);
    expect(spec.given(claimed(a), first).undelivered.size).toBe(1);
    expect(spec.given(claimed(a), first, ...events).undelivered.size).toBe(0);
    expect(spec.when([claimed(a), first, ...events], deliver)).toEqual([]);
  });
});
