// The guided workflow: which live track events complete a task,
// what the Task Completed dialog says about it, and which step it offers next. Pure, so the
// mapping is tested on its own; the vault item (read after the event's refetch) supplies what the
// event type alone cannot tell: a song made in the studio rather than uploaded, a cleared verdict,
// a master rather than a preview, the ledger.
import type { VaultItem } from '../../../../domain/contracts/vault';
import type { DashboardTab } from '../../lib/dashboard-tabs';

export const TASKS = ['ai-creation', 'upload', 'mastering', 'copyright-analysis', 'xrpl-registry', 'vault', 'distribution', 'publish'] as const;
export type TaskId = (typeof TASKS)[number];

export interface NextStep {
  /** The button's name. */
  label: string;
  tab: DashboardTab;
  /** One line on what the next step does. */
  description: string;
}

/** Track events that can complete a task; the others (progress, failures) never open the dialog. */
export const MILESTONE_EVENTS: ReadonlySet<string> = new Set([
  'TrackProbed',
  'TrackMastered',
  'TrackCopyrightChecked',
  'TrackRegistrationSubmitted',
  'TrackStoredInVault',
]);

type MilestoneItem = Pick<VaultItem, 'generationId' | 'mastering' | 'landrMasterStatus' | 'copyrightCheck'> | null;

/** The task a vault event completed, or null when it completed none (or cannot be confirmed). */
export function milestoneForEvent(eventType: string, item: MilestoneItem): TaskId | null {
  switch (eventType) {
    case 'TrackProbed':
      // A song the studio generated enters the lifecycle like an upload, but the user made it, not uploaded it.
      return item?.generationId ? 'ai-creation' : 'upload';
    case 'TrackMastered':
      // A preview is not the master: only a finished master completes mastering.
      return item?.mastering?.kind === 'master' && !item.mastering.running && item.landrMasterStatus === 'completed' ? 'mastering' : null;
    case 'TrackCopyrightChecked':
      // A check that found a conflict (or could not decide) completed nothing.
      return item?.copyrightCheck?.status === 'completed' && item.copyrightCheck.verdict === 'cleared' ? 'copyright-analysis' : null;
    case 'TrackRegistrationSubmitted':
      return 'xrpl-registry';
    case 'TrackStoredInVault':
      return 'vault';
    default:
      return null;
  }
}

const MESSAGES: Record<TaskId, string> = {
  'ai-creation': 'Your AI track has been created.',
  upload: 'Your upload is stored and its file has been analysed.',
  mastering: 'Your track has been mastered.',
  'copyright-analysis': 'The copyright analysis cleared your track.',
  'xrpl-registry': 'Your XRPL copyright registration transaction has been signed.',
  vault: 'Your track is secured in your vault with its certificate.',
  distribution: 'Your release has been submitted for distribution.',
  publish: 'Your track has been published.',
};

export const DEFAULT_COMPLETION_MESSAGE = 'Task completed successfully.';

export function completionMessage(task: string): string {
  return (MESSAGES as Record<string, string | undefined>)[task] ?? DEFAULT_COMPLETION_MESSAGE;
}

const NEXT_STEPS: Partial<Record<TaskId, NextStep>> = {
  'ai-creation': { label: 'Go to Mastering', tab: 'mastering', description: 'Master the track so it is ready for release.' },
  upload: { label: 'Master Track (optional)', tab: 'mastering', description: 'Optional: master the track before its copyright analysis.' },
  mastering: { label: 'Run Copyright Analysis', tab: 'oracle', description: 'Check the track against registered works before registering it.' },
  'copyright-analysis': { label: 'Register on XRPL', tab: 'vault', description: 'Register the cleared track: its XRPL transaction is signed and its certificate issued; follow it in your vault.' },
  'xrpl-registry': { label: 'Move to Vault', tab: 'vault', description: 'See the registered track and its certificate in your vault.' },
  vault: { label: 'Publish', tab: 'distributions', description: 'Prepare a release of the track from the Distributions tab.' },
};

/** The lifecycle step (the vault item's workflow step) each offered step starts. */
const STEP_STARTED: Partial<Record<TaskId, string>> = { 'ai-creation': 'master', upload: 'master', mastering: 'oracle', 'copyright-analysis': 'register' };

/**
 * The step offered after `task`; a file that cannot be mastered goes straight to the analysis. A
 * step the track is already running is never offered (the dialog then only closes): `running` names
 * the workflow steps running now.
 */
export function nextStep(task: string, { masterable = true, running = [] }: { masterable?: boolean; running?: readonly string[] } = {}): NextStep | null {
  const from = task === 'upload' && !masterable ? 'mastering' : task;
  const step = (NEXT_STEPS as Record<string, NextStep | undefined>)[from] ?? null;
  const starts = (STEP_STARTED as Record<string, string | undefined>)[from];
  return step && starts !== undefined && running.includes(starts) ? null : step;
}

/** The workflow steps a vault item is running now (a master being made counts as the master step). */
export function runningSteps(item: Pick<VaultItem, 'workflow' | 'mastering'> | null): string[] {
  if (!item) return [];
  const running = item.workflow.steps.filter((step) => step.status === 'running').map((step) => step.name);
  return item.mastering?.running ? [...running, 'master'] : running;
}

/** A line of fact to add under the message, where the event alone would overstate what happened. */
export function milestoneDetail(task: TaskId, item: Pick<VaultItem, 'registration'> | null): string | null {
  if (task !== 'xrpl-registry' || !item?.registration) return null;
  const { ledgerStatus, note } = item.registration;
  if (ledgerStatus === 'validated') return 'Validated on the XRP Ledger.';
  if (ledgerStatus === 'submitted') return 'Submitted to the XRP Ledger, awaiting validation.';
  if (ledgerStatus === 'awaiting_submission') return `Signed, awaiting ledger submission.${note ? ` ${note}` : ''}`;
  return note;
}
