// The schedule the workflow's timers and the screen's next-distribution date share.
import { describe, expect, it } from 'vitest';
import { nextDistributionAt } from './schedule';

const created = new Date('2026-01-31T10:00:00.000Z');

describe('nextDistributionAt', () => {
  it('weekly: every 7 days from creation, strictly after the given time', () => {
    expect(nextDistributionAt(created, 'weekly', created)?.toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(nextDistributionAt(created, 'weekly', new Date('2026-02-07T10:00:00.000Z'))?.toISOString()).toBe('2026-02-14T10:00:00.000Z');
  });

  it('monthly: the same day each month, the last day of a shorter month', () => {
    expect(nextDistributionAt(created, 'monthly', created)?.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(nextDistributionAt(created, 'monthly', new Date('2026-03-01T00:00:00.000Z'))?.toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });

  it('on demand has no scheduled payout', () => {
    expect(nextDistributionAt(created, 'on_demand', created)).toBeNull();
  });
});
