// The release workflow (id `release-<distributionId>`). First year: hold the distribution-setup
// fee, build the package, check it, deliver it, then capture the fee (or release it if a step
// failed: a creator pays for a delivered release only). Then it asks the distributor for each
// store's state on a timer until every store has settled, and waits for a takedown (an update) or
// the renewal date, when it charges the next year (unpaid: the release lapses and is taken down)
// and continues as new. Each run starts from the release's events, so a new run picks up where the
// last one stopped.
import { ActivityFailure, ApplicationFailure, allHandlersFinished, condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import { tokensToMicros } from '../../domain/shared/tokens';
import { SERVICE_PRICES } from '../../domain/tokens/catalogue';
import type { TokenCharge, TokenChargeActivities } from '../token-charges/activities';
import type { ReleaseActivities, StepResult } from './activities';
import { releaseStageQuery, takedownUpdate, type ReleaseInput, type ReleaseStage, type TakedownCommand } from './shared';

const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;
const quick = proxyActivities<ReleaseActivities>({ startToCloseTimeout: '1 minute', retry });
// Building the package copies the master and renders the cover and certificate; delivering uploads it.
const slow = proxyActivities<ReleaseActivities>({ startToCloseTimeout: '15 minutes', retry: { ...retry, maximumAttempts: 10 } });
const tokens = proxyActivities<TokenChargeActivities>({ startToCloseTimeout: '30 seconds', retry });

const FEE_MICROS = tokensToMicros(SERVICE_PRICES['distribution-setup']);

/** One calendar year after `from` (UTC). */
function yearAfter(from: number): string {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
}

export async function release(input: ReleaseInput): Promise<ReleaseStage> {
  let stage: ReleaseStage = 'starting';
  let takedown: TakedownCommand | null = null;
  let ended = false;
  setHandler(releaseStageQuery, () => stage);
  setHandler(takedownUpdate, async (command) => {
    takedown ??= command;
    await condition(() => ended);
    return { ok: true };
  });

  const charge = (holdId: string, description: string): TokenCharge => ({
    holdId,
    service: 'distribution-setup',
    userId: input.ownerId,
    subjectId: input.distributionId,
    description,
    correlationId: input.correlationId,
    actor: input.actor,
  });

  const finish = async (): Promise<ReleaseStage> => {
    stage = 'ended';
    ended = true;
    await condition(allHandlersFinished);
    return stage;
  };

  let view = await quick.describeRelease(input);
  if (['failed', 'taken_down', 'lapsed'].includes(view.status)) return finish();

  const setupFee = charge(`distribution-setup-${input.distributionId}`, `Distribution of "${view.songName}" (first year)`);
  if (!view.delivered) {
    stage = 'charging';
    const unpaid = await refusal(() => tokens.holdTokens(setupFee));
    if (unpaid) {
      await quick.failRelease(input, 'fee', unpaid);
      return finish();
    }
    stage = 'packaging';
    let result: StepResult = await slow.buildPackage(input);
    if (result.ok) result = await slow.validatePackage(input);
    if (result.ok) {
      stage = 'delivering';
      result = await slow.deliverPackage(input);
    }
    if (!result.ok) {
      await tokens.releaseTokens(setupFee, result.reason);
      return finish();
    }
  }
  if (view.feesCharged === 0) {
    // Delivered: the fee is captured. A run that stopped between delivering and recording the fee
    // holds it again here, which changes nothing (the hold exists), and captures it once.
    await tokens.holdTokens(setupFee);
    await tokens.captureTokens(setupFee);
    await quick.recordFeeCharged(input, { holdId: setupFee.holdId, kind: 'setup', priceMicros: FEE_MICROS, paidThrough: yearAfter(Date.now()) });
    view = await quick.describeRelease(input);
  }

  stage = 'polling';
  let settled = view.settled;
  while (!settled && !takedown && !workflowInfo().continueAsNewSuggested) {
    const polled = await quick.pollStores(input);
    settled = polled.settled;
    if (!settled) await condition(() => takedown !== null, input.pollIntervalMs ?? polled.pollAgainInMs);
  }
  if (!settled && !takedown) return continueAsNew<typeof release>(input);

  stage = 'live';
  const paidThrough = Date.parse(view.paidThrough ?? new Date().toISOString());
  await condition(() => takedown !== null, Math.max(1, paidThrough - Date.now()));
  if (takedown) {
    stage = 'taking_down';
    await quick.takeDown(input, (takedown as TakedownCommand).reason);
    return finish();
  }

  stage = 'renewing';
  const year = view.feesCharged + 1;
  const renewal = charge(`distribution-setup-${input.distributionId}-year-${year}`, `Distribution of "${view.songName}" (year ${year})`);
  const unpaid = await refusal(() => tokens.holdTokens(renewal));
  if (unpaid) {
    await quick.lapse(input, `The yearly distribution fee could not be charged: ${unpaid}`);
    return finish();
  }
  await tokens.captureTokens(renewal);
  await quick.recordFeeCharged(input, { holdId: renewal.holdId, kind: 'renewal', priceMicros: FEE_MICROS, paidThrough: yearAfter(paidThrough) });
  await condition(allHandlersFinished);
  return continueAsNew<typeof release>(input);
}

/** Runs a charge; a business refusal (not enough tokens) comes back as its reason, anything else is thrown. */
async function refusal(step: () => Promise<unknown>): Promise<string | null> {
  try {
    await step();
    return null;
  } catch (error) {
    if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure && error.cause.nonRetryable) return error.cause.message;
    throw error;
  }
}
