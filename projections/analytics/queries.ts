// The creator's analytics overview: no read model of its own, it puts together the reads of the
// vault, tokens, statements, royalties, license sales and distributions models (each owner's
// queries.ts holds its part), for one user and one period. Reads run side by side on the pool.
import { BUCKET_OF_PERIOD, CHECK_OUTCOMES, periodStart, type Analytics, type AnalyticsPeriod, type CheckOutcome } from '../../domain/contracts/analytics';
import { VAULT_STATUSES, type VaultStatus } from '../../domain/contracts/vault';
import { CONTENT_TYPES, type TrackStatus } from '../../domain/constants';
import { DISTRIBUTION_STATUS_LABELS } from '../../domain/distribution/catalogue';
import { microsToTokens } from '../../domain/shared/tokens';
import type { Queryable } from '../../infra/db/db';
import { recentReleases } from '../distributions/queries';
import { licenseSalesSummary, recentSales } from '../license-sales/queries';
import { payoutSummary, recentRoyaltyEvents, royaltiesByBucket, topEarningContents } from '../royalties/queries';
import { recentStatements, statementEarnings } from '../statements/queries';
import { findTokenAccount, recentTokenMovements, tokenBuckets } from '../tokens/queries';
import { recentVaultChanges, tallyContent, trackStatusOf, vaultStatusOf } from '../vault/queries';

/** Rows in each top-tracks list, and entries in the recent activity. */
export const TOP_TRACKS = 10;
export const RECENT_ACTIVITY = 15;

const VAULT_STATUS_WORDS: Record<VaultStatus, string> = { registered: 'Registered', processing: 'In progress', failed: 'Needs attention' };

export async function analyticsOverview(db: Queryable, ownerId: string, period: AnalyticsPeriod, now = new Date()): Promise<Analytics> {
  const since = periodStart(period, now);
  const bucket = BUCKET_OF_PERIOD[period];
  // Statements are monthly: a period covers the statement months it touches.
  const fromMonth = since ? since.toISOString().slice(0, 7) : null;
  const [content, account, tokens, statements, royalties, payouts, sales, topEarning, activity] = await Promise.all([
    tallyContent(db, ownerId, since),
    findTokenAccount(db, ownerId),
    tokenBuckets(db, ownerId, since, bucket),
    statementEarnings(db, ownerId, fromMonth),
    royaltiesByBucket(db, ownerId, since, bucket),
    payoutSummary(db, ownerId, since),
    licenseSalesSummary(db, ownerId, since, bucket, TOP_TRACKS),
    topEarningContents(db, ownerId, since, TOP_TRACKS),
    recentActivity(db, ownerId),
  ]);

  const contentByType = Object.fromEntries(CONTENT_TYPES.map((type) => [type, 0])) as Analytics['contentByType'];
  const byStatus = new Map<VaultStatus, number>();
  const byTrackStatus = new Map<TrackStatus, number>();
  const byOutcome = new Map<CheckOutcome, number>();
  for (const tally of content) {
    contentByType[tally.contentType] += tally.count;
    const status = vaultStatusOf(tally.statusFacts);
    byStatus.set(status, (byStatus.get(status) ?? 0) + tally.count);
    const trackStatus = trackStatusOf(tally.statusFacts);
    byTrackStatus.set(trackStatus, (byTrackStatus.get(trackStatus) ?? 0) + tally.count);
    byOutcome.set(tally.checkOutcome, (byOutcome.get(tally.checkOutcome) ?? 0) + tally.count);
  }
  const statusCount = (status: VaultStatus) => byStatus.get(status) ?? 0;

  return {
    period,
    bucket,
    from: since?.toISOString() ?? null,
    to: now.toISOString(),
    totalContent: content.reduce((sum, tally) => sum + tally.count, 0),
    contentByType,
    contentByStatus: VAULT_STATUSES.map((status) => ({ status, count: statusCount(status) })),
    contentByTrackStatus: [...byTrackStatus].map(([status, count]) => ({ status, count })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status)),
    copyrightStatus: { registered: statusCount('registered'), pending: statusCount('processing'), failed: statusCount('failed') },
    checksByOutcome: CHECK_OUTCOMES.filter((outcome) => byOutcome.has(outcome)).map((outcome) => ({ outcome, count: byOutcome.get(outcome)! })),
    tokenTransactions: {
      earned: microsToTokens(tokens.reduce((sum, b) => sum + b.earnedMicros, 0)),
      spent: microsToTokens(tokens.reduce((sum, b) => sum + b.spentMicros, 0)),
      balance: microsToTokens(account ? account.balanceMicros - account.heldMicros : 0),
      held: microsToTokens(account?.heldMicros ?? 0),
    },
    tokensOverTime: tokens.map((b) => ({ bucket: b.bucket, earned: microsToTokens(b.earnedMicros), spent: microsToTokens(b.spentMicros), balance: microsToTokens(b.availableAfterMicros) })),
    royalties: {
      payable: statements.payable,
      estimates: { ...statements.estimates, estimate: true },
      contractEarnings: royalties.filter((b) => b.earnings !== 0).map((b) => ({ bucket: b.bucket, amount: b.earnings })),
    },
    payouts: { paid: royalties.reduce((sum, b) => sum + b.distributed, 0), pending: payouts.pending, runs: payouts.runs, running: payouts.running },
    licenseSales: { count: sales.count, amountCents: sales.amountCents, tokenAmountCents: sales.tokenAmountCents, byBucket: sales.byBucket },
    topTracks: {
      byEarnings: topEarning,
      byLicenseSales: sales.topWorks.map((work) => ({ contentId: work.workId, title: work.title, count: work.count, amountCents: work.amountCents })),
    },
    recentActivity: activity,
  };
}

