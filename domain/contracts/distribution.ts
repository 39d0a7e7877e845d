// HTTP payloads of the distribution routes: stores, genres, releases, their
// delivery states, sales statements and the royalty breakdown. Money is in integer cents.
import { z } from 'zod';
import { DELIVERY_STATES, DISTRIBUTION_STATUSES } from '../distribution/catalogue';

const cents = z.number().int();

export const storeSchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
export const storeListSchema = z.object({ stores: z.array(storeSchema) });
export const genreListSchema = z.object({ genres: z.array(z.string()) });

/** How releases are delivered on this server, for the distribution dialog before it submits. */
export const deliveryInfoSchema = z.object({
  /** partner: a delivery partner takes releases to the stores; sandbox: no store receives anything and nothing is charged. */
  mode: z.enum(['partner', 'sandbox']),
  partnerName: z.string().nullable(),
  /** The stores a release can be sent to here (the partner's), by id. */
  storeIds: z.array(z.string()),
  /** The yearly fee in tokens; 0 for the sandbox. */
  feeTokens: z.number().nonnegative(),
  /** Said plainly when no store will receive a release; null otherwise. */
  notice: z.string().nullable(),
});
export type DeliveryInfo = z.infer<typeof deliveryInfoSchema>;

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

export const distributeRequestSchema = z.object({
  contentId: z.string().min(1),
  artistName: z.string().trim().min(1, 'Please enter the artist name').max(200),
  albumName: z.string().trim().min(1, 'Please enter the album name').max(200),
  songName: z.string().trim().min(1, 'Please enter the song name').max(200),
  primaryGenre: z.string().min(1, 'Please choose a primary genre'),
  secondaryGenre: z.string().min(1).optional().nullable(),
  labelName: z.string().trim().min(1, 'Please enter the label name').max(200),
  recordingLocation: z.string().trim().max(200).optional().default(''),
  releaseDate: dateOnly,
  saleDate: dateOnly,
  parentalAdvisory: z.boolean().default(false),
  royaltySplit: z.number().int().min(1).max(100).default(100),
  selectedStores: z.array(z.string()).min(1, 'Please select at least one streaming platform for distribution'),
});
export type DistributeRequest = z.input<typeof distributeRequestSchema>;

export const storeDeliverySchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  state: z.enum(DELIVERY_STATES),
  /** Why a delivery failed, said plainly. */
  reason: z.string().nullable(),
  updatedAt: z.string(),
});

export const distributionSchema = z.object({
  id: z.string(),
  contentId: z.string(),
  songName: z.string(),
  artistName: z.string(),
  albumName: z.string(),
  primaryGenre: z.string(),
  secondaryGenre: z.string().nullable(),
  labelName: z.string(),
  releaseDate: z.string(),
  saleDate: z.string(),
  parentalAdvisory: z.boolean(),
  royaltySplit: z.number(),
  selectedStores: z.array(z.string()),
  status: z.enum(DISTRIBUTION_STATUSES),
  stores: z.array(storeDeliverySchema),
  /** The release's identifiers in its package. */
  upc: z.string().nullable(),
  isrc: z.string().nullable(),
  createdAt: z.string(),
  /** A store link once live; null from the sandbox, which delivers to no store. */
  distributionUrl: z.string().nullable(),
  /** What the delivery partner's statements report for the release; a creator's self-reported uploads are not counted. */
  royaltyEarnings: cents,
  /** When the yearly fee renews (and is charged again), or null once taken down. */
  renewsAt: z.string().nullable(),
  takenDownAt: z.string().nullable(),
  /** The distributor that took the package: the delivery partner's name, or 'sandbox', which delivers to no store. */
  distributor: z.string(),
  /** Said plainly when nothing reached a real store. */
  notice: z.string().nullable(),
  /** Since when the release waits for the delivery partner (it could not be reached); null otherwise. */
  waitingForPartnerSince: z.string().nullable(),
});
export type Distribution = z.infer<typeof distributionSchema>;

export const distributionListSchema = z.object({ distributions: z.array(distributionSchema) });
export const distributeResponseSchema = z.object({ success: z.literal(true), distribution: distributionSchema, message: z.string() });
export const takedownResponseSchema = z.object({ success: z.literal(true), message: z.string(), distribution: distributionSchema });

/** Where a statement came from: a creator's upload (self-reported, an estimate) or a delivery partner's payable statement. */
export const statementSourceSchema = z.enum(['self_reported', 'partner_report', 'operator_import']);

export const royaltyBreakdownSchema = z.object({
  royalties: z.object({
    distributionId: z.string(),
    /** Self-reported and payable together. */
    totalAmount: cents,
    totalStreams: z.number().int(),
    /** From the creator's own uploads: an estimate, never pending earnings, a payout or tokens. */
    selfReportedAmount: cents,
    /** Claimed by the delivery partner's statements. */
    payableAmount: cents,
    /** Of the payable amount, what the partner's funds received released to the royalty contract. */
    releasedAmount: cents,
    /** Claimed by the partner but not yet funded: stays pending until the partner's payment covers it. */
    unreconciledAmount: cents,
    /** The creator's share (under the contract's split) of the unreconciled amount. */
    unreconciledShare: cents,
    breakdown: z.array(z.object({ store: z.string(), storeName: z.string(), amount: cents, streams: z.number().int(), selfReported: z.boolean() })),
  }),
});

export const unmatchedLineSchema = z.object({
  lineNumber: z.number().int(),
  period: z.string(),
  store: z.string(),
  country: z.string(),
  identifier: z.string(),
  units: z.number().int(),
  amount: cents,
  reason: z.string(),
  /** The line is from a statement the creator uploaded: self-reported. */
  selfReported: z.boolean(),
});

export const statementSchema = z.object({
  statementId: z.string(),
  fileName: z.string(),
  importedAt: z.string(),
  lines: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  /** Lines already imported before (by this or an earlier statement): they changed nothing. */
  duplicates: z.number().int(),
  amount: cents,
  /** A creator's upload: an estimate that never becomes pending earnings, a payout or tokens. */
  selfReported: z.boolean(),
  source: statementSourceSchema,
  /** The delivery partner of a payable statement; null for a self-reported one. */
  partnerId: z.string().nullable(),
});

export const importStatementResponseSchema = z.object({
  success: z.literal(true),
  /** True for a creator's upload: its money is an estimate, never pending earnings, a payout or tokens. */
  selfReported: z.boolean(),
  statement: statementSchema,
  unmatchedLines: z.array(unmatchedLineSchema),
  message: z.string(),
});

export const statementListSchema = z.object({ statements: z.array(statementSchema), unmatchedLines: z.array(unmatchedLineSchema) });
