// The per-track workflow status of the Copyright Oracle tab (the same
// statuses the contracts screen shows): pending → mastering → mastered →
// analyzing → registered, or failed. `intake` covers uploads still being received and probed,
// an extra status for a track that can do nothing yet; `held` is a track the check held for
// review, which is not a failure: its creator can ask for a review or run the check again.
import type { VaultItem } from '../../../../domain/contracts/vault';
import { isHeldForReview } from '../../components/copyright/registered-work';
import { failedLifecycleStep, isCopyrightCleared, isSecuredInVault, serverStep } from '../../lib/track/workflow-steps';

export type TrackWorkflowStatus = 'intake' | 'pending' | 'mastering' | 'mastered' | 'analyzing' | 'held' | 'registered' | 'failed';

export function trackWorkflowStatus(item: VaultItem): TrackWorkflowStatus {
  if (serverStep(item, 'oracle') === 'running') return 'analyzing';
  if (item.mastering?.running || serverStep(item, 'master') === 'running') return 'mastering';
  if (item.trackStatus === 'failed') return 'failed';
  // A hold a reviewer (or every holder of the matched references) cleared stands at registration.
  if (isHeldForReview(item.copyrightCheck) && !isCopyrightCleared(item)) return 'held';
  if (item.xrplTxHash || isSecuredInVault(item)) return 'registered';
  if (item.workflow.stage === 'intake') return 'intake';
  if (serverStep(item, 'master') === 'completed') return 'mastered';
  return 'pending';
}

/** While the server is working on a track the view also polls, every 2 s. */
export function isWorkflowActive(item: VaultItem): boolean {
  const status = trackWorkflowStatus(item);
  return status === 'mastering' || status === 'analyzing';
}

export const STATUS_DISPLAY: Record<TrackWorkflowStatus, { label: string; severity: 'success' | 'info' | 'warning' | 'danger' | 'secondary'; icon: string }> = {
  intake: { label: 'Processing upload', severity: 'secondary', icon: 'pi pi-spin pi-spinner' },
  pending: { label: 'Pending', severity: 'secondary', icon: 'pi pi-clock' },
  mastering: { label: 'Mastering', severity: 'warning', icon: 'pi pi-spin pi-spinner' },
  mastered: { label: 'Mastered', severity: 'info', icon: 'pi pi-check' },
  analyzing: { label: 'Analyzing', severity: 'warning', icon: 'pi pi-spin pi-spinner' },
  held: { label: 'Held for review', severity: 'warning', icon: 'pi pi-pause-circle' },
  registered: { label: 'Registered', severity: 'success', icon: 'pi pi-verified' },
  failed: { label: 'Failed', severity: 'danger', icon: 'pi pi-times-circle' },
};

/** A registration no ledger holds yet: signed on a server without a ledger connection, or sent and not yet validated. */
export function ledgerWait(item: VaultItem): 'signed' | 'submitted' | null {
  if (trackWorkflowStatus(item) !== 'registered' || !item.xrplTxHash) return null;
  const ledger = item.registration?.ledgerStatus;
  if (ledger === 'awaiting_submission' || ledger === 'signed') return 'signed';
  if (ledger === 'submitted') return 'submitted';
  return null;
}

const WAITING_DISPLAY: Record<NonNullable<ReturnType<typeof ledgerWait>>, (typeof STATUS_DISPLAY)[TrackWorkflowStatus]> = {
  signed: { label: 'Signed, waiting for the ledger', severity: 'warning', icon: 'pi pi-clock' },
  submitted: { label: 'Sent, awaiting ledger validation', severity: 'info', icon: 'pi pi-clock' },
};

/** The card's status as it is: a registration the ledger does not hold yet is not called Registered. */
export function workflowStatusDisplay(item: VaultItem): (typeof STATUS_DISPLAY)[TrackWorkflowStatus] {
  const waiting = ledgerWait(item);
  return waiting ? WAITING_DISPLAY[waiting] : STATUS_DISPLAY[trackWorkflowStatus(item)];
}

/** Why the track failed and how close the nearest registered work is, for the failed state. */
export function failureDetails(item: VaultItem): { step: ReturnType<typeof failedLifecycleStep>; reason: string; similarity: number | null } {
  const step = failedLifecycleStep(item);
  const reason = item.copyrightResult?.reason ?? item.workflow.failureReason ?? item.mastering?.error ?? 'The workflow stopped without a reason.';
  const similarity = item.copyrightResult?.similarity ?? item.copyrightCheck?.similarity ?? null;
  return { step, reason, similarity };
}
