// The payout split: worked examples, and properties over random amounts (1 to 10^9 cents) and
// receiver sets (0 to 50 receivers within the creator's share) — the lines sum to the amount to the
// cent, each line is its exact share rounded down or up by one cent, the extra cents go to the
// largest remainders, and the input order of the receivers changes nothing. The cases come from a
// seeded generator, so a failure names the seed that reproduces it.
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

/** mulberry32: a small seeded generator, so every case can be replayed from its seed. */
function generator(seed: number): (max: number) => number {
  let state = seed >>> 0;
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * max);
  };
}

/** A random run: amount 1..10^9 cents, a creator share, and 0..50 receivers whose total stays within it (two decimals at most). */
function randomInput(seed: number): PayoutSplitInput {
  const random = generator(seed);
  const amountCents = random(4) === 0 ? 1 + random(1_000) : 1 + random(1_000_000_000);
  const creatorShare = [85, 95, 70][random(4)] ?? 1 + random(100);
  const count = Math.min(random(51), creatorShare);
  // Hundredths of a percent: each receiver at least 1 %, all of them within the creator's share.
  let budget = creatorShare * 100 - count * 100;
  const receivers = Array.from({ length: count }, (_, index) => {
    const extra = Math.min(budget, random(random(2) === 0 ? 4_901 : 301), 4_900);
    budget -= extra;
    return receiver(`r${random(1_000_000)}-${index}`, (100 + extra) / 100);
  });
  return { amountCents, creatorShare, creator, receivers };
}

const CASES = 3_000;

describe('splitPayout properties (seeded random cases)', () => {
  it(`sums every run to the cent, each line within a cent of its exact share, extra cents to the largest remainders (${CASES} cases)`, () => {
    for (let seed = 1; seed <= CASES; seed += 1) {
      const input = randomInput(seed);
      const lines = splitPayout(input);
      const context = `seed ${seed}: ${input.amountCents} cents, ${input.receivers.length} receivers`;

      expect(lines.reduce((sum, line) => sum + line.amountCents, 0), context).toBe(input.amountCents);
      expect(lines.reduce((sum, line) => sum + Math.round(line.percentage * 10_000), 0), context).toBe(1_000_000);

      const exact = lines.map((line) => {
        const scaled = BigInt(input.amountCents) * BigInt(Math.round(line.percentage * 10_000));
        return { floor: scaled / 1_000_000n, remainder: scaled % 1_000_000n };
      });
      lines.forEach((line, index) => {
        const extra = BigInt(line.amountCents) - exact[index]!.floor;
        expect(extra === 0n || extra === 1n, context).toBe(true);
      });
      const rounded = exact.filter((_, index) => BigInt(lines[index]!.amountCents) > exact[index]!.floor).map((share) => share.remainder);
      const kept = exact.filter((_, index) => BigInt(lines[index]!.amountCents) === exact[index]!.floor).map((share) => share.remainder);
      if (rounded.length > 0 && kept.length > 0) {
        const smallestRounded = rounded.reduce((a, b) => (a < b ? a : b));
        const largestKept = kept.reduce((a, b) => (a > b ? a : b));
        expect(smallestRounded >= largestKept, context).toBe(true);
      }
    }
  });

  it('gives the same lines whatever order the receivers come in, and each receiver exactly its percentage', () => {
    for (let seed = 1; seed <= 500; seed += 1) {
      const input = randomInput(seed);
      const random = generator(seed * 7919);
      const shuffled = [...input.receivers];
      for (let i = shuffled.length - 1; i > 0; i -= 1) {
        const j = random(i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      const lines = splitPayout(input);
      expect(splitPayout({ ...input, receivers: shuffled }), `seed ${seed}`).toEqual(lines);
      const percentages = new Map(input.receivers.map((r) => [r.receiverId, r.royaltyPercentage]));
      for (const line of lines.filter((l) => l.party === 'receiver')) expect(line.percentage).toBe(percentages.get(line.receiverId!));
      expect(lines.find((l) => l.party === 'platform')?.percentage ?? 0).toBe(100 - input.creatorShare);
    }
  });
});
