// Where each track stands in the five-step journey the workflow progress sidebar shows,
// from what the read models really say: creation is done once the
// track exists; mastering once a master completed; copyright once the analysis or a reviewer cleared it; vault
// once the track is copyrighted or later; distribution once its release is live on its platforms
// (GET /api/tunecore/distributions, status distributed, read here as 'completed'). Steps that are
// running or failed say so, and count as not complete. Pure, so it is tested on its own.
import type { Distribution } from '../../../../domain/contracts/distribution';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { isHeldForReview } from '../../components/copyright/registered-work';
import { TRACK_STEPS, type TrackStepName } from '../../components/track/track-steps';
import type { DashboardTab } from '../../lib/dashboard-tabs';
import { sidebarDistributionStatus } from '../../lib/distribution/labels';
import { isIntakeFailed, stepStates, type TrackWorkflowStepState } from '../../lib/track/workflow-steps';

export const SIDEBAR_STEPS = ['creation', 'mastering', 'copyright', 'vault', 'distribution'] as const;
export type SidebarStepId = (typeof SIDEBAR_STEPS)[number];
/** held: the copyright check found a copied passage; the creator can ask for a review. */
export type SidebarStepStatus = 'completed' | 'in_progress' | 'held' | 'failed' | 'pending' | 'not_applicable';

/** The track step each sidebar step is, named as every track view names it. */
const TRACK_STEP_OF: Record<SidebarStepId, TrackStepName> = {
  creation: 'intake',
  mastering: 'master',
  copyright: 'copyright',
  vault: 'vault',
  distribution: 'distribute',
};

export const STEP_LABELS = Object.fromEntries(SIDEBAR_STEPS.map((id) => [id, TRACK_STEPS[TRACK_STEP_OF[id]].short])) as Record<SidebarStepId, string>;

export interface SidebarStep {
  id: SidebarStepId;
  label: string;
  status: SidebarStepStatus;
  /** The dashboard tab where this step is done. */
  tab: DashboardTab;
  /** Why the step is as it is, when the status alone would not say. */
  note: string | null;
}

export interface TrackProgress {
  steps: SidebarStep[];
  /** Completed steps as a whole percentage of the steps that apply to the track. */
  percent: number;
  /** The first step that applies and is not complete; null when all are. */
  current: SidebarStepId | null;
}

const STATUS_OF: Record<TrackWorkflowStepState, SidebarStepStatus> = {
  completed: 'completed',
  running: 'in_progress',
  failed: 'failed',
  pending: 'pending',
  skipped: 'not_applicable',
};

/** Why the distribution step is as it is, from the release's status. */
const DISTRIBUTION_NOTES: Record<string, string> = {
  pending: 'Submitted, waiting for the distributor',
  uploaded: 'Uploaded to the distributor',
  sandbox: 'Sandbox only: no store received it',
  failed: 'The release failed; see the Distributions tab',
  taken_down: 'Taken down',
};

const TABS: Record<SidebarStepId, DashboardTab> = {
  creation: 'upload',
  mastering: 'mastering',
  copyright: 'oracle',
  vault: 'vault',
  distribution: 'distributions',
};

/** `release`: the release the track follows (distribution/labels.ts releaseOf), or null. */
export function trackProgress(item: VaultItem, release: Pick<Distribution, 'status' | 'distributor'> | null = null): TrackProgress {
  const states = stepStates(item, { hasContract: false, release });
  const copyright = STATUS_OF[states.copyright];
  const distribution = sidebarDistributionStatus(release);
  const statuses: Record<SidebarStepId, { status: SidebarStepStatus; note: string | null }> = {
    creation: isIntakeFailed(item) ? { status: 'failed', note: 'The upload could not be stored' } : { status: 'completed', note: null },
    mastering: { status: STATUS_OF[states.master], note: states.master === 'skipped' ? 'No audio to master' : null },
    copyright: { status: copyright !== 'completed' && isHeldForReview(item.copyrightCheck) ? 'held' : copyright, note: null },
    vault: { status: STATUS_OF[states.vault], note: null },
    distribution: { status: STATUS_OF[states.distribute], note: (distribution && DISTRIBUTION_NOTES[distribution]) ?? null },
  };
  const steps = SIDEBAR_STEPS.map((id): SidebarStep => ({ id, label: STEP_LABELS[id], tab: TABS[id], ...statuses[id] }));
  const applicable = steps.filter((step) => step.status !== 'not_applicable');
  const completed = applicable.filter((step) => step.status === 'completed').length;
  return {
    steps,
    percent: applicable.length === 0 ? 0 : Math.round((completed / applicable.length) * 100),
    current: applicable.find((step) => step.status !== 'completed')?.id ?? null,
  };
}
