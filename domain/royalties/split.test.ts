// The payout split: worked examples, and fast-check properties over random amounts (1 to 10^9
// cents) and receiver sets (0 to 50 receivers within the creator's share) — the lines sum to the
// amount to the cent, each line is its exact share rounded down or up by one cent, the extra cents go
// to the largest remainders, and the input order of the receivers changes nothing. A failure is
// shrunk to a small counterexample and printed with the seed and path that replay it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors';
import { PLATFORM_LINE_NAME, splitPayout, type PayoutSplitInput, type SplitReceiver } from './split';

const creator = { userId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', name: 'Ada Creator' };

function receiver(id: string, royaltyPercentage: number, extra: Partial<SplitReceiver> = {}): SplitReceiver {
  return { receiverId: id, receiverName: `Receiver ${id}`, royaltyPercentage, receiverWallet: null, acceptedUserId: null, ...extra };
}

describe('splitPayout examples', () => {
  it('keeps 15 % for the platform and pays the creator 85 % under the standard template', () => {
    expect(splitPayout({ amountCents: 10_000, creatorShare: 85, creator, receivers: [] })).toEqual([
      { party: 'platform', receiverId: null, userId: null, name: PLATFORM_LINE_NAME, percentage: 15, amountCents: 1_500, receiverWallet: null },
      { party: 'creator', receiverId: null, userId: creator.userId, name: creator.name, percentage: 85, amountCents: 8_500, receiverWallet: null },
    ]);
  });

  it('pays each receiver its percentage of the whole amount out of the creator share', () => {
    const lines = splitPayout({
      amountCents: 1_000,
      creatorShare: 85,
      creator,
      receivers: [receiver('b', 15, { acceptedUserId: 'user-b' }), receiver('a', 12.5, { receiverWallet: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' })],
    });
    expect(lines.map((line) => [line.party, line.receiverId, line.percentage, line.amountCents])).toEqual([
      ['platform', null, 15, 150],
      ['creator', null, 57.5, 575],
      ['receiver', 'a', 12.5, 125],
      ['receiver', 'b', 15, 150],
    ]);
    expect(lines[2]!.receiverWallet).toBe('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe');
    expect(lines[3]!.userId).toBe('user-b');
  });

  it('gives the cent three equal thirds leave to the first line in order when remainders tie', () => {
    const lines = splitPayout({ amountCents: 100, creatorShare: 100, creator, receivers: [receiver('r1', 33.3333), receiver('r2', 33.3333)] });
    expect(lines.map((line) => [line.party, line.amountCents])).toEqual([
      ['creator', 34],
      ['receiver', 33],
      ['receiver', 33],
    ]);
  });

  it('keeps a line that rounds to 0 cents on a tiny amount, and leaves out a party with 0 %', () => {
    const lines = splitPayout({ amountCents: 1, creatorShare: 85, creator, receivers: [receiver('r', 85)] });
    expect(lines.map((line) => [line.party, line.amountCents])).toEqual([
      ['platform', 0],
      ['receiver', 1],
    ]);
  });

  it('refuses receivers above the creator share, a non-positive amount and fractional cents', () => {
    expect(() => splitPayout({ amountCents: 100, creatorShare: 70, creator, receivers: [receiver('a', 50), receiver('b', 21)] })).toThrow(ValidationError);
    expect(() => splitPayout({ amountCents: 0, creatorShare: 85, creator, receivers: [] })).toThrow('positive whole number of cents');
    expect(() => splitPayout({ amountCents: 10.5, creatorShare: 85, creator, receivers: [] })).toThrow(ValidationError);
  });
});

/** Ten-thousandths of a percent, the finest percentage splitPayout counts. */
const UNITS = 10_000;

/**
 * A run: amount 1..10^9 cents (small amounts, where rounding matters most, drawn as often), a creator
 * share (the templates' 85/95/70 or any whole percent) and 0..50 receivers, each at least 1 % and
 * together within the creator's share, with distinct ids.
 */
const splitInputs: fc.Arbitrary<PayoutSplitInput> = fc
  .record({
    amountCents: fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 1_000_000_000 })),
    creatorShare: fc.oneof(fc.constantFrom(85, 95, 70), fc.integer({ min: 1, max: 100 })),
    receivers: fc.array(fc.record({ tag: fc.string({ minLength: 1, maxLength: 6 }), extra: fc.integer({ min: 0, max: 49 * UNITS }) }), { maxLength: 50 }),
  })
  .map(({ amountCents, creatorShare, receivers: drawn }) => {
    const chosen = drawn.slice(0, creatorShare);
    // Each receiver 1 % plus its extra, as long as the creator's share has room for it.
    let budget = (creatorShare - chosen.length) * UNITS;
    const receivers = chosen.map(({ tag, extra }, index) => {
      const granted = Math.min(budget, extra);
      budget -= granted;
      return receiver(`${tag}-${index}`, (UNITS + granted) / UNITS);
    });
    return { amountCents, creatorShare, creator, receivers };
  });

describe('splitPayout properties (fast-check)', () => {
  it('sums every run to the cent, each line within a cent of its exact share, extra cents to the largest remainders', () => {
    fc.assert(
      fc.property(splitInputs, (input) => {
        const lines = splitPayout(input);
        expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(input.amountCents);
        expect(lines.reduce((sum, line) => sum + Math.round(line.percentage * UNITS), 0)).toBe(100 * UNITS);

        const exact = lines.map((line) => {
          const scaled = BigInt(input.amountCents) * BigInt(Math.round(line.percentage * UNITS));
          return { floor: scaled / BigInt(100 * UNITS), remainder: scaled % BigInt(100 * UNITS), cents: BigInt(line.amountCents) };
        });
        for (const share of exact) expect([0n, 1n]).toContain(share.cents - share.floor);
        const rounded = exact.filter((share) => share.cents > share.floor).map((share) => share.remainder);
        const kept = exact.filter((share) => share.cents === share.floor).map((share) => share.remainder);
        if (rounded.length > 0 && kept.length > 0) {
          const smallestRounded = rounded.reduce((a, b) => (a < b ? a : b));
          const largestKept = kept.reduce((a, b) => (a > b ? a : b));
          expect(smallestRounded >= largestKept).toBe(true);
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('gives the same lines whatever order the receivers come in, and each receiver exactly its percentage', () => {
    const withShuffle = splitInputs.chain((input) =>
      fc.shuffledSubarray([...input.receivers], { minLength: input.receivers.length, maxLength: input.receivers.length }).map((shuffled) => ({ input, shuffled })),
    );
    fc.assert(
      fc.property(withShuffle, ({ input, shuffled }) => {
        const lines = splitPayout(input);
        expect(splitPayout({ ...input, receivers: shuffled })).toEqual(lines);
        const percentages = new Map(input.receivers.map((r) => [r.receiverId, r.royaltyPercentage]));
        for (const line of lines.filter((l) => l.party === 'receiver')) expect(line.percentage).toBe(percentages.get(line.receiverId!));
        expect(lines.filter((l) => l.party === 'receiver')).toHaveLength(input.receivers.length);
        expect(lines.find((l) => l.party === 'platform')?.percentage ?? 0).toBe(100 - input.creatorShare);
      }),
      { numRuns: 500 },
    );
  });
});
