// The token wallet's wording: causes, statuses, signed amounts, the header figure and the
// subscription line.
import { describe, expect, it } from 'vitest';
import { causeLabel, costNote, formatBalance, formatPrice, isLowBalance, priceOf, signedTokens, statusDisplay, subscriptionSummary } from './labels';

describe('token labels', () => {
  it('names each cause and the service a charge paid for', () => {
    expect(causeLabel('welcome_bonus')).toBe('Welcome bonus');
    expect(causeLabel('purchase')).toBe('Token purchase');
    expect(causeLabel('subscription_month')).toBe('Subscription month');
    expect(causeLabel('refund')).toBe('Refund');
    expect(causeLabel('payout')).toBe('Royalty payout');
    expect(causeLabel('professional-mastering')).toBe('Professional mastering');
    expect(causeLabel('copyright-registration')).toBe('Copyright registration');
    expect(causeLabel('something_new-here')).toBe('something new here');
  });

  it('says where a charge stands, and when a subscription covered it', () => {
    expect(statusDisplay({ status: 'held', coveredBySubscription: false }).label).toBe('Held while the step runs');
    expect(statusDisplay({ status: 'charged', coveredBySubscription: false }).label).toBe('Charged');
    expect(statusDisplay({ status: 'returned', coveredBySubscription: false }).label).toBe('Returned');
    expect(statusDisplay({ status: 'completed', coveredBySubscription: false })).toEqual({ label: 'Completed', severity: 'success' });
    expect(statusDisplay({ status: 'charged', coveredBySubscription: true }).label).toBe('Covered by subscription');
  });

  it('signs amounts and shows the balance with 2 decimals', () => {
    expect(signedTokens(9.99)).toBe('+9.99');
    expect(signedTokens(-25)).toBe('−25.00');
    expect(signedTokens(0.000001)).toBe('+0.000001');
    expect(signedTokens(0)).toBe('0.00');
    expect(formatBalance(12)).toBe('12.00');
    expect(formatBalance(1234.5678)).toBe('1,234.57');
  });

  it('warns at 5 tokens or less, or at the server\'s figure', () => {
    expect(isLowBalance(5, undefined)).toBe(true);
    expect(isLowBalance(5.01, undefined)).toBe(false);
    expect(isLowBalance(7, { lowBalanceWarning: 8 })).toBe(true);
  });

  it('sums up a subscription: tier, renewal or end, and allowance uses', () => {
    const summary = subscriptionSummary({ tierId: 'silver', periodEnd: '2026-03-14T12:00:00.000Z', endsAt: null, used: { 'ai-music-generation': 3 } });
    expect(summary).toBe('Silver · renews Mar 14, 2026 · AI music generation 3 of 30 used · Copyright registration 0 of 2 used');
    expect(subscriptionSummary({ tierId: 'gold', periodEnd: '2026-03-14T12:00:00.000Z', endsAt: '2026-03-14T12:00:00.000Z', used: {} })).toContain('Gold · ends Mar 14, 2026');
    expect(subscriptionSummary(null)).toBeNull();
  });

  it('reads prices from the server\'s list only', () => {
    expect(priceOf(undefined, 'professional-mastering')).toBeNull();
    expect(priceOf({ pricing: { 'ai-music-generation': 10, 'professional-mastering': 5, 'copyright-registration': 25, 'distribution-setup': 14.99 } }, 'copyright-registration')).toBe(25);
  });

  it('writes the notes beside paid buttons with plain prices', () => {
    expect(formatPrice(5)).toBe('5');
    expect(formatPrice(14.99)).toBe('14.99');
    expect(costNote('professional-mastering', 5)).toBe('Mastering costs 5 tokens; previews are free');
    expect(costNote('copyright-registration', 25)).toBe('Registration costs 25 tokens, charged when it succeeds; the copyright check is free');
  });
});
