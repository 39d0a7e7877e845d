// What blocks an account's deletion, and that a clear account is not blocked.
import { describe, expect, it } from 'vitest';
import { deletionBlockers, type DeletionFacts } from './deletion-rules';

const clear: DeletionFacts = { openDisputes: 0, unpaidEarningsCents: 0, pendingPayouts: 0, tokenBalanceMicros: 0, heldTokenMicros: 0 };

describe('deletion rules', () => {
  it('lets a clear account go', () => {
    expect(deletionBlockers(clear)).toEqual([]);
  });

  it('names each obligation that blocks, with what to do', () => {
    const blockers = deletionBlockers({ openDisputes: 2, unpaidEarningsCents: 1250, pendingPayouts: 1, tokenBalanceMicros: 7_000_000, heldTokenMicros: 2_000_000 });
    expect(blockers.map((b) => b.kind)).toEqual(['open_disputes', 'unpaid_earnings', 'pending_payouts', 'held_tokens', 'token_balance']);
    expect(blockers[0]!.reason).toContain('2 disputes');
    expect(blockers[1]!.reason).toContain('$12.50');
    expect(blockers[4]!.reason).toContain('5 tokens');
  });

  it('does not count held tokens twice as a free balance', () => {
    expect(deletionBlockers({ ...clear, tokenBalanceMicros: 3_000_000, heldTokenMicros: 3_000_000 }).map((b) => b.kind)).toEqual(['held_tokens']);
  });
});
