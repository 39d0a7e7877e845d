// HTTP payloads of the creator's analytics overview (GET /api/analytics): every figure is read from
// the read models (vault, tokens, statements, royalties, license sales, distributions), never
// folded from streams. Money is in US cents; tokens are whole tokens (decimals allowed). Figures
// from self-reported statements are estimates and are kept apart from payable money.
import { z } from 'zod';
import { TRACK_STATUSES } from '../constants';
import { VAULT_STATUSES } from './vault';

/** The period the overview covers, counted back from now: 30 or 90 days, 12 months, or everything. */
export const ANALYTICS_PERIODS = ['30d', '90d', '12m', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '90d';

/** How a period's series are bucketed: short periods by day, long ones by month. */
export const ANALYTICS_BUCKETS = ['day', 'month'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];
export const BUCKET_OF_PERIOD: Record<AnalyticsPeriod, AnalyticsBucket> = { '30d': 'day', '90d': 'day', '12m': 'month', all: 'month' };

/** The start of a period ending at `now` (null: since the beginning). */
export function periodStart(period: AnalyticsPeriod, now: Date): Date | null {
  const day = 24 * 60 * 60 * 1000;
  switch (period) {
    case '30d':
      return new Date(now.getTime() - 30 * day);
    case '90d':
      return new Date(now.getTime() - 90 * day);
    case '12m':
      return new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + 1, 1));
    case 'all':
      return null;
  }
}

export const analyticsQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIODS, { message: `period must be one of ${ANALYTICS_PERIODS.join(', ')}` }).default(DEFAULT_ANALYTICS_PERIOD),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** What a copyright check of a track ended in (its latest check): the oracle's verdict, a reviewer's decision, or where it stands. */
export const CHECK_OUTCOMES = ['cleared', 'cleared_on_review', 'needs_review', 'refused_on_review', 'conflict', 'not_available', 'check_failed', 'analyzing', 'not_checked'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

const count = z.number().int().nonnegative();
const cents = z.number().int();

const earningsByBucketSchema = z.object({ bucket: z.string(), amount: cents });
const statementEarningsSchema = z.object({
  /** Sum of the statement lines in the period, in cents. */
  total: cents,
  units: z.number().int(),
  /** By statement month (YYYY-MM): statements are monthly whatever the period's buckets. */
  byMonth: z.array(z.object({ month: z.string(), amount: cents, units: z.number().int() })),
  byStore: z.array(z.object({ store: z.string(), storeName: z.string(), amount: cents, units: z.number().int() })),
  byTerritory: z.array(z.object({ territory: z.string(), amount: cents, units: z.number().int() })),
});

export const RECENT_ACTIVITY_AREAS = ['vault', 'tokens', 'royalties', 'payouts', 'licenses', 'statements', 'distributions'] as const;
export type RecentActivityArea = (typeof RECENT_ACTIVITY_AREAS)[number];

export const analyticsSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  bucket: z.enum(ANALYTICS_BUCKETS),
  /** The period's first instant (null for all time) and when the figures were read. */
  from: z.string().nullable(),
  to: z.string(),
  /** Content uploaded in the period. */
  totalContent: count,
  contentByType: z.object({ music: count, video: count, image: count, text: count }),
  /** The vault's status of that content (registered, processing, failed), as the Vault tab shows it. */
  contentByStatus: z.array(z.object({ status: z.enum(VAULT_STATUSES), count })),
  /** The track's lifecycle status (mastered, copyrighted, in_vault, …). */
  contentByTrackStatus: z.array(z.object({ status: z.enum(TRACK_STATUSES), count })),
  /** The spec's entity figures: registered, still on its way (pending), failed. */
  copyrightStatus: z.object({ registered: count, pending: count, failed: count }),
  checksByOutcome: z.array(z.object({ outcome: z.enum(CHECK_OUTCOMES), count })),
  /** Tokens earned (credits) and spent (charges kept and debits) in the period; the balance is today's. */
  tokenTransactions: z.object({ earned: z.number(), spent: z.number(), balance: z.number(), held: z.number() }),
  tokensOverTime: z.array(z.object({ bucket: z.string(), earned: z.number(), spent: z.number(), balance: z.number() })),
  royalties: z.object({
    /** From payable statements (a delivery partner's report, an operator's import): money owed. */
    payable: statementEarningsSchema,
    /** From statements the creator uploaded themselves: estimates, never money owed. */
    estimates: statementEarningsSchema.extend({ estimate: z.literal(true) }),
    /** What the creator's royalty contracts recorded as earned, per bucket (statements and license sales). */
    contractEarnings: z.array(earningsByBucketSchema),
  }),
  payouts: z.object({
    /** Paid out by payout runs started in the period. */
    paid: cents,
    /** Earned by the contracts and not yet paid out, today. */
    pending: cents,
    runs: count,
    running: count,
  }),
  licenseSales: z.object({
    /** Licenses issued in the period, and what they brought in (card/XRP in US cents, tokens apart). */
    count,
    amountCents: cents,
    tokenAmountCents: cents,
    byBucket: z.array(z.object({ bucket: z.string(), count, amountCents: cents })),
  }),
  topTracks: z.object({
    byEarnings: z.array(z.object({ contentId: z.string(), title: z.string(), amount: cents })),
    byLicenseSales: z.array(z.object({ contentId: z.string(), title: z.string(), count, amountCents: cents })),
  }),
  recentActivity: z.array(
    z.object({
      area: z.enum(RECENT_ACTIVITY_AREAS),
      title: z.string(),
      detail: z.string(),
      at: z.string(),
    }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;
