// The waiting list of the planned per-stream streaming platform: the API's request and response
// schemas and the figures the plan claims. The platform does not exist; GOOSE records who wants to
// hear about it, confirms their address by mail and counts referrals. It pays nothing and credits
// no token for joining or referring, and the answers say so.
import { z } from 'zod';

/** The spec's message when the address is missing or blank. */
export const EMAIL_REQUIRED = 'Email Required: Please enter your email address to join the waiting list';
/** What the page says when a join fails without a message from the server. */
export const JOIN_FAILED = 'Failed to join waiting list';
/** Hours a mailed confirmation link works. */
export const WAITING_LIST_LINK_TTL_HOURS = 48;

/**
 * The plan's own marketing figures, shown only as its comparison and labelled as its claim: the
 * platform is not built, so nothing here is a rate GOOSE pays or promises.
 */
export const PLAN_CLAIM = {
  perStreamUsd: 3,
  typicalPerStreamUsd: 0.003,
  /** The plan says its smart contracts would activate at this many users; nothing in GOOSE does. */
  activationUsers: 5000,
  /** The plan's affiliate commission, paid in tokens; GOOSE pays none. */
  affiliateCommissionPercent: 30,
} as const;

/** Why the earnings figures are not numbers. */
export const NO_EARNINGS_REASON =
  'The per-stream platform does not exist yet: no stream is paid, so there are no earnings to estimate, and no commission or token is paid for referrals until the platform exists and real money arrives.';

export const PRIORITY_MEANING =
  'Priority means you ask to be among the first invited if the platform opens. It costs nothing: GOOSE takes no payment and no tokens for it.';

const email = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254, 'An e-mail address is at most 254 characters')
  .pipe(z.email('Enter a valid e-mail address'));

/** Affiliate codes: 96 random bits, base64url (16 characters). */
export const affiliateCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'This is not a referral code');

export const notificationPreferencesSchema = z.strictObject({
  email: z.boolean(),
  platform: z.boolean(),
  sms: z.literal(false, { error: 'Text messages are not available: GOOSE has no text-message service and asks for no phone number' }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** POST /api/streaming/waiting-list/join. Strict: no field beyond these is taken (no balance, no bonus). */
export const joinWaitingListRequestSchema = z.strictObject({
  email,
  isPriority: z.boolean().default(false),
  notificationPreferences: notificationPreferencesSchema.default({ email: true, platform: false, sms: false }),
  /** The code of the `?ref=` link the page was opened with. */
  referralCode: affiliateCodeSchema.optional(),
});
export type JoinWaitingListRequest = z.input<typeof joinWaitingListRequestSchema>;

/** One's own place on the list; the affiliate code only once the address is confirmed. */
export const waitingListStatusSchema = z.object({
  email: z.string(),
  confirmed: z.boolean(),
  isPriority: z.boolean(),
  affiliateCode: z.string().nullable(),
  /** Confirmed addresses that joined through this entry's code. */
  referrals: z.number().int().min(0),
  /** Always 0: see NO_EARNINGS_REASON. */
  referralEarnings: z.literal(0),
  referralEarningsReason: z.string(),
  joinedAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type WaitingListStatus = z.infer<typeof waitingListStatusSchema>;

/**
 * The join's answer. The same for a new address and one already on the list (whether an address is
 * on the list is not told to whoever types it): a link was mailed, or, for a signed-in user whose
 * account has this address confirmed, the entry is confirmed at once and `data.status` is theirs.
 */
export const joinWaitingListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    outcome: z.enum(['confirmation-mailed', 'confirmed']),
    /** The priority this join asked for: applied once its link is confirmed (at once when `confirmed`). */
    isPriority: z.boolean(),
    /** Shown once the address is confirmed; null while a link is waiting in the mailbox. */
    affiliateCode: z.string().nullable(),
    mailTransport: z.enum(['smtp', 'outbox']).nullable(),
    status: waitingListStatusSchema.nullable(),
  }),
});
export type JoinWaitingListResponse = z.infer<typeof joinWaitingListResponseSchema>;

/** POST /api/streaming/waiting-list/confirm: the token from the mailed link. */
export const confirmWaitingListRequestSchema = z.strictObject({ token: z.string().min(1).max(2000) });
export const confirmWaitingListResponseSchema = z.object({ success: z.literal(true), data: waitingListStatusSchema });

/** GET /api/streaming/waiting-list/status: the signed-in user's entry, or the one this browser confirmed; null when neither. */
export const waitingListStatusResponseSchema = z.object({ success: z.literal(true), data: waitingListStatusSchema.nullable() });

/** GET /api/streaming/waiting-list/stats: counts from the read model. */
export const waitingListStatsSchema = z.object({
  /** Confirmed addresses on the list. */
  totalUsers: z.number().int().min(0),
  /** Confirmed addresses that chose priority. */
  priorityUsers: z.number().int().min(0),
  /** Joined, link not opened yet: not counted above. */
  awaitingConfirmation: z.number().int().min(0),
  /** Works registered on GOOSE (certificate issued): the catalogue the plan would stream. */
  totalTracks: z.number().int().min(0),
  /** Null: nothing is streamed or paid (NO_EARNINGS_REASON). */
  estimatedEarnings: z.null(),
  estimatedEarningsReason: z.string(),
});
export const waitingListStatsResponseSchema = z.object({ success: z.literal(true), data: waitingListStatsSchema });
export type WaitingListStats = z.infer<typeof waitingListStatsSchema>;
