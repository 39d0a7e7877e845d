// What the Smart Contracts screen says about contracts, payouts and receivers, kept out of the
// components so it can be tested: statuses and deployment in plain words, the distribution
// progress (capped at 100 %), which vault items are registered (have an XRPL hash), a file's type,
// and the Distribute Royalties amount check (at least 0.01, at most what is pending).
import type { Contract, DeploymentStatus, PayoutRun, Receiver } from '../../../../domain/contracts/royalties';
import type { VaultItem } from '../../../../domain/contracts/vault';
import type { ContractStatus, DistributionSchedule } from '../../../../domain/royalties/terms';

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

export const CONTRACT_STATUS_DISPLAY: Record<ContractStatus, { label: string; severity: Severity }> = {
  active: { label: 'Active', severity: 'success' },
  paused: { label: 'Paused', severity: 'warning' },
  completed: { label: 'Completed', severity: 'info' },
  disputed: { label: 'Disputed', severity: 'danger' },
};

export const SCHEDULE_LABELS: Record<DistributionSchedule, string> = {
  monthly: 'Monthly',
  weekly: 'Weekly',
  on_demand: 'On demand',
};

/** The deploy transaction in plain words: a signed transaction no ledger has seen is never called on chain. */
export const DEPLOYMENT_STATUS_TEXT: Record<DeploymentStatus, string> = {
  signing: 'Being signed',
  awaiting_submission: 'Signed, awaiting submission to the XRP Ledger',
  submitted: 'Submitted to the XRP Ledger, awaiting validation',
  validated: 'Validated on the XRP Ledger',
  failed: 'Deployment failed',
};

export const DEPLOYMENT_STATUS_SEVERITY: Record<DeploymentStatus, Severity> = {
  signing: 'info',
  awaiting_submission: 'warning',
  submitted: 'info',
  validated: 'success',
  failed: 'danger',
};

export const PAYOUT_METHOD_TEXT: Record<PayoutRun['lines'][number]['method'], string> = {
  token_credit: 'Credited in tokens',
  xrpl_payment: 'Paid in XRP',
  recorded: 'Recorded',
};

export const PAYOUT_TRIGGER_TEXT: Record<PayoutRun['trigger'], string> = {
  scheduled: 'Scheduled run',
  manual: 'Run by you',
  distribute: 'Distributed by you',
};

/** The share of a contract's earnings already paid out, as a whole percent between 0 and 100. */
export function distributionProgress(contract: Pick<Contract, 'totalEarnings' | 'distributedAmount'>): number {
  if (contract.totalEarnings <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((contract.distributedAmount / contract.totalEarnings) * 100)));
}

/** Registered content (spec 2 §2): the vault items that have an XRPL transaction hash. */
export function registeredContent(items: readonly VaultItem[]): VaultItem[] {
  return items.filter((item) => Boolean(item.xrplTxHash));
}

/** The spec's hash display: the first 12 characters. */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}

/** "WAV", "MP3", …: the probed format, else the file name's extension, else the MIME subtype. */
export function fileTypeOf(item: Pick<VaultItem, 'metadata'>): string {
  const { format, originalName, mimeType } = item.metadata;
  if (format) return format.toUpperCase();
  const dot = originalName.lastIndexOf('.');
  if (dot > 0 && dot < originalName.length - 1) return originalName.slice(dot + 1).toUpperCase();
  return mimeType.split('/')[1]?.toUpperCase() ?? mimeType;
}

export function invitationText(receiver: Pick<Receiver, 'invitationStatus'>): string {
  if (receiver.invitationStatus === 'accepted') return 'Accepted';
  if (receiver.invitationStatus === 'declined') return 'Declined';
  return 'Invitation pending';
}

export type AmountCheck = { ok: true; dollars: number } | { ok: false; reason: string };

/** The Distribute Royalties amount: dollars, at least 0.01, two decimals at most, never above what is pending. */
export function checkDistributeAmount(dollars: number | null, pendingCents: number): AmountCheck {
  if (dollars === null || !Number.isFinite(dollars) || dollars <= 0) return { ok: false, reason: 'Enter an amount of at least $0.01' };
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) return { ok: false, reason: 'The amount has at most two decimals' };
  if (cents < 1) return { ok: false, reason: 'Enter an amount of at least $0.01' };
  if (cents > pendingCents) return { ok: false, reason: `The amount is more than the ${(pendingCents / 100).toFixed(2)} USD pending` };
  return { ok: true, dollars: cents / 100 };
}

/** The receivers' total share of a content item, in percent. */
export function receiversTotal(receivers: readonly Pick<Receiver, 'royaltyPercentage' | 'invitationStatus'>[]): number {
  return receivers.filter((receiver) => receiver.invitationStatus !== 'declined').reduce((sum, receiver) => sum + receiver.royaltyPercentage, 0);
}
