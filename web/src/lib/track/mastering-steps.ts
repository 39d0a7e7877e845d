// Where a mastering run stands, from the progress events the audio engine reported (the stream's
// lines, or a vault item's `mastering.steps`): each of the eight steps completed (at 100), active
// (started, below 100) or pending, and the overall percentage. Nothing here is estimated.
import { MASTERING_STEPS } from '../../../../domain/constants';
import type { MasteringProgress } from '../../../../domain/contracts/lifecycle';

/** The step that ends a successful run. */
export const COMPLETE_STEP = 'Complete';
/** The step that ends a failed run; its description is the reason. */
export const ERROR_STEP = 'Error';

export { MASTERING_STEPS };

export type MasteringStepStatus = 'completed' | 'active' | 'pending';

export interface MasteringStepView {
  name: string;
  description: string | null;
  progress: number;
  status: MasteringStepStatus;
}

export interface MasteringRunView {
  steps: MasteringStepView[];
  /** 0–100: completed steps over all steps, plus the active step's fraction. */
  overall: number;
  completed: boolean;
  /** The reason, when the run ended with the Error step. */
  error: string | null;
  /** The newest event's description, to say what is happening now. */
  latest: string | null;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));

/** Folds events in arrival order: a later event for a step replaces an earlier one. */
export function foldMasteringSteps(events: readonly MasteringProgress[]): MasteringRunView {
  const latestByStep = new Map<string, MasteringProgress>();
  let completed = false;
  let error: string | null = null;
  for (const event of events) {
    if (event.step === COMPLETE_STEP) completed = true;
    else if (event.step === ERROR_STEP) error = event.description || 'Mastering failed';
    else latestByStep.set(event.step, event);
  }
  const unknown = [...latestByStep.keys()].filter((name) => !(MASTERING_STEPS as readonly string[]).includes(name));
  const steps = [...MASTERING_STEPS, ...unknown].map((name): MasteringStepView => {
    const event = latestByStep.get(name);
    if (!event) return { name, description: null, progress: 0, status: completed ? 'completed' : 'pending' };
    const progress = clampPercent(event.progress);
    return { name, description: event.description, progress, status: progress >= 100 || completed ? 'completed' : 'active' };
  });
  const done = steps.filter((step) => step.status === 'completed').length;
  const activeFraction = steps.filter((step) => step.status === 'active').reduce((sum, step) => sum + step.progress / 100, 0);
  const overall = completed ? 100 : clampPercent(Math.round(((done + activeFraction) / steps.length) * 100));
  const last = events.at(-1);
  return { steps, overall, completed, error, latest: last ? last.description : null };
}
