// In-test stand-ins for the ports royalty payouts go through (the real split, receivers and payout
// executor are other modules): a plain split that sums exactly, a receivers list the test edits, and
// an executor that records each (run, line) it paid and pays a repeated one nothing more.
import type { PaidLine, PayoutExecutor, PayoutLine, ReceiverShare, ReceiversOf, SplitPayout } from '../../domain/royalties/ports';

export const standInSplit: SplitPayout = ({ amountCents, creatorShare, creator, receivers }) => {
  const platform = Math.floor((amountCents * (100 - creatorShare)) / 100);
  const receiverLines: PayoutLine[] = receivers.map((receiver) => ({
    party: 'receiver',
    receiverId: receiver.receiverId,
    userId: receiver.acceptedUserId,
    name: receiver.receiverName,
    percentage: receiver.royaltyPercentage,
    amountCents: Math.floor((amountCents * receiver.royaltyPercentage) / 100),
    receiverWallet: receiver.receiverWallet,
  }));
  const creatorCents = amountCents - platform - receiverLines.reduce((sum, line) => sum + line.amountCents, 0);
  return [
    { party: 'platform', receiverId: null, userId: null, name: 'GOOSE platform', percentage: 100 - creatorShare, amountCents: platform, receiverWallet: null },
    { party: 'creator', receiverId: null, userId: creator.userId, name: creator.name, percentage: creatorShare - receivers.reduce((sum, r) => sum + r.royaltyPercentage, 0), amountCents: creatorCents, receiverWallet: null },
    ...receiverLines,
  ];
};

export function standInReceivers(): ReceiversOf & { set(contentId: string, receivers: ReceiverShare[]): void } {
  const byContent = new Map<string, ReceiverShare[]>();
  const receiversOf = (async (contentId: string) => byContent.get(contentId) ?? []) as ReceiversOf & { set(contentId: string, receivers: ReceiverShare[]): void };
  receiversOf.set = (contentId, receivers) => byContent.set(contentId, receivers);
  return receiversOf;
}

export interface RecordingExecutor extends PayoutExecutor {
  /** Every line paid, keyed `runId#lineIndex`, with how many times pay was asked for it. */
  paid: Map<string, { line: PayoutLine; calls: number }>;
}

export function recordingExecutor(): RecordingExecutor {
  const paid = new Map<string, { line: PayoutLine; calls: number }>();
  return {
    paid,
    async pay(run, lineIndex, line): Promise<PaidLine> {
      const key = `${run.runId}#${lineIndex}`;
      const earlier = paid.get(key);
      if (earlier) earlier.calls += 1;
      else paid.set(key, { line, calls: 1 });
      return { method: line.party === 'platform' ? 'recorded' : 'token_credit', txHash: null };
    },
  };
}
