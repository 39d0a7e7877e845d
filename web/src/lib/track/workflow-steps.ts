// A track's progress through the creator's five steps (master, oracle, register, contract,
// distribute): which step a track starts on, which it has finished and where it stands now, the one
// place the workflow card and the progress sidebar read it from. Each step comes from the server's lifecycle steps
// (the vault item's workflow.steps: receive, store, probe, master, oracle, register, certificate,
// vault, contract, distribute), a reviewer's clearance of a held check included; only what those
// steps do not carry comes from elsewhere: the creator's contract for the track and its release.
// Nothing is assumed done. Creating a contract moves the track to distribute.
import type { Distribution } from '../../../../domain/contracts/distribution';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { INTAKE_STEPS, startingStep, tooShortToCheck, WORKFLOW_STEPS, type LifecycleStage, type StepStatus, type WorkflowStep } from '../../../../domain/track/lifecycle';
import { sidebarDistributionStatus } from '../distribution/labels';

/** The five steps in order; their labels and icons are the shared track kit's (components/track/track-steps.ts). */
export const TRACK_WORKFLOW_STEPS = WORKFLOW_STEPS;

export type TrackWorkflowStepId = WorkflowStep;

/** completed, running, failed, pending; `skipped` for mastering a non-music item. */
export type TrackWorkflowStepState = 'completed' | 'running' | 'failed' | 'pending' | 'skipped';

/** What is known of a track beyond its vault item: whether a royalty contract covers it, and its release. */
export interface TrackSideProgress {
  hasContract: boolean;
  /** The release the track follows (distribution/labels.ts releaseOf), or null when never distributed. */
  release: Pick<Distribution, 'status' | 'distributor'> | null;
}

export const NO_SIDE_PROGRESS: TrackSideProgress = { hasContract: false, release: null };

export { startingStep };

type Step = LifecycleStage | (typeof INTAKE_STEPS)[number];

/** The status the server reports for one step of the track's lifecycle; null when its workflow has no such step (nothing to master). */
export function serverStep(item: Pick<VaultItem, 'workflow'>, name: Step): StepStatus | null {
  return item.workflow.steps.find((step) => step.name === name)?.status ?? null;
}

/** Whether intake (receive, store, probe) failed: then the track never came to exist. */
export const isIntakeFailed = (item: Pick<VaultItem, 'workflow'>) => INTAKE_STEPS.some((name) => serverStep(item, name) === 'failed');

/** A certificate is issued once the registration is on its way: from then on the track is secured in the vault. */
const isSecured = (item: Pick<VaultItem, 'workflow'>) => serverStep(item, 'certificate') === 'completed' || serverStep(item, 'vault') === 'completed';

/** Whether the item's lifecycle has a mastering step (it has audio); unknown items count as yes. */
export function isMasterable(item: Pick<VaultItem, 'workflow'> | null): boolean {
  return item ? serverStep(item, 'master') !== null : true;
}
/** Cleared by the oracle, or (a held or contested check) by a reviewer: the server reports either as a completed oracle step. */
export const isCopyrightCleared = (item: Pick<VaultItem, 'workflow'>) => serverStep(item, 'oracle') === 'completed';
export const isSecuredInVault = (item: Pick<VaultItem, 'workflow'>) => isSecured(item);

/** Why the copyright check cannot run on this item (its audio is too short), or null: the rule the server refuses by. */
export function checkUnavailableReason(item: VaultItem): string | null {
  return item.contentType === 'music' || item.contentType === 'video' ? tooShortToCheck(item.metadata.duration) : null;
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

/** The Distribute step from the release: live on its stores is done (never the sandbox, which reaches none), pending or uploaded is running; a takedown starts over. */
function distributeState(release: TrackSideProgress['release']): TrackWorkflowStepState {
  switch (sidebarDistributionStatus(release)) {
    case 'completed':
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

/** Each of the five steps' state, from the server's lifecycle steps (master; oracle; register, certificate, vault; contract) and the side facts. */
export function stepStates(item: VaultItem, side: TrackSideProgress = NO_SIDE_PROGRESS): Record<TrackWorkflowStepId, TrackWorkflowStepState> {
  const of = (step: StepStatus | null, done: boolean): TrackWorkflowStepState =>
    done ? 'completed' : step === 'failed' ? 'failed' : step === 'running' ? 'running' : 'pending';
  const master = serverStep(item, 'master');
  const register = serverStep(item, 'register');
  return {
    master: master === null ? 'skipped' : of(master, master === 'completed'),
    copyright: of(serverStep(item, 'oracle'), isCopyrightCleared(item)),
    // Signed or submitted, the registration runs until its certificate is issued.
    vault: of(register === 'completed' ? 'running' : register, isSecured(item)),
    contract: serverStep(item, 'contract') === 'completed' || side.hasContract ? 'completed' : 'pending',
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
  const ids = TRACK_WORKFLOW_STEPS;
  let index = ids.indexOf(startingStep(item.trackStatus));
  while (index < ids.length - 1) {
    const state = states[ids[index]!];
    if (state !== 'completed' && state !== 'skipped') break;
    index += 1;
  }
  return ids[index]!;
}
