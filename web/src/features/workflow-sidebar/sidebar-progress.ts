// Where each track stands in the five-step journey the workflow progress sidebar shows (spec 2 §4
// "Sidebar step completion"), from what the read models really say: creation is done once the
// track exists; mastering once a master completed; copyright once the analysis cleared it; vault
// once the track is copyrighted or later; distribution once its release is live on its platforms
// (GET /api/tunecore/distributions, status distributed, read here as 'completed'). Steps that are
// running or failed say so, and count as not complete. Pure, so it is tested on its own.
import type { Distribution } from '../../../../domain/contracts/distribution';
import type { VaultItem } from '../../../../domain/contracts/vault';
import type { DashboardTab } from '../../lib/dashboard-tabs';
import { sidebarDistributionStatus } from '../../lib/distribution/labels';
import { isMasterable } from '../../lib/track/workflow-steps';

export const SIDEBAR_STEPS = ['creation', 'mastering', 'copyright', 'vault', 'distribution'] as const;
export type SidebarStepId = (typeof SIDEBAR_STEPS)[number];
/** held: the copyright check found a copied passage; the creator can ask for a review. */
export type SidebarStepStatus = 'completed' | 'in_progress' | 'held' | 'failed' | 'pending' | 'not_applicable';

export const STEP_LABELS: Record<SidebarStepId, string> = {
  creation: 'Creation',
  mastering: 'Mastering',
  copyright: 'Copyright',
  vault: 'Vault',
  distribution: 'Distribution',
};

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

/** What the sidebar needs to know of a track, uploaded (a vault item) or generated. */
export interface SidebarTrackInput {
  source: 'uploaded' | 'generated';
  /** Spec 2 §4 track status (generated, completed, ..., in_vault, contracted, failed). */
  trackStatus: string | null;
  /** Whether intake (receive, store, probe) failed: then the track never came to exist. */
  creationFailed: boolean;
  /** Whether the track has audio to master at all. */
  masterable: boolean;
  landrMasterStatus: string | null;
  masteringRunning: boolean;
  copyrightStatus: string | null;
  copyrightVerdict: string | null;
  /** 'completed' once the release is live; else the release's status (pending, uploaded, failed, taken_down), or null. */
  distributionStatus: string | null;
}

const VAULT_OR_LATER = new Set(['copyrighted', 'in_vault', 'contracted']);
const INTAKE_STEPS = new Set(['receive', 'store', 'probe']);

/** `release`: the release the track follows (distribution/labels.ts releaseOf), or null. */
export function fromVaultItem(item: VaultItem, release: Pick<Distribution, 'status' | 'distributor'> | null = null): SidebarTrackInput {
  return {
    source: 'uploaded',
    trackStatus: item.trackStatus,
    creationFailed: item.workflow.steps.some((step) => INTAKE_STEPS.has(step.name) && step.status === 'failed'),
    masterable: isMasterable(item),
    landrMasterStatus: item.landrMasterStatus,
    masteringRunning: Boolean(item.mastering?.running && item.mastering.kind === 'master'),
    copyrightStatus: item.copyrightCheck?.status ?? null,
    copyrightVerdict: item.copyrightCheck?.verdict ?? null,
    distributionStatus: sidebarDistributionStatus(release),
  };
}

function masteringStatus(track: SidebarTrackInput): SidebarStepStatus {
  if (!track.masterable) return 'not_applicable';
  if (track.landrMasterStatus === 'completed') return 'completed';
  if (track.masteringRunning || track.landrMasterStatus === 'processing' || track.landrMasterStatus === 'mastering') return 'in_progress';
  if (track.landrMasterStatus === 'failed') return 'failed';
  return 'pending';
}

function copyrightStatus(track: SidebarTrackInput): SidebarStepStatus {
  if (track.copyrightStatus === 'completed') return track.copyrightVerdict === 'cleared' ? 'completed' : track.copyrightVerdict === 'needs_review' ? 'held' : 'failed';
  if (track.copyrightStatus === 'analyzing') return 'in_progress';
  if (track.copyrightStatus === 'failed') return 'failed';
  return 'pending';
}

function distributionStep(status: string | null): { status: SidebarStepStatus; note: string | null } {
  switch (status) {
    case 'completed':
      return { status: 'completed', note: null };
    case 'pending':
      return { status: 'in_progress', note: 'Submitted, waiting for the distributor' };
    case 'uploaded':
      return { status: 'in_progress', note: 'Uploaded to the distributor' };
    case 'sandbox':
      return { status: 'pending', note: 'Sandbox only: no store received it' };
    case 'failed':
      return { status: 'failed', note: 'The release failed; see the Distributions tab' };
    case 'taken_down':
      return { status: 'pending', note: 'Taken down' };
    default:
      return { status: 'pending', note: null };
  }
}

export function trackProgress(track: SidebarTrackInput): TrackProgress {
  const statuses: Record<SidebarStepId, { status: SidebarStepStatus; note: string | null }> = {
    creation: track.creationFailed ? { status: 'failed', note: 'The upload could not be stored' } : { status: 'completed', note: null },
    mastering: { status: masteringStatus(track), note: track.masterable ? null : 'No audio to master' },
    copyright: { status: copyrightStatus(track), note: null },
    vault: { status: track.trackStatus && VAULT_OR_LATER.has(track.trackStatus) ? 'completed' : 'pending', note: null },
    distribution: distributionStep(track.distributionStatus),
  };
  const tabs: Record<SidebarStepId, DashboardTab> = {
    creation: track.source === 'generated' ? 'create' : 'upload',
    mastering: 'mastering',
    copyright: 'oracle',
    vault: 'vault',
    distribution: 'distributions',
  };
  const steps = SIDEBAR_STEPS.map((id): SidebarStep => ({ id, label: STEP_LABELS[id], tab: tabs[id], ...statuses[id] }));
  const applicable = steps.filter((step) => step.status !== 'not_applicable');
  const completed = applicable.filter((step) => step.status === 'completed').length;
  return {
    steps,
    percent: applicable.length === 0 ? 0 : Math.round((completed / applicable.length) * 100),
    current: applicable.find((step) => step.status !== 'completed')?.id ?? null,
  };
}
