// Given / when / then of a partner's funds received: a payment reference counts once.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { partnerFundsDecider, type PartnerFundsCommand } from './partner-funds.decider';
import { PartnerFundsReceived } from './partner-funds.events';

const spec = deciderSpec(partnerFundsDecider);
const funds = (reference: string, amountCents: number, period = '2026-10') =>
  PartnerFundsReceived.create({ partnerId: 'acme', amountCents, currency: 'USD', period, reference, recordedBy: 'ops' });
const record = (reference: string, amountCents: number, period = '2026-10'): PartnerFundsCommand => ({ type: 'RecordFundsReceived', data: funds(reference, amountCents, period).data });

describe('partner funds', () => {
  it('records a payment for a period', () => {
    expect(spec.when([], record('WIRE-1', 50_000))).toEqual([funds('WIRE-1', 50_000)]);
  });

  it('records a reference once: the same reference again, even with another amount, adds nothing', () => {
    expect(spec.when([funds('WIRE-1', 50_000)], record('WIRE-1', 50_000))).toEqual([]);
    expect(spec.when([funds('WIRE-1', 50_000)], record('WIRE-1', 99_000))).toEqual([]);
    expect(spec.given(funds('WIRE-1', 50_000)).fundedByPeriod.get('2026-10')).toBe(50_000);
  });

  it('sums the funds of a period over its references, each period on its own', () => {
    const state = spec.given(funds('WIRE-1', 50_000), funds('WIRE-2', 25), funds('WIRE-3', 700, '2026-11'));
    expect(state.fundedByPeriod.get('2026-10')).toBe(50_025);
    expect(state.fundedByPeriod.get('2026-11')).toBe(700);
  });

  it('refuses a payment that is not whole positive USD cents for a YYYY-MM period', () => {
    expect(() => record('W', 0)).toThrow();
    expect(() => record('W', 10.5)).toThrow();
    expect(() => record('W', 10, '2026-13')).toThrow();
    expect(() => PartnerFundsReceived.create({ partnerId: 'acme', amountCents: 10, currency: 'EUR' as 'USD', period: '2026-10', reference: 'W', recordedBy: 'ops' })).toThrow();
  });

  it('refuses a payment that would take the period past what cents can count exactly', () => {
    const near = funds('WIRE-1', Number.MAX_SAFE_INTEGER - 10);
    expect(() => spec.when([near], record('WIRE-2', 11))).toThrow(/would exceed/);
    expect(spec.when([near], record('WIRE-2', 10))).toEqual([funds('WIRE-2', 10)]);
  });
});
