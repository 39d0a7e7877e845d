// The history's labels.
import { describe, expect, it } from 'vitest';
import { causeLabel, signedTokens, statusLabel } from './labels';

describe('token history labels', () => {
  it('names causes and services', () => {
    expect(causeLabel('welcome_bonus')).toBe('Welcome bonus');
    expect(causeLabel('professional-mastering')).toBe('Professional mastering');
    expect(causeLabel('something_new')).toBe('something new');
  });

  it('says where a charge stands', () => {
    expect(statusLabel({ status: 'held', coveredBySubscription: false })).toBe('Reserved while the step runs');
    expect(statusLabel({ status: 'returned', coveredBySubscription: false })).toBe('Returned (the step did not complete)');
    expect(statusLabel({ status: 'charged', coveredBySubscription: true })).toBe('Covered by your subscription');
  });

  it('signs amounts', () => {
    expect(signedTokens(9.99)).toBe('+9.99');
    expect(signedTokens(-25)).toBe('−25.00');
  });
});
