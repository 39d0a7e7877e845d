// The track lifecycle workflow (id `track-lifecycle-<trackId>`): intake (receive the upload, store
// and hash it, probe it), then the stages the creator drives through updates — master (or
// preview), run the copyright check, register on the XRP Ledger (which issues the signed
// certificate and puts the track in the vault) — and an operator's retry of a failed ledger step.
// Commands run one at a time, in the order they arrived; each update answers with its outcome.
// A step that fails for good is recorded as an event and answered as {ok: false, reason}.
import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  patched,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { INTAKE_STEPS, LIFECYCLE_STAGES, type IntakeStep } from '../../domain/track/lifecycle';
import type { TrackLifecycleActivities } from './activities';
import {
  copyrightCheckUpdate,
  currentStageQuery,
  masterUpdate,
  registerUpdate,
  retryRegistrationUpdate,
  type CommandOutcome,
  type LifecycleProgress,
  type RegisterCommand,
  type RegisterOutcomeValue,
  type TrackLifecycleInput,
} from './shared';

const retry = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
  // Infrastructure trouble (database, disk) is retried until it passes; content and business
  // refusals are non-retryable failures raised by the activities.
} as const;

// A read and an append: quick. A worker that dies during one is noticed after this timeout.
const quick = proxyActivities<TrackLifecycleActivities>({ startToCloseTimeout: '30 seconds', retry });

// Hashing, probing, mastering and the oracle take a while; heartbeats let a dead worker be noticed early.
const long = proxyActivities<TrackLifecycleActivities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { ...retry, maximumAttempts: 5 },
});

// The ledger: network trouble is retried with backoff, then the step fails so an operator can
// retry it later (a rejected transaction fails at once, with the ledger's result code).
const ledger = proxyActivities<TrackLifecycleActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
});

interface QueuedCommand {
  name: string;
  run: () => Promise<void>;
}