/** The latest changes to the user's own items across the read models, newest first. */
async function recentActivity(db: Queryable, ownerId: string): Promise<Analytics['recentActivity']> {
  const [vault, tokens, royalties, sales, statements, releases] = await Promise.all([
    recentVaultChanges(db, ownerId, RECENT_ACTIVITY),
    recentTokenMovements(db, ownerId, RECENT_ACTIVITY),
    recentRoyaltyEvents(db, ownerId, RECENT_ACTIVITY),
    recentSales(db, ownerId, RECENT_ACTIVITY),
    recentStatements(db, ownerId, RECENT_ACTIVITY),
    recentReleases(db, ownerId, RECENT_ACTIVITY),
  ]);
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const tokenWords = (micros: number) => `${micros >= 0 ? '+' : '−'}${Math.abs(microsToTokens(micros)).toLocaleString('en-US', { maximumFractionDigits: 2 })} tokens`;
  const entries: Array<Omit<Analytics['recentActivity'][number], 'at'> & { time: number }> = [
    ...vault.map((v) => ({ area: 'vault' as const, title: v.title, detail: `${VAULT_STATUS_WORDS[v.status]}: ${v.stage}`, time: v.at.getTime() })),
    ...tokens.map((t) => ({ area: 'tokens' as const, title: t.description, detail: tokenWords(t.amountMicros), time: t.at.getTime() })),
    ...royalties.map((r) =>
      r.kind === 'earnings'
        ? { area: 'royalties' as const, title: r.title, detail: `Earned ${dollars(r.amount)}: ${r.description}`, time: r.at.getTime() }
        : { area: 'payouts' as const, title: r.title, detail: `Payout of ${dollars(r.amount)} ${r.status === 'completed' ? 'paid' : 'being paid'} (${r.description})`, time: r.at.getTime() },
    ),
    ...sales.map((s) => ({
      area: 'licenses' as const,
      title: s.title,
      detail: `${s.type} license ${s.status.replace('_', ' ')}: ${s.currency === 'USD' ? dollars(s.priceCents) : `${(s.priceCents / 100).toFixed(2)} QXMP`}`,
      time: s.at.getTime(),
    })),
    ...statements.map((s) => ({
      area: 'statements' as const,
      title: s.fileName,
      detail: `${s.matched} lines matched, ${dollars(s.amount)}${s.selfReported ? ' (self-reported estimate)' : ''}`,
      time: s.at.getTime(),
    })),
    ...releases.map((r) => ({ area: 'distributions' as const, title: r.title, detail: `Release ${(DISTRIBUTION_STATUS_LABELS as Record<string, string>)[r.status] ?? r.status}`, time: r.at.getTime() })),
  ];
  return entries
    .sort((a, b) => b.time - a.time)
    .slice(0, RECENT_ACTIVITY)
    .map(({ time, ...entry }) => ({ ...entry, at: new Date(time).toISOString() }));
}
