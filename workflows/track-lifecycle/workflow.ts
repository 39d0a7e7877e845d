// The track lifecycle workflow (id `track-lifecycle-<trackId>`). Built so far: the intake stage —
// receive the upload, store and hash it, probe it. The later stages are listed in the progress as
// pending steps; they run nothing yet. A step that fails for good is recorded as TrackIntakeFailed
// and the workflow completes with that failure in its result instead of failing itself.
import { ActivityFailure, ApplicationFailure, proxyActivities, setHandler } from '@temporalio/workflow';
import { INTAKE_STEPS, LIFECYCLE_STAGES, type IntakeStep } from '../../domain/track/lifecycle';
import type { TrackLifecycleActivities } from './activities';
import { currentStageQuery, type LifecycleProgress, type TrackLifecycleInput } from './shared';

const retry = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
  // Infrastructure trouble (database, disk) is retried until it passes; content and business
  // refusals are non-retryable failures raised by the activities.
} as const;

// A read and an append: quick. A worker that dies during one is noticed after this timeout.
const { receiveUpload, failIntake } = proxyActivities<TrackLifecycleActivities>({
  startToCloseTimeout: '30 seconds',
  retry,
});

// Hashing and probing a large file take a while; heartbeats let a dead worker be noticed early.
const { storeUpload, probeUpload } = proxyActivities<TrackLifecycleActivities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '10 seconds',
  retry,
});

export async function trackLifecycle(input: TrackLifecycleInput): Promise<LifecycleProgress> {
  const progress: LifecycleProgress = {
    stage: 'intake',
    steps: [
      ...INTAKE_STEPS.map((name) => ({ name, status: 'pending' as const })),
      ...LIFECYCLE_STAGES.slice(1).map((name) => ({ name, status: 'pending' as const })),
    ],
    failureReason: null,
  };
  setHandler(currentStageQuery, () => progress);

  const setStatus = (name: string, status: LifecycleProgress['steps'][number]['status']) => {
    progress.steps = progress.steps.map((step) => (step.name === name ? { ...step, status } : step));
  };

  const intake: Record<IntakeStep, () => Promise<unknown>> = {
    receive: () => receiveUpload(input),
    store: () => storeUpload(input),
    probe: () => probeUpload(input),
  };

  for (const step of INTAKE_STEPS) {
    setStatus(step, 'running');
    try {
      await intake[step]();
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      const reason = failureReason(error);
      // Before the upload is received there is no track stream to record the failure on.
      if (step !== 'receive') await failIntake(input, step, reason);
      setStatus(step, 'failed');
      progress.failureReason = reason;
      return progress;
    }
    setStatus(step, 'completed');
  }

  progress.stage = 'master';
  return progress;
}

function failureReason(error: ActivityFailure): string {
  const cause = error.cause;
  if (cause instanceof ApplicationFailure && cause.message) return cause.message;
  return cause?.message || error.message;
}
