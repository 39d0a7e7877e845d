// Events of a royalty contract (stream `royalty-contract-<contractId>`): its creation with the
// platform-signed terms, the anchor transaction's deployment states, the earnings it collects (each
// reference once) and the payout runs that pay them out line by line. Money is integer cents.
import { z } from 'zod';
import { CONTRACT_STATUSES, CONTRACT_TEMPLATES, DISTRIBUTION_SCHEDULES } from './terms';
import { EARNINGS_SOURCES } from './ports';
import { defineEvent } from '../shared/events';

const cents = z.number().int();
const id = z.string().min(1).max(200);

export const ANCHOR_STATUSES = ['awaiting_submission', 'submitted', 'validated', 'failed'] as const;
export type AnchorStatus = (typeof ANCHOR_STATUSES)[number];

export const PAYOUT_TRIGGERS = ['scheduled', 'manual', 'distribute'] as const;
export type PayoutTrigger = (typeof PAYOUT_TRIGGERS)[number];

export const termsSignatureSchema = z.object({
  algorithm: z.literal('Ed25519'),
  keyId: z.string().min(1),
  publicKey: z.string().min(1),
  value: z.string().min(1),
});

export const payoutLineDataSchema = z.object({
  party: z.enum(['platform', 'creator', 'receiver']),
  receiverId: z.string().nullable(),
  userId: z.string().nullable(),
  name: z.string(),
  percentage: z.number().min(0).max(100),
  amountCents: cents.nonnegative(),
  receiverWallet: z.string().nullable(),
});

export const RoyaltyContractCreated = defineEvent(
  'RoyaltyContractCreated',
  1,
  z.object({
    contractId: id,
    contentId: id,
    ownerId: z.uuid(),
    contentTitle: z.string(),
    templateType: z.enum(CONTRACT_TEMPLATES),
    /** The creator's share in percent; the platform keeps 100 minus it. */
    royaltySplit: z.number().int().min(1).max(100),
    distributionSchedule: z.enum(DISTRIBUTION_SCHEDULES),
    minimumThreshold: cents.min(1),
    /** The terms document, its RFC 8785 canonical JSON (what is signed) and that text's SHA-256. */
    terms: z.record(z.string(), z.unknown()),
    canonical: z.string().min(2),
    termsSha256: z.string().regex(/^[0-9a-f]{64}$/),
    signature: termsSignatureSchema,
    network: z.string(),
    xrpAmount: z.string(),
    usdAmount: z.string(),
  }),
);

/** The anchor transaction (a Payment from the creator's XRPL account, the terms' hash as memo) signed. */
export const RoyaltyContractAnchorSigned = defineEvent(
  'RoyaltyContractAnchorSigned',
  1,
  z.object({ contractId: id, account: z.string(), txHash: z.string().regex(/^[0-9A-F]{64}$/), txBlob: z.string().min(1) }),
);

/** Where the signed anchor stands on the ledger; `reason` says plainly why it is not there (yet). */
export const RoyaltyContractAnchorStatusRecorded = defineEvent(
  'RoyaltyContractAnchorStatusRecorded',
  1,
  z.object({ contractId: id, status: z.enum(ANCHOR_STATUSES), reason: z.string().nullable(), ledgerIndex: z.number().int().nullable() }),
);

export const RoyaltyContractStatusChanged = defineEvent(
  'RoyaltyContractStatusChanged',
  1,
  z.object({ contractId: id, status: z.enum(CONTRACT_STATUSES), reason: z.string().max(500) }),
);

export const RoyaltyEarningsRecorded = defineEvent(
  'RoyaltyEarningsRecorded',
  1,
  z.object({
    contractId: id,
    amountCents: cents.positive(),
    source: z.enum(EARNINGS_SOURCES),
    /** What earned it (a statement line); a reference is recorded once. */
    reference: id,
    description: z.string().max(300),
    /** The statement's month (YYYY-MM) when a statement earned it; absent for a sale (and on earlier events). */
    period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional(),
  }),
);

export const RoyaltyPayoutRunStarted = defineEvent(
  'RoyaltyPayoutRunStarted',
  1,
  z.object({
    contractId: id,
    runId: id,
    trigger: z.enum(PAYOUT_TRIGGERS),
    amountCents: cents.positive(),
    /** The split of amountCents: the platform, each accepted receiver, the creator; they sum exactly. */
    lines: z.array(payoutLineDataSchema).min(1),
  }),
);

export const RoyaltyPayoutLinePaid = defineEvent(
  'RoyaltyPayoutLinePaid',
  1,
  z.object({
    contractId: id,
    runId: id,
    lineIndex: z.number().int().nonnegative(),
    method: z.enum(['token_credit', 'xrpl_payment', 'recorded']),
    txHash: z.string().nullable(),
    /** Why the line was not paid the way it asked (an XRPL line credited in tokens, or recorded unpaid). Absent on events recorded before it was kept. */
    reason: z.string().nullable().optional(),
  }),
);

export const RoyaltyPayoutRunCompleted = defineEvent('RoyaltyPayoutRunCompleted', 1, z.object({ contractId: id, runId: id }));

/** An open dispute about the contract's work holds its payouts: no run starts while any case holds it. */
export const RoyaltyContractDisputeHoldPlaced = defineEvent('RoyaltyContractDisputeHoldPlaced', 1, z.object({ contractId: id, disputeId: id }));

/** A case let go of the contract; its status comes back when the last hold is lifted. */
export const RoyaltyContractDisputeHoldLifted = defineEvent('RoyaltyContractDisputeHoldLifted', 1, z.object({ contractId: id, disputeId: id }));

/**
 * A dispute's compensation taken from the contract's pending earnings, once per reference: up to what
 * was asked, no more than was pending (0 when nothing was). The claimant's tokens are credited the
 * same amount under the same reference.
 */
export const RoyaltyCompensationDeducted = defineEvent(
  'RoyaltyCompensationDeducted',
  1,
  z.object({
    contractId: id,
    disputeId: id,
    reference: id,
    toUserId: z.uuid(),
    requestedCents: cents.positive(),
    amountCents: cents.nonnegative(),
  }),
);

export const royaltyContractEventDefinitions = [
  RoyaltyContractCreated,
  RoyaltyContractAnchorSigned,
  RoyaltyContractAnchorStatusRecorded,
  RoyaltyContractStatusChanged,
  RoyaltyEarningsRecorded,
  RoyaltyPayoutRunStarted,
  RoyaltyPayoutLinePaid,
  RoyaltyPayoutRunCompleted,
  RoyaltyContractDisputeHoldPlaced,
  RoyaltyContractDisputeHoldLifted,
  RoyaltyCompensationDeducted,
] as const;

export type RoyaltyContractEvent = ReturnType<(typeof royaltyContractEventDefinitions)[number]['create']>;

export const ROYALTY_CONTRACT_EVENT_TYPES: ReadonlySet<string> = new Set(royaltyContractEventDefinitions.map((d) => d.type));

export function royaltyContractStreamId(contractId: string): string {
  return `royalty-contract-${contractId}`;
}
