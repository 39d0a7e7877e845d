// Words for the analytics overview: periods, statuses, check outcomes and where each kind of recent
// activity is looked after on the dashboard.
import type { AnalyticsPeriod, CheckOutcome, RecentActivityArea } from '../../../../domain/contracts/analytics';
import type { VaultStatus } from '../../../../domain/contracts/vault';
import type { ContentType, TrackStatus } from '../../../../domain/constants';
import type { DashboardTab } from '../../lib/dashboard-tabs';

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '30d': 'Last 30 days', '90d': 'Last 90 days', '12m': 'Last 12 months', all: 'All time' };

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = { music: 'Music', video: 'Video', image: 'Image', text: 'Text' };

export const VAULT_STATUS_LABELS: Record<VaultStatus, string> = { registered: 'Registered', processing: 'In progress', failed: 'Needs attention' };

export const TRACK_STATUS_LABELS: Record<TrackStatus, string> = {
  generated: 'Generated',
  completed: 'Uploaded',
  processing: 'Processing',
  mastering: 'Mastering',
  mastered: 'Mastered',
  copyrighted: 'Copyrighted',
  in_vault: 'In the vault',
  contracted: 'Under contract',
  failed: 'Failed',
  expired: 'Expired',
};

export const CHECK_OUTCOME_LABELS: Record<CheckOutcome, string> = {
  cleared: 'No match found',
  cleared_on_review: 'Cleared on review',
  needs_review: 'Held for review',
  refused_on_review: 'Refused on review',
  conflict: 'Conflict found',
  not_available: 'Check not available',
  check_failed: 'Check failed',
  analyzing: 'Being checked',
  not_checked: 'Not checked yet',
};

export const ACTIVITY_LABELS: Record<RecentActivityArea, string> = {
  vault: 'Vault',
  tokens: 'Tokens',
  royalties: 'Earnings',
  payouts: 'Payout',
  licenses: 'License sale',
  statements: 'Statement',
  distributions: 'Release',
};

/** The dashboard tab where an activity's item is looked after (token movements have none of their own). */
export const ACTIVITY_TABS: Partial<Record<RecentActivityArea, DashboardTab>> = {
  vault: 'vault',
  royalties: 'smart-contracts',
  payouts: 'smart-contracts',
  statements: 'distributions',
  distributions: 'distributions',
};

/** "2026-11" → "Nov 2026"; "2026-11-03" → "Nov 3, 2026"; anything else as it is. */
export function bucketLabel(bucket: string): string {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(bucket);
  if (!match) return bucket;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3] ?? 1)));
  return match[3]
    ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** A territory's name from its ISO code where the browser knows it ("GB" → "United Kingdom"). */
export function territoryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
