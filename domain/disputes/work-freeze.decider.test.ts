// Given / when / then specifications of a work's freeze: each case holds it once, lifting keeps it
// frozen while another case holds it, and a license is admitted for issue only while nothing holds it.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { IllegalStateError } from '../shared/errors';
import { LICENSING_FROZEN } from '../licensing/ports';
import { isFrozen, workFreezeDecider } from './work-freeze.decider';
import { WorkFreezeLifted, WorkFrozen, WorkLicenseIssueAdmitted, WorkLicenseIssueSettled } from './work-freeze.events';

const { given, when } = deciderSpec(workFreezeDecider);
const workId = 'w1';
const frozenByA = WorkFrozen.create({ workId, disputeId: 'a' });
const frozenByB = WorkFrozen.create({ workId, disputeId: 'b' });
const liftedA = WorkFreezeLifted.create({ workId, disputeId: 'a' });
const admitted = WorkLicenseIssueAdmitted.create({ workId, licenseId: 'l1' });

describe('work freeze decider', () => {
  it('given nothing, when a case freezes the work, then it is frozen; the same case again decides nothing', () => {
    expect(when([], { type: 'Freeze', data: { workId, disputeId: 'a' } })).toEqual([frozenByA]);
    expect(when([frozenByA], { type: 'Freeze', data: { workId, disputeId: 'a' } })).toEqual([]);
    expect(isFrozen(given(frozenByA))).toBe(true);
  });

  it('given two cases hold the work, when one lifts, then the work stays frozen by the other', () => {
    expect(when([frozenByA, frozenByB], { type: 'Lift', data: { workId, disputeId: 'a' } })).toEqual([liftedA]);
    expect(isFrozen(given(frozenByA, frozenByB, liftedA))).toBe(true);
    expect(isFrozen(given(frozenByA, liftedA))).toBe(false);
  });

  it('given a case does not hold the work, when it lifts, then nothing is decided', () => {
    expect(when([], { type: 'Lift', data: { workId, disputeId: 'a' } })).toEqual([]);
    expect(when([frozenByA, liftedA], { type: 'Lift', data: { workId, disputeId: 'a' } })).toEqual([]);
  });

  it('given a case lifted its freeze, when it freezes again (an appeal), then the work is frozen again', () => {
    expect(when([frozenByA, liftedA], { type: 'Freeze', data: { workId, disputeId: 'a' } })).toEqual([frozenByA]);
  });

  it('given nothing holds the work, when a license is admitted for issue, then it is admitted once', () => {
    expect(when([], { type: 'AdmitLicenseIssue', data: { workId, licenseId: 'l1' } })).toEqual([admitted]);
    expect(when([admitted], { type: 'AdmitLicenseIssue', data: { workId, licenseId: 'l1' } })).toEqual([]);
    expect(when([frozenByA, liftedA], { type: 'AdmitLicenseIssue', data: { workId, licenseId: 'l1' } })).toEqual([admitted]);
  });

  it('given a case holds the work, when a license is admitted, then it is refused — even one admitted before (a retry meets the freeze)', () => {
    expect(() => when([frozenByA], { type: 'AdmitLicenseIssue', data: { workId, licenseId: 'l1' } })).toThrow(IllegalStateError);
    expect(() => when([admitted, frozenByA], { type: 'AdmitLicenseIssue', data: { workId, licenseId: 'l1' } })).toThrow(LICENSING_FROZEN);
  });

  it('given an admitted license, when it settles, then it is no longer in flight; settling again decides nothing', () => {
    const settled = WorkLicenseIssueSettled.create({ workId, licenseId: 'l1' });
    expect(given(admitted).inFlight.has('l1')).toBe(true);
    expect(when([admitted], { type: 'SettleLicenseIssue', data: { workId, licenseId: 'l1' } })).toEqual([settled]);
    expect(when([admitted, settled], { type: 'SettleLicenseIssue', data: { workId, licenseId: 'l1' } })).toEqual([]);
    expect(when([], { type: 'SettleLicenseIssue', data: { workId, licenseId: 'l1' } })).toEqual([]);
    expect(given(admitted, settled).inFlight.size).toBe(0);
  });
});
