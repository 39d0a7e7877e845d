// The per-track workflow card's five steps (spec 2 §2 "Per-track workflow card", §4 "Workflow
// starting step", "Advancing"): which step a track starts on, which steps it has finished, and
// where it stands now. Everything comes from the vault item, the creator's contracts and the
// track's release; nothing is assumed done. Creating a contract moves the track to distribute.
import type { TrackStatus } from '../../../../domain/constants';
import { startingStep, tooShortToCheck } from '../../../../domain/track/lifecycle';
import type { VaultItem } from '../../../../domain/contracts/vault';

export const TRACK_WORKFLOW_STEPS = [
  { id: 'master', label: 'Master Track', icon: 'pi-sliders-h' },
  { id: 'copyright', label: 'Copyright Check', icon: 'pi-shield' },
  { id: 'vault', label: 'Secure in Vault', icon: 'pi-lock' },
  { id: 'contract', label: 'Smart Contract', icon: 'pi-file-edit' },
  { id: 'distribute', label: 'Distribute', icon: 'pi-send' },
] as const;

export type TrackWorkflowStepId = (typeof TRACK_WORKFLOW_STEPS)[number]['id'];

/** completed, running, failed, pending; `skipped` for mastering a non-music item. */
export type TrackWorkflowStepState = 'completed' | 'running' | 'failed' | 'pending' | 'skipped';

/** What the card knows of a track beyond its vault item: whether a royalty contract covers it, and its release. */
export interface TrackSideProgress {
  hasContract: boolean;
  /** The release the track follows (distribution/labels.ts releaseOf), or null when never distributed. */
  release: { status: string } | null;
}

export const NO_SIDE_PROGRESS: TrackSideProgress = { hasContract: false, release: null };

const REGISTERED_STATUSES: readonly TrackStatus[] = ['copyrighted', 'in_vault', 'contracted'];

export { startingStep };

export const isMasterDone = (item: VaultItem) => item.landrMasterStatus === 'completed' || item.landrMasterStatus === 'mastered';
/** Cleared by the oracle, or (a held or contested check) by a reviewer: either way the track may be registered. */
export const isCopyrightCleared = (item: VaultItem) => {
  const check = item.copyrightCheck;
  if (!check) return false;
  if (check.status === 'completed' && check.verdict === 'cleared') return true;
  return check.review?.decision?.outcome === 'cleared';
};
export const isSecuredInVault = (item: VaultItem) => REGISTERED_STATUSES.includes(item.trackStatus);

/** Why the copyright check cannot run on this item (its audio is too short), or null: the rule the server refuses by. */
export function checkUnavailableReason(item: VaultItem): string | null {
  return item.contentType === 'music' || item.contentType === 'video' ? tooShortToCheck(item.metadata.duration) : null;
}

/** Whether the item's lifecycle has a mastering step (it has audio); unknown items count as yes. */
export function isMasterable(item: Pick<VaultItem, 'workflow'> | null): boolean {
  return item ? item.workflow.steps.some((step) => step.name === 'master') : true;
}

/** The lifecycle step that failed (master, oracle or register), if one did. */
export function failedLifecycleStep(item: VaultItem): 'master' | 'oracle' | 'register' | null {
  const failed = item.workflow.steps.find((step) => step.status === 'failed' && ['master', 'oracle', 'register'].includes(step.name));
  return (failed?.name as 'master' | 'oracle' | 'register' | undefined) ?? null;
}

const FAILED_STEP_TO_CARD: Record<'master' | 'oracle' | 'register', TrackWorkflowStepId> = {
  master: 'master',
  oracle: 'copyright',
  register: 'vault',
};

/** The Distribute step from the release: live is done, pending or uploaded is running; a takedown starts over. */
function distributeState(release: TrackSideProgress['release']): TrackWorkflowStepState {
  switch (release?.status) {
    case 'distributed':
      return 'completed';
    case 'pending':
    case 'uploaded':
      return 'running';
    case 'failed':
      return 'failed';
    default:
      return 'pending';
  }
}

export function stepStates(item: VaultItem, side: TrackSideProgress = NO_SIDE_PROGRESS): Record<TrackWorkflowStepId, TrackWorkflowStepState> {
  const failed = failedLifecycleStep(item);
  const failedCard = failed ? FAILED_STEP_TO_CARD[failed] : null;
  const of = (id: TrackWorkflowStepId, done: boolean, running: boolean): TrackWorkflowStepState =>
    done ? 'completed' : failedCard === id ? 'failed' : running ? 'running' : 'pending';
  return {
    master: item.contentType !== 'music' && !isMasterDone(item) ? 'skipped' : of('master', isMasterDone(item), item.mastering?.running === true && item.mastering.kind === 'master'),
    copyright: of('copyright', isCopyrightCleared(item), item.copyrightCheck?.status === 'analyzing'),
    vault: of('vault', isSecuredInVault(item), Boolean(item.xrplTxHash) && item.registration?.ledgerStatus !== 'failed'),
    contract: item.trackStatus === 'contracted' || side.hasContract ? 'completed' : 'pending',
    distribute: distributeState(side.release),
  };
}

/**
 * Where the track stands: the starting step for its status, moved on past steps it has finished
 * ("Advancing": a finished master moves to copyright, a passed check to vault, a contract to
 * distribute). A failed track stands at the step that failed rather than at the start.
 */
export function currentStep(item: VaultItem, side: TrackSideProgress = NO_SIDE_PROGRESS): TrackWorkflowStepId {
  const failed = failedLifecycleStep(item);
  if (item.trackStatus === 'failed' && failed) return FAILED_STEP_TO_CARD[failed];
  const states = stepStates(item, side);
  const ids = TRACK_WORKFLOW_STEPS.map((step) => step.id);
  let index = ids.indexOf(startingStep(item.trackStatus));
  while (index < ids.length - 1) {
    const state = states[ids[index]!];
    if (state !== 'completed' && state !== 'skipped') break;
    index += 1;
  }
  return ids[index]!;
}