export async function trackLifecycle(input: TrackLifecycleInput): Promise<LifecycleProgress> {
  const progress: LifecycleProgress = {
    stage: 'intake',
    steps: [
      ...INTAKE_STEPS.map((name) => ({ name, status: 'pending' as const })),
      ...LIFECYCLE_STAGES.slice(1).map((name) => ({ name, status: 'pending' as const })),
    ],
    failureReason: null,
    trackStatus: null,
    startingStep: null,
    running: null,
  };
  setHandler(currentStageQuery, () => progress);

  const queue: QueuedCommand[] = [];
  const enqueue = <T>(name: string, run: () => Promise<CommandOutcome<T>>): Promise<CommandOutcome<T>> =>
    new Promise((resolve) =>
      queue.push({
        name,
        run: async () => {
          const outcome = await run();
          // The query shows the step's result by the time its caller hears the outcome.
          Object.assign(progress, await quick.describeTrack(input));
          resolve(outcome);
        },
      }),
    );

  setHandler(masterUpdate, (command) =>
    enqueue('master', async () => {
      const refused = await attempt(() => quick.requestMastering(input, command));
      if (refused) return failureOutcome(refused);
      const failed = await attempt(() => long.masterAudio(input, command));
      if (failed) {
        await quick.failMastering(input, command, failed.reason);
        return failureOutcome(failed);
      }
      return { ok: true, value: { masteringId: command.masteringId } };
    }),
  );

  setHandler(copyrightCheckUpdate, (command) =>
    enqueue('copyrightCheck', async () => {
      const refused = await attempt(() => quick.startCopyrightCheck(input, command));
      if (refused) return failureOutcome(refused);
      let verdict: Awaited<ReturnType<TrackLifecycleActivities['checkCopyright']>> | undefined;
      const failed = await attempt(async () => {
        verdict = await long.checkCopyright(input, command);
      });
      if (failed || !verdict) {
        const reason = failed?.reason ?? 'The copyright check returned no result';
        await quick.failCopyrightCheck(input, command, reason);
        return { ok: false, reason };
      }
      return verdict.cleared ? { ok: true, value: verdict } : { ok: false, reason: verdict.reason ?? 'The copyright check did not clear the track' };
    }),
  );

  setHandler(registerUpdate, (command) =>
    enqueue('register', async () => {
      return signSubmitAndCertify(command);
    }),
  );

  setHandler(retryRegistrationUpdate, (command) =>
    enqueue('retryRegistration', async () => {
      const refused = await attempt(() => quick.requestRegistrationRetry(input, command));
      if (refused) return failureOutcome(refused);
      // Runs before that version retried only the submission, so their histories replay without it.
      if (patched('retry-signs-when-signing-failed')) return signSubmitAndCertify(command);
      return submitAndCertify(command);
    }),
  );

  /**
   * Signs the registration (once: a signed one is reused), then submits it. Signing online reads
   * the account's sequence from the ledger, so an unreachable ledger fails the step after the
   * ledger retries, for an operator to retry; a refusal (no cleared check, ...) records nothing.
   */
  async function signSubmitAndCertify(command: RegisterCommand): Promise<CommandOutcome<RegisterOutcomeValue>> {
    const failed = await attempt(() => ledger.signRegistration(input, command));
    if (failed && !failed.refusal) await quick.failRegistration(input, command, failed.reason, failed.resultCode);
    if (failed) return failureOutcome(failed);
    return submitAndCertify(command);
  }

  async function submitAndCertify(command: RegisterCommand): Promise<CommandOutcome<RegisterOutcomeValue>> {
    let submitted: Awaited<ReturnType<TrackLifecycleActivities['submitRegistration']>> | undefined;
    const failed = await attempt(async () => {
      submitted = await ledger.submitRegistration(input, command);
    });
    if (failed || !submitted) {
      const reason = failed?.reason ?? 'The ledger gave no answer';
      await quick.failRegistration(input, command, reason, failed?.resultCode ?? null);
      return { ok: false, reason, resultCode: failed?.resultCode ?? null };
    }
    const certificateId = await quick.issueCertificate(input, command);
    await quick.storeInVault(input, command);
    return { ok: true, value: { txHash: submitted.txHash, outcome: submitted.outcome, certificateId } };
  }

  // Intake.
  const intake: Record<IntakeStep, () => Promise<unknown>> = {
    receive: () => quick.receiveUpload(input),
    store: () => long.storeUpload(input),
    probe: () => long.probeUpload(input),
  };
  const setStatus = (name: string, status: LifecycleProgress['steps'][number]['status']) => {
    progress.steps = progress.steps.map((step) => (step.name === name ? { ...step, status } : step));
  };
  for (const step of INTAKE_STEPS) {
    setStatus(step, 'running');
    const failed = await attempt(() => intake[step]());
    if (failed) {
      // Before the upload is received there is no track stream to record the failure on.
      if (step !== 'receive') await quick.failIntake(input, step, failed.reason);
      await quick.discardStaged(input);
      setStatus(step, 'failed');
      progress.failureReason = failed.reason;
      // Commands that arrived during intake are answered, not left waiting.
      for (const command of queue.splice(0)) await command.run();
      return progress;
    }
    setStatus(step, 'completed');
  }

  // The creator's commands, one at a time, for as long as the track lives.
  Object.assign(progress, await quick.describeTrack(input));
  for (;;) {
    progress.running = null;
    await condition(() => queue.length > 0 || workflowInfo().continueAsNewSuggested);
    const next = queue.shift();
    if (!next) {
      await condition(allHandlersFinished);
      if (queue.length === 0) await continueAsNew<typeof trackLifecycle>(input);
      continue;
    }
    progress.running = next.name;
    await next.run();
  }
}

interface StepFailure {
  ok: false;
  reason: string;
  resultCode: string | null;
  /** The track could not take the command (a business refusal), as opposed to the work failing. */
  refusal: boolean;
}

/** Runs one step; a failure comes back as the reason (and ledger result code) instead of a throw. */
async function attempt(step: () => Promise<unknown>): Promise<StepFailure | null> {
  try {
    await step();
    return null;
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const cause = error.cause;
    const reason = (cause instanceof ApplicationFailure && cause.message) || cause?.message || error.message;
    const resultCode = cause instanceof ApplicationFailure && cause.type === 'XrplRejected' ? String((cause.details?.[0] as string | undefined) ?? '') || null : null;
    const refusal = cause instanceof ApplicationFailure && cause.type === 'IllegalStateError';
    return { ok: false, reason, resultCode, refusal };
  }
}

function failureOutcome({ reason, resultCode, refusal }: StepFailure): { ok: false; reason: string; resultCode: string | null; refused: boolean } {
  return { ok: false, reason, resultCode, refused: refusal };
}
