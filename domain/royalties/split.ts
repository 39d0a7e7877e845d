// How one payout run's amount is shared: the platform keeps 100 minus the
// creator's share, each receiver takes its percentage of the whole amount, the creator the rest.
// Cents are whole: each line gets the floor of its exact share, and the cents those floors leave
// go one each to the lines with the largest remainders, so the lines always sum to the amount.
import { ValidationError } from '../shared/errors';
import type { PayoutLine, ReceiverShare } from './ports';

/** Percentages are counted in ten-thousandths of a percent: 12.5 % is 125,000 units of 1,000,000. */
const UNITS_PER_PERCENT = 10_000;
const WHOLE_UNITS = 100 * UNITS_PER_PERCENT;

export const PLATFORM_LINE_NAME = 'GOOSE platform';

/** The receivers to pay, as the receivers port lists them; only those that should be paid are passed. */
export type SplitReceiver = Pick<ReceiverShare, 'receiverId' | 'receiverName' | 'royaltyPercentage' | 'receiverWallet' | 'acceptedUserId'>;

export interface PayoutSplitInput {
  /** The run's amount, a positive whole number of cents. */
  amountCents: number;
  /** The creator's share under the contract, in percent (the platform keeps the rest). */
  creatorShare: number;
  creator: { userId: string; name: string };
  receivers: readonly SplitReceiver[];
}

/**
 * The lines of a run, in a fixed order: the platform, the creator, then the receivers by id (so the
 * same input in any order gives the same lines and line indexes). A party whose percentage is 0 has
 * no line; a line may still round to 0 cents on a small amount. Equal remainders are broken by that
 * order. Percentages count to four decimals.
 */
export function splitPayout(input: PayoutSplitInput): PayoutLine[] {
  const { amountCents, creatorShare, creator } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new ValidationError('A payout is a positive whole number of cents');
  if (!Number.isInteger(creatorShare) || creatorShare < 1 || creatorShare > 100) throw new ValidationError('The creator share is a whole percentage from 1 to 100');

  const receivers = [...input.receivers].sort((a, b) => (a.receiverId < b.receiverId ? -1 : a.receiverId > b.receiverId ? 1 : 0));
  const receiverUnits = receivers.map((receiver) => {
    const units = Math.round(receiver.royaltyPercentage * UNITS_PER_PERCENT);
    if (!Number.isFinite(units) || units <= 0) throw new ValidationError(`Receiver ${receiver.receiverName} has no positive percentage`);
    return units;
  });
  const platformUnits = WHOLE_UNITS - creatorShare * UNITS_PER_PERCENT;
  const creatorUnits = creatorShare * UNITS_PER_PERCENT - receiverUnits.reduce((sum, units) => sum + units, 0);
  if (creatorUnits < 0) throw new ValidationError(`The receivers' shares exceed the creator's ${creatorShare}%`);

  type Party = { line: Omit<PayoutLine, 'amountCents'>; units: number };
  const candidates: Party[] = [
    { line: { party: 'platform', receiverId: null, userId: null, name: PLATFORM_LINE_NAME, percentage: 100 - creatorShare, receiverWallet: null }, units: platformUnits },
    { line: { party: 'creator', receiverId: null, userId: creator.userId, name: creator.name, percentage: creatorUnits / UNITS_PER_PERCENT, receiverWallet: null }, units: creatorUnits },
    ...receivers.map((receiver, index) => ({
      line: {
        party: 'receiver' as const,
        receiverId: receiver.receiverId,
        userId: receiver.acceptedUserId,
        name: receiver.receiverName,
        percentage: receiverUnits[index]! / UNITS_PER_PERCENT,
        receiverWallet: receiver.receiverWallet,
      },
      units: receiverUnits[index]!,
    })),
  ];
  const parties = candidates.filter((party) => party.units > 0);

  // amount × units can pass 2^53 for large amounts: the exact shares are computed in BigInt.
  const amount = BigInt(amountCents);
  const whole = BigInt(WHOLE_UNITS);
  const shares = parties.map((party, order) => {
    const exact = amount * BigInt(party.units);
    return { order, cents: exact / whole, remainder: exact % whole };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.cents, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.order - b.order : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.cents += 1n;
    left -= 1n;
  }
  return parties.map((party, index) => ({ ...party.line, amountCents: Number(shares[index]!.cents) }));
}
