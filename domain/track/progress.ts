// A track's workflow steps and current stage, derived from its state: what the vault card, the
// workflow's query and the audit CLI all show.
import { INTAKE_STEPS, LIFECYCLE_STAGES, lifecycleSteps, type LifecycleStage, type StepProgress } from './lifecycle';
import { isMasterable, type TrackState } from './track.decider';

export type UploadedTrack = Exclude<TrackState, { status: 'none' }>;

/** Intake's steps, then the later stages with their real status. */
export function workflowSteps(state: UploadedTrack): StepProgress[] {
  if (state.status === 'intake_failed') {
    return lifecycleSteps(Math.max(0, INTAKE_STEPS.indexOf(state.step as (typeof INTAKE_STEPS)[number])), true);
  }
  if (state.status !== 'probed') return lifecycleSteps(state.status === 'stored' ? 2 : 1);
  const { mastering, check, registration, certificate, failure, status } = state.stages;
  const of = (done: boolean, running: boolean, failedStep?: string): StepProgress['status'] =>
    done ? 'completed' : failure && failure.step === failedStep ? 'failed' : running ? 'running' : 'pending';
  const masterRunning = mastering.running?.kind === 'master';
  // A reviewer's clearance counts as the check's: the decision is about the latest check (a new check or master voids it).
  const checkCleared = check.result?.analysis.status === 'cleared' || check.reviewDecision?.outcome === 'cleared';
  return [
    ...INTAKE_STEPS.map((name): StepProgress => ({ name, status: 'completed' })),
    ...(isMasterable(state) ? [{ name: 'master', status: of(Boolean(mastering.master) && !masterRunning, masterRunning, 'master') }] : []),
    { name: 'oracle', status: of(checkCleared && !check.running, Boolean(check.running), 'oracle') },
    { name: 'register', status: of(Boolean(registration.submitted) && failure?.step !== 'register', Boolean(registration.signed), 'register') },
    { name: 'certificate', status: of(Boolean(certificate), false) },
    { name: 'vault', status: of(status === 'in_vault' || status === 'contracted', false) },
    { name: 'contract', status: of(status === 'contracted', false) },
    { name: 'distribute', status: 'pending' },
  ];
}

/** The first stage not completed (intake while any intake step is not). */
export function currentStage(steps: readonly StepProgress[]): LifecycleStage {
  if (INTAKE_STEPS.some((name) => steps.find((s) => s.name === name)?.status !== 'completed')) return 'intake';
  const next = steps.find((s) => s.status !== 'completed' && (LIFECYCLE_STAGES as readonly string[]).includes(s.name));
  return (next?.name as LifecycleStage | undefined) ?? 'distribute';
}
