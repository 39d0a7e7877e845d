// What the Smart Contracts screen says about contracts, payouts and receivers, kept out of the
// components so it can be tested: a contract's standing, its lock badge, deployment and price in
// plain words, the distribution
// progress (capped at 100 %), which vault items are registered (have an XRPL hash), a file's type,
// and the Distribute Royalties amount check (at least 0.01, at most what is pending).
import type { Contract, DeploymentStatus, PayoutRun, Receiver } from '../../../../domain/contracts/royalties';
import type { VaultItem } from '../../../../domain/contracts/vault';
import type { DistributionSchedule } from '../../../../domain/royalties/terms';

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

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

/**
 * The contract's standing on its card, from its real fields: a dispute freezes it, and an active
 * contract whose deploy payment no ledger has validated says it is not on the ledger yet.
 */
export function contractStanding(contract: Pick<Contract, 'contractStatus' | 'deployment'>): { label: string; severity: Severity; onLedger: boolean } {
  const onLedger = contract.deployment.status === 'validated';
  switch (contract.contractStatus) {
    case 'disputed':
      return { label: 'Frozen by a dispute', severity: 'danger', onLedger };
    case 'paused':
      return { label: 'Paused', severity: 'warning', onLedger };
    case 'completed':
      return { label: 'Completed', severity: 'info', onLedger };
    case 'active':
      return onLedger ? { label: 'Active', severity: 'success', onLedger } : { label: 'Active, not on the ledger yet', severity: 'warning', onLedger };
    default: {
      const unknown: never = contract.contractStatus;
      return unknown;
    }
  }
}

/** The lock badge is earned: "IMMUTABLE & ACTIVE" only for an active contract the ledger holds. */
export function ledgerBadge(contract: Pick<Contract, 'contractStatus' | 'deployment'>): string | null {
  if (contract.deployment.status !== 'validated') return null;
  return contract.contractStatus === 'active' ? 'IMMUTABLE & ACTIVE' : 'On the XRP Ledger';
}

/** The deployment in plain words; a payment that was never signed (no wallet, no XRP price) is not called signed. */
export function deploymentText(deployment: Pick<Contract['deployment'], 'status' | 'txHash'>): string {
  if (deployment.status === 'awaiting_submission' && !deployment.txHash) return 'Not signed yet, not on the ledger';
  return DEPLOYMENT_STATUS_TEXT[deployment.status];
}

const UNPRICED_XRP = 'unpriced';

/**
 * Why a deployment is not on the ledger, from its fields: a kept signed payment, or no payment for
 * want of an XRP price or of a wallet. Reasons stored by older servers named server settings, so a
 * waiting deployment is explained in the screen's words; a failure keeps the ledger's own reason.
 */
export function deploymentReason(deployment: Pick<Contract['deployment'], 'status' | 'txHash' | 'xrpAmount' | 'reason'>): string | null {
  if (deployment.status !== 'awaiting_submission') return deployment.reason;
  if (deployment.txHash) return 'The deploy payment is signed; it waits for a connection to the XRP Ledger, which this server does not have yet, so no ledger holds it.';
  if (deployment.xrpAmount === UNPRICED_XRP) return 'No deploy payment was signed: this server has no XRP price to convert the deploy price with. The contract works here, but it is not on the XRP Ledger.';
  return 'No deploy payment was signed: you had no XRPL wallet when this contract was created. The contract works here, but it is not on the XRP Ledger.';
}

/** The server answers 'unpriced' when it has no XRP price: the dollars are known, the XRP not yet. */
export function deployPriceText(deployment: Pick<Contract['deployment'], 'xrpAmount' | 'usdAmount'>): string {
  if (deployment.xrpAmount === UNPRICED_XRP) return `$${deployment.usdAmount}, paid in XRP once this server has an XRP price`;
  return `${deployment.xrpAmount} XRP ($${deployment.usdAmount})`;
}

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

/** Registered content: the vault items that have an XRPL transaction hash. */
export function registeredContent(items: readonly VaultItem[]): VaultItem[] {
  return items.filter((item) => Boolean(item.xrplTxHash));
}

/** A hash as the screens show it: the first 12 characters. */
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
