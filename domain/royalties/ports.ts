// What the royalty contracts, their receivers and distribution ask of each other. Each side is
// built against these types and handed the other's implementation where the app is assembled.

/** One receiver of a content's royalties as the payouts see it. */
export interface ReceiverShare {
  receiverId: string;
  receiverName: string;
  receiverEmail: string;
  /** Percent of the whole amount paid out (1–50). */
  royaltyPercentage: number;
  /** An XRPL classic address to pay in XRP, when the receiver gave one. */
  receiverWallet: string | null;
  invitationStatus: 'pending' | 'accepted' | 'declined';
  /** The platform user who accepted the invitation (paid by token credit), if any. */
  acceptedUserId: string | null;
}

/** The receivers of one content item, removed ones left out. */
export type ReceiversOf = (contentId: string) => Promise<ReceiverShare[]>;

/** Shares a run's amount into its lines (domain/royalties/split.ts's splitPayout by default). */
export type SplitPayout = (input: { amountCents: number; creatorShare: number; creator: { userId: string; name: string }; receivers: readonly ReceiverShare[] }) => PayoutLine[];

/** The creator's share (percent) under the content's contract, or under the default template when it has none yet. */
export type CreatorShareOf = (contentId: string) => Promise<number>;

/** `distribution_statement`: a partner's payable statement, released by the partner's funds (docs/royalties.md); never a creator's upload. */
export const EARNINGS_SOURCES = ['distribution_statement', 'license_sale'] as const;
export type EarningsSource = (typeof EARNINGS_SOURCES)[number];

/** Money a content item earned, to be added to its contract's pending earnings once. */
export interface RoyaltyEarnings {
  contentId: string;
  ownerId: string;
  amountCents: number;
  source: EarningsSource;
  /** Idempotency key: the same reference adds once, however often it is recorded. */
  reference: string;
  description: string;
  /** The month (YYYY-MM) a statement's earnings were made in; earnings by month count them there, not on the day they were recorded. */
  period?: string;
}

export interface RecordedEarnings {
  /** The contract the earnings went to, or null when the content has no contract (they are then not attributed). */
  contractId: string | null;
}

export interface RoyaltyEarningsSink {
  record(earnings: RoyaltyEarnings, context: { correlationId: string; actor: string }): Promise<RecordedEarnings>;
}

/** Who a payout line pays. */
export type PayoutParty = 'platform' | 'creator' | 'receiver';

/** One line of a payout run: a party's share of the run's amount, in integer cents. */
export interface PayoutLine {
  party: PayoutParty;
  receiverId: string | null;
  /** The platform user credited in tokens: the creator, or the user who accepted a receiver's invitation. */
  userId: string | null;
  name: string;
  /** Percent of the run's whole amount. */
  percentage: number;
  amountCents: number;
  /** An XRPL classic address that takes this line in XRP instead of tokens. */
  receiverWallet: string | null;
}

/** How a line was paid: a token-ledger credit, an XRPL payment, or (the platform's share) recorded as kept. */
export interface PaidLine {
  method: 'token_credit' | 'xrpl_payment' | 'recorded';
  txHash: string | null;
  /** Why the line was not paid the way it asked (an XRPL line credited in tokens, or only recorded), said plainly. */
  reason?: string | null;
}

/**
 * Pays one line of a run. Paying the same (runId, line index) again pays nothing more and answers
 * the first result: a worker that dies between paying and recording it cannot pay twice.
 */
export interface PayoutExecutor {
  pay(run: { runId: string; contractId: string; contentTitle: string }, lineIndex: number, line: PayoutLine, context: { correlationId: string; actor: string }): Promise<PaidLine>;
}
