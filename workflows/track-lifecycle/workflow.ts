// The track lifecycle workflow (id `track-lifecycle-<trackId>`): intake (receive the upload, store
// and hash it, probe it), then the stages the creator drives through updates — master (or
// preview), run the copyright check, register on the XRP Ledger (which issues the signed
// certificate and puts the track in the vault) — and an operator's retry of a failed ledger step.
// Commands run one at a time, in the order they arrived; each update answers with its outcome.
// A step that fails for good is recorded as an event and answered as {ok: false, reason}.
// Priced steps (a master, a registration) hold their price before they start, capture it when they
// succeed and release it when they fail or are refused, so a creator pays only for work done.
import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  patched,
  proxyActivities,
  setHandler,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { PricedService } from '../../domain/tokens/catalogue';
import type { TokenCharge, TokenChargeActivities } from '../token-charges/activities';
import { INTAKE_STEPS, LIFECYCLE_STAGES, type IntakeStep } from '../../domain/track/lifecycle';
import type { TrackLifecycleActivities } from './activities';
import { FAILURE_KINDS } from '../failure-kinds';
import {
  TRACK_FAILURES,
  copyrightCheckUpdate,
  currentStageQuery,
  masterUpdate,
  registerUpdate,
  retryRegistrationUpdate,
  reviewDecisionUpdate,
  type CommandContext,
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

// The token ledger: quick appends; a refusal (not enough tokens) is non-retryable.
const tokens = proxyActivities<TokenChargeActivities>({ startToCloseTimeout: '30 seconds', retry });

/** Histories recorded before steps were charged replay without the ledger's activities. */
const CHARGES_PATCH = 'token-charges';
/** Histories recorded before held checks opened review cases replay without that activity. */
const REVIEW_CASES_PATCH = 'oracle-review-cases';

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

  /** The charge for one run of a priced step, or none (a history from before charges). */
  const chargeFor = (command: CommandContext, service: PricedService, runId: string, description: string): TokenCharge | null =>
    patched(CHARGES_PATCH)
      ? { holdId: `${service}-${runId}`, service, userId: input.ownerId, subjectId: input.trackId, description, correlationId: command.correlationId, actor: command.actor }
      : null;

  /** Runs a priced step inside its charge: held first (not enough tokens: refused, nothing run), then captured or released by how the step ended. */
  async function charged<T>(charge: TokenCharge | null, step: () => Promise<CommandOutcome<T>>): Promise<CommandOutcome<T>> {
    if (!charge) return step();
    const unpaid = await attempt(() => tokens.holdTokens(charge));
    if (unpaid) return failureOutcome(unpaid);
    const outcome = await step();
    if (outcome.ok) await tokens.captureTokens(charge);
    else await tokens.releaseTokens(charge, outcome.reason);
    return outcome;
  }

  setHandler(masterUpdate, (command) =>
    enqueue('master', () =>
      // A preview is free; a master costs professional-mastering.
      charged(command.kind === 'master' ? chargeFor(command, 'professional-mastering', command.masteringId, `Mastering "${input.title}"`) : null, async () => {
        const refused = await attempt(() => quick.requestMastering(input, command));
        if (refused) return failureOutcome(refused);
        const failed = await attempt(() => long.masterAudio(input, command));
        if (failed) {
          await quick.failMastering(input, command, failed.reason);
          return failureOutcome(failed);
        }
        return { ok: true, value: { masteringId: command.masteringId } };
      }),
    ),
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
      // A hold is for a person to look at: the review case opens before the creator hears the verdict.
      if (!verdict.cleared && patched(REVIEW_CASES_PATCH)) await quick.openReviewCase(input, command);
      return verdict.cleared ? { ok: true, value: verdict } : { ok: false, reason: verdict.reason ?? 'The copyright check did not clear the track' };
    }),
  );

  // The reviewer's decision on a held (or contested) check, from the case's workflow.
  setHandler(reviewDecisionUpdate, (command) =>
    enqueue('reviewDecision', async () => {
      const refused = await attempt(() => quick.decideCopyrightReview(input, command));
      if (refused) return failureOutcome(refused);
      return { ok: true, value: { checkId: command.checkId, outcome: command.outcome } };
    }),
  );

  const registrationCharge = (command: CommandContext, runId: string) => chargeFor(command, 'copyright-registration', runId, `Copyright registration of "${input.title}"`);

  setHandler(registerUpdate, (command) =>
    enqueue('register', () => charged(registrationCharge(command, uuid4()), () => signSubmitAndCertify(command))),
  );

  setHandler(retryRegistrationUpdate, (command) =>
    enqueue('retryRegistration', async () => {
      const refused = await attempt(() => quick.requestRegistrationRetry(input, command));
      if (refused) return failureOutcome(refused);
      // The failed attempt gave its tokens back; the retry charges the owner when it succeeds.
      return charged(registrationCharge(command, command.retryId), () => {
        // Runs before that version retried only the submission, so their histories replay without it.
        if (patched('retry-signs-when-signing-failed')) return signSubmitAndCertify(command);
        return submitAndCertify(command);
      });
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
  /** The failure's type, e.g. FAILURE_KINDS.insufficientTokens (the API answers it with 402). */
  code: string | null;
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
    const resultCode = cause instanceof ApplicationFailure && cause.type === TRACK_FAILURES.xrplRejected ? String((cause.details?.[0] as string | undefined) ?? '') || null : null;
    const code = cause instanceof ApplicationFailure ? (cause.type ?? null) : null;
    const refusal = code === FAILURE_KINDS.illegalState || code === FAILURE_KINDS.insufficientTokens;
    return { ok: false, reason, resultCode, refusal, code };
  }
}

function failureOutcome({ reason, resultCode, refusal, code }: StepFailure): { ok: false; reason: string; resultCode: string | null; refused: boolean; code: string | null } {
  return { ok: false, reason, resultCode, refused: refusal, code };
}
