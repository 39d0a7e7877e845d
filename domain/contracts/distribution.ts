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

/** Stores' own guidance (not GOOSE's promise): a release date at least this many days ahead. */
export const RELEASE_MIN_LEAD_DAYS = 7;
/** Weeks ahead stores recommend for editorial playlist pitching. */
export const RELEASE_RECOMMENDED_LEAD_WEEKS = '3–4';

/** Cover art stores take: a square JPEG or PNG of at least this many pixels a side, at most COVER_MAX_BYTES. */
export const COVER_MIN_SIDE = 3000;
export const COVER_MAX_BYTES = 20 * 1024 * 1024;

/** Who wrote the song (songwriters) and who plays or sings on the recording (performers), as DDEX names the roles. */
export const SONGWRITER_ROLES = ['Composer', 'Lyricist', 'ComposerLyricist'] as const;
export const PERFORMER_ROLES = ['MainArtist', 'FeaturedArtist', 'Vocalist', 'Musician', 'Producer'] as const;
export const CREDIT_ROLES = [...SONGWRITER_ROLES, ...PERFORMER_ROLES] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];
export const CREDIT_ROLE_LABELS: Record<CreditRole, string> = {
  Composer: 'Songwriter: composer (music)',
  Lyricist: 'Songwriter: lyricist (words)',
  ComposerLyricist: 'Songwriter: music and words',
  MainArtist: 'Performer: main artist',
  FeaturedArtist: 'Performer: featured artist',
  Vocalist: 'Performer: vocalist',
  Musician: 'Performer: musician',
  Producer: 'Performer: producer',
};
export const isSongwriterRole = (role: string) => (SONGWRITER_ROLES as readonly string[]).includes(role);
export const isPerformerRole = (role: string) => (PERFORMER_ROLES as readonly string[]).includes(role);

export const CREDITS_NEED_BOTH = 'Credit at least one songwriter and one performer';
export const creditSchema = z.object({
  name: z.string().trim().min(1, 'Please enter each credited name').max(200),
  role: z.enum(CREDIT_ROLES, 'Choose a role for each credit'),
});
export type Credit = z.infer<typeof creditSchema>;
export const creditsSchema = z
  .array(creditSchema)
  .max(30, 'At most 30 credits')
  .refine((credits) => credits.some((c) => isSongwriterRole(c.role)) && credits.some((c) => isPerformerRole(c.role)), CREDITS_NEED_BOTH);

/** An uploaded cover, checked by the server: its id for the release request and what it is. */
export const coverArtUploadSchema = z.object({
  coverArtId: z.uuid(),
  mimeType: z.enum(['image/jpeg', 'image/png']),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type CoverArtUpload = z.infer<typeof coverArtUploadSchema>;

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
  /** Songwriters and performers; without it the server credits the artist name as both (the dialog prefills the creator). */
  credits: creditsSchema.optional(),
  /** A cover uploaded through POST /api/tunecore/cover-art; absent or null: the generated cover. */
  coverArtId: z.uuid().optional().nullable(),
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
  credits: z.array(creditSchema),
  /** The creator's uploaded cover, or null for the generated one. */
  coverArt: z.object({ mimeType: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
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
