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

/** The creator's share (percent) under the content's contract, or under the default template when it has none yet. */
export type CreatorShareOf = (contentId: string) => Promise<number>;

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
}

export interface RecordedEarnings {
  /** The contract the earnings went to, or null when the content has no contract (they are then not attributed). */
  contractId: string | null;
}

export interface RoyaltyEarningsSink {
  record(earnings: RoyaltyEarnings, context: { correlationId: string; actor: string }): Promise<RecordedEarnings>;
}
