// How a release reads to a person: its status and each
// store's delivery state in words, dollars from cents, the royalty breakdown's totals, and which
// release of a track the workflow views follow. Pure, so it is tested on its own.
import type { Distribution } from '../../../../domain/contracts/distribution';
import { DISTRIBUTION_STATUS_LABELS, type DistributionStatus } from '../../../../domain/distribution/catalogue';
import { CONTRACT_TEMPLATES, TEMPLATE_CREATOR_SHARE } from '../../../../domain/royalties/terms';

export type StatusSeverity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

const STATUS_SEVERITY: Record<DistributionStatus, StatusSeverity> = {
  pending: 'warning',
  uploaded: 'info',
  distributed: 'success',
  failed: 'danger',
  taken_down: 'secondary',
};

function isKnownStatus(status: string): status is DistributionStatus {
  return Object.hasOwn(DISTRIBUTION_STATUS_LABELS, status);
}

/** pending, 'Uploaded to the distributor', 'Live on Platforms', failed, taken down; anything else 'Unknown'. */
export function distributionStatusLabel(status: string): string {
  return isKnownStatus(status) ? DISTRIBUTION_STATUS_LABELS[status] : 'Unknown';
}

export function distributionStatusSeverity(status: string): StatusSeverity {
  return isKnownStatus(status) ? STATUS_SEVERITY[status] : 'secondary';
}

/** A store's delivery state in words; a failure carries its reason. */
export function deliveryStateLabel(state: string, reason: string | null = null): string {
  if (state === 'failed') return reason ? `Failed: ${reason}` : 'Failed';
  return distributionStatusLabel(state);
}

/** The sandbox reaches no store: its release is never said to be live or uploaded anywhere. */
export const SANDBOX_STATUS_LABEL = 'Sandbox: no store received it';
export const WAITING_FOR_PARTNER_LABEL = 'Waiting for the delivery partner';

type ShownRelease = Pick<Distribution, 'status' | 'distributor' | 'waitingForPartnerSince'>;

export const isSandboxRelease = (release: Pick<Distribution, 'distributor'>) => release.distributor === 'sandbox';

/**
 * A release's status as the creator reads it: waiting for the delivery partner while it cannot be
 * reached; for the sandbox, that no store received it ("Live on Platforms" only ever for a store a
 * real partner confirmed live); otherwise the status's label.
 */
export function releaseStatusLabel(release: ShownRelease): string {
  if (release.waitingForPartnerSince && release.status === 'pending') return WAITING_FOR_PARTNER_LABEL;
  if (isSandboxRelease(release) && (release.status === 'uploaded' || release.status === 'distributed')) return SANDBOX_STATUS_LABEL;
  return distributionStatusLabel(release.status);
}

export function releaseStatusSeverity(release: ShownRelease): StatusSeverity {
  if (release.waitingForPartnerSince && release.status === 'pending') return 'warning';
  if (isSandboxRelease(release) && (release.status === 'uploaded' || release.status === 'distributed')) return 'secondary';
  return distributionStatusSeverity(release.status);
}

/** A store's state in a release: simulated in the sandbox (never live, never uploaded), else as the partner reported it. */
export function storeStateLabel(release: Pick<Distribution, 'distributor'>, state: string, reason: string | null = null): string {
  if (!isSandboxRelease(release)) return deliveryStateLabel(state, reason);
  if (state === 'uploaded' || state === 'distributed') return 'Simulated: not sent to this store';
  if (state === 'failed') return `Simulated failure: ${reason ?? 'no reason given'}`;
  return deliveryStateLabel(state, reason);
}

/** A calendar day (YYYY-MM-DD) as "Nov 25, 2026", the same day in every time zone; any other text as it is. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export interface BreakdownLine {
  store: string;
  storeName: string;
  amount: number;
  streams: number;
}

/** The sums of a breakdown's lines, in cents and streams (what the table's footer shows). */
export function breakdownTotals(lines: readonly BreakdownLine[]): { amount: number; streams: number } {
  return lines.reduce((totals, line) => ({ amount: totals.amount + line.amount, streams: totals.streams + line.streams }), { amount: 0, streams: 0 });
}

/** Each line's share of the breakdown's total amount, in whole percent (0 when nothing was earned). */
export function breakdownShare(line: BreakdownLine, total: number): number {
  return total > 0 ? Math.round((line.amount / total) * 100) : 0;
}

/**
 * The release of a track that the workflow views follow: its newest one that is not taken down,
 * else its newest one; null when it was never distributed.
 */
export function releaseOf(contentId: string, distributions: readonly Distribution[]): Distribution | null {
  const ofTrack = distributions.filter((release) => release.contentId === contentId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return ofTrack.find((release) => release.status !== 'taken_down') ?? ofTrack[0] ?? null;
}

/**
 * The sidebar's distribution step: 'completed' once the
 * release is live on its platforms (never for the sandbox: 'sandbox'); otherwise its own status (pending, uploaded, failed, taken_down)
 * or null when the track was never distributed.
 */
export function sidebarDistributionStatus(release: Pick<Distribution, 'status' | 'distributor'> | null): string | null {
  if (!release) return null;
  if (isSandboxRelease(release) && (release.status === 'distributed' || release.status === 'uploaded')) return 'sandbox';
  return release.status === 'distributed' ? 'completed' : release.status;
}

/** "85%, 95% or 70%": the creator's share under each royalty contract template. */
function templateShares(): string {
  const shares = CONTRACT_TEMPLATES.map((template) => `${TEMPLATE_CREATOR_SHARE[template]}%`);
  return `${shares.slice(0, -1).join(', ')} or ${shares.at(-1)!}`;
}

/**
 * Who gets a release's store earnings: they are paid through the track's royalty contract, split
 * by its template (the platform keeps the rest, invited receivers take theirs from the creator's
 * share); a track without a contract gets none paid out. With the contract's share known, that
 * share is named.
 */
export function releaseEarningsText(creatorShare: number | null): string {
  if (creatorShare !== null) {
    return `Store earnings of this track are paid through its royalty contract: ${creatorShare}% to you, less the shares of receivers you invited, and ${100 - creatorShare}% to the platform.`;
  }
  return (
    `Store earnings are paid through the track's royalty contract: ${templateShares()} to you depending on its template, less the shares of receivers you invited; ` +
    'the platform keeps the rest. Earnings of a track without a royalty contract are not paid out: create its contract first.'
  );
}

/** What the royalty split typed into the upload and release forms does: it is kept, not paid by. */
export const ROYALTY_SPLIT_NOTE = "Kept as your note and shown on its card; it does not change what you are paid, which the track's royalty contract decides.";
