// HTTP payloads of the royalty contract, receiver and payout routes.
// Money from the server is in integer cents; the Distribute Royalties dialog sends dollars.
import { z } from 'zod';
import {
  CONTRACT_STATUSES,
  CONTRACT_TEMPLATES,
  DISTRIBUTION_SCHEDULES,
  RECEIVER_MAX_PERCENTAGE,
  RECEIVER_MIN_PERCENTAGE,
} from '../royalties/terms';

const cents = z.number().int();
const isoDate = z.string();

export const customTermsSchema = z.object({
  /** The creator's share in percent; when given it must be the template's. */
  royaltySplit: z.number().int().min(1).max(100).optional(),
  distributionSchedule: z.enum(DISTRIBUTION_SCHEDULES).optional(),
  /** Cents: a scheduled run pays only once pending earnings reach this (never below 1 USD). */
  minimumThreshold: z.number().int().min(100).max(100_000_000).optional(),
});

export const createContractRequestSchema = z.object({
  contentId: z.string().min(1, 'Please select content for the contract'),
  templateType: z.enum(CONTRACT_TEMPLATES).default('standard_royalty'),
  customTerms: customTermsSchema.default({}),
});
export type CreateContractRequest = z.input<typeof createContractRequestSchema>;

/** The track workflow card's call (POST /api/smart-contract/create/{id}): the standard template. */
export const createContractForTrackRequestSchema = z.object({
  royaltySplit: z.number().int().min(1).max(100).optional(),
});

