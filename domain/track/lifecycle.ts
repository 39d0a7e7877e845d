// The named stages of a track's lifecycle, in order, and the creator's five-step workflow
// (master, copyright, vault, contract, distribute).
import { COPYRIGHT_CHECK_MIN_SECONDS, type TrackStatus } from '../constants';
export const LIFECYCLE_STAGES = [
  'intake',
  'master',
  'oracle',
  'register',
  'certificate',
  'vault',
  'contract',
  'distribute',
] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/** The steps of the intake stage, in the order they run. */
export const INTAKE_STEPS = ['receive', 'store', 'probe'] as const;
export type IntakeStep = (typeof INTAKE_STEPS)[number];

export type StepStatus = 'pending' | 'running' | 'completed' | 'failed';

/** What the vault shows for each stage a track can be waiting in or working on. */
export const STAGE_LABELS: Record<LifecycleStage, string> = {
  intake: 'Intake',
  master: 'Ready for mastering',
  oracle: 'Ready for copyright check',
  register: 'Ready for registration',
  certificate: 'Issuing certificate',
  vault: 'Entering the vault',
  contract: 'In vault, ready for a smart contract',
  distribute: 'Distribution',
};

export interface StepProgress {
  name: string;
  status: StepStatus;
}

/**
 * The step list of a track whose intake has completed `completedIntakeSteps` steps: intake's own
 * steps, then one entry per later stage. `failed` marks the step that failed, if any.
 */
export function lifecycleSteps(completedIntakeSteps: number, failed = false): StepProgress[] {
  const intake = INTAKE_STEPS.map((name, index): StepProgress => {
    if (index < completedIntakeSteps) return { name, status: 'completed' };
    if (index === completedIntakeSteps) return { name, status: failed ? 'failed' : 'running' };
    return { name, status: 'pending' };
  });
  const later = LIFECYCLE_STAGES.slice(1).map((name): StepProgress => ({ name, status: 'pending' }));
  return [...intake, ...later];
}

/** The five steps the per-track workflow card shows. */
export const WORKFLOW_STEPS = ['master', 'copyright', 'vault', 'contract', 'distribute'] as const;
export type WorkflowStep = (typeof WORKFLOW_STEPS)[number];

/** The step the workflow card opens at for a track in this status. */
export function startingStep(status: TrackStatus): WorkflowStep {
  switch (status) {
    case 'generated':
    case 'completed':
      return 'master';
    case 'mastered':
      return 'copyright';
    case 'copyrighted':
      return 'vault';
    case 'in_vault':
      return 'contract';
    case 'contracted':
      return 'distribute';
    default:
      return 'master';
  }
}

/** Why audio of this length cannot be copyright-checked (shorter than the oracle analyses), or null; the API refuses by it and the dashboard shows it. */
export function tooShortToCheck(durationSeconds: number | null): string | null {
  if (durationSeconds === null || durationSeconds >= COPYRIGHT_CHECK_MIN_SECONDS) return null;
  return `The track is ${durationSeconds.toFixed(1)} s long; the copyright check needs at least ${COPYRIGHT_CHECK_MIN_SECONDS} s of audio`;
}