export const DEPLOYMENT_STATUSES = ['signing', 'awaiting_submission', 'submitted', 'validated', 'failed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

export const contractDeploymentSchema = z.object({
  status: z.enum(DEPLOYMENT_STATUSES),
  network: z.string(),
  /** The creator's XRPL account that paid the deploy price. */
  account: z.string().nullable(),
  txHash: z.string().nullable(),
  xrpAmount: z.string(),
  usdAmount: z.string(),
  /** Why it is not on the ledger (awaiting submission, failed), said plainly. */
  reason: z.string().nullable(),
  explorerUrl: z.string().nullable(),
});

export const contractSchema = z.object({
  contractId: z.string(),
  contentId: z.string(),
  contentTitle: z.string(),
  templateType: z.enum(CONTRACT_TEMPLATES),
  contractStatus: z.enum(CONTRACT_STATUSES),
  /** The creator's share in percent; the platform's is 100 minus it. */
  royaltySplit: z.number(),
  platformShare: z.number(),
  distributionSchedule: z.enum(DISTRIBUTION_SCHEDULES),
  minimumThreshold: cents,
  totalEarnings: cents,
  distributedAmount: cents,
  pendingAmount: cents,
  /** When the next scheduled run is due; null on demand, paused or completed. */
  nextDistribution: isoDate.nullable(),
  termsSha256: z.string(),
  deployment: contractDeploymentSchema,
  createdAt: isoDate,
});
export type Contract = z.infer<typeof contractSchema>;

export const contractListSchema = z.object({ contracts: z.array(contractSchema) });

export const createContractResponseSchema = z.object({
  success: z.literal(true),
  contract: contractSchema,
  message: z.string(),
});
export type CreateContractResponse = z.infer<typeof createContractResponseSchema>;

/** The signed terms (canonical JSON, RFC 8785) as "View Contract" shows them. */
export const signedTermsSchema = z.object({
  terms: z.record(z.string(), z.unknown()),
  canonical: z.string(),
  sha256: z.string(),
  signature: z.object({ algorithm: z.literal('Ed25519'), keyId: z.string(), publicKey: z.string(), value: z.string() }),
});

export const contractDetailSchema = z.object({ contract: contractSchema, signedTerms: signedTermsSchema });

export const executeContractRequestSchema = z.object({
  triggerCondition: z.enum(['manual', 'scheduled']).default('manual'),
});

export const PAYOUT_METHODS = ['token_credit', 'xrpl_payment', 'recorded'] as const;

export const payoutLineSchema = z.object({
  party: z.enum(['platform', 'creator', 'receiver']),
  receiverId: z.string().nullable(),
  name: z.string(),
  percentage: z.number(),
  amount: cents,
  /** token_credit: credited on the token ledger; xrpl_payment: paid to the receiver's wallet; recorded: the platform's share, kept. */
  method: z.enum(PAYOUT_METHODS),
  txHash: z.string().nullable(),
  /** Why the line was not paid the way it asked (an XRPL line credited in tokens, or recorded unpaid), said plainly; null otherwise. */
  reason: z.string().nullable(),
});

export const payoutRunSchema = z.object({
  runId: z.string(),
  contractId: z.string(),
  contentTitle: z.string(),
  trigger: z.enum(['scheduled', 'manual', 'distribute']),
  status: z.enum(['running', 'completed']),
  amount: cents,
  lines: z.array(payoutLineSchema),
  startedAt: isoDate,
  completedAt: isoDate.nullable(),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const executeContractResponseSchema = z.object({
  success: z.boolean(),
  /** The run that paid, or null when nothing was due (the message says why). */
  payout: payoutRunSchema.nullable(),
  message: z.string(),
});

export const distributeRoyaltiesRequestSchema = z.object({
  contractId: z.string().min(1, 'Please choose a contract'),
  /** Dollars, at least 0.01, at most the contract's pending earnings. */
  amount: z.number().min(0.01, 'The amount must be at least 0.01').multipleOf(0.01, 'The amount has at most two decimals'),
});

export const payoutHistorySchema = z.object({ payouts: z.array(payoutRunSchema) });

export const royaltyAnalyticsSchema = z.object({
  totals: z.object({ totalEarnings: cents, distributed: cents, pending: cents, contracts: z.number().int(), receivers: z.number().int(), payouts: z.number().int() }),
  byMonth: z.array(z.object({ month: z.string(), earnings: cents, distributed: cents })),
  bySource: z.array(z.object({ source: z.string(), amount: cents })),
  byContract: z.array(z.object({ contractId: z.string(), contentTitle: z.string(), totalEarnings: cents, distributedAmount: cents, pendingAmount: cents })),
});

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined'] as const;

export const receiverSchema = z.object({
  id: z.string(),
  contentId: z.string(),
  receiverName: z.string(),
  receiverEmail: z.string(),
  royaltyPercentage: z.number(),
  receiverWallet: z.string().nullable(),
  invitationStatus: z.enum(INVITATION_STATUSES),
  invitationSentAt: isoDate.nullable(),
  acceptedAt: isoDate.nullable(),
});
export type Receiver = z.infer<typeof receiverSchema>;

export const receiverListQuerySchema = z.object({
  contentId: z.string().optional(),
  contractId: z.string().optional(),
});
export const receiverListSchema = z.object({ receivers: z.array(receiverSchema) });

export const addReceiverRequestSchema = z.object({
  contentId: z.string().min(1, 'Please choose the content'),
  receiverName: z.string().trim().min(1, 'Please enter the receiver name').max(120),
  receiverEmail: z.email('Please enter a valid email address'),
  royaltyPercentage: z
    .number()
    .min(RECEIVER_MIN_PERCENTAGE, `The percentage must be between ${RECEIVER_MIN_PERCENTAGE} and ${RECEIVER_MAX_PERCENTAGE}`)
    .max(RECEIVER_MAX_PERCENTAGE, `The percentage must be between ${RECEIVER_MIN_PERCENTAGE} and ${RECEIVER_MAX_PERCENTAGE}`),
  /** An XRPL classic address to be paid in XRP instead of tokens. */
  receiverWallet: z.string().trim().max(64).optional().nullable(),
});
export const addReceiverResponseSchema = z.object({ success: z.literal(true), receiver: receiverSchema, message: z.string() });

/** What the invitation page shows to whoever holds the signed link. */
export const invitationSchema = z.object({
  receiverName: z.string(),
  receiverEmail: z.string(),
  royaltyPercentage: z.number(),
  contentTitle: z.string(),
  creatorName: z.string(),
  invitationStatus: z.enum(INVITATION_STATUSES),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationResponseSchema = z.object({ invitation: invitationSchema });
export const acceptInvitationResponseSchema = z.object({ success: z.literal(true), invitation: invitationSchema, message: z.string() });
/** The answer to a decline: the invitation as it now stands. */
export const declineInvitationResponseSchema = acceptInvitationResponseSchema;
export const removeReceiverResponseSchema = z.object({ success: z.literal(true), message: z.string() });
