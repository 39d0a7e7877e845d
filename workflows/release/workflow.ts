// The release workflow (id `release-<distributionId>`). First year: for a delivery partner, hold the
// distribution-setup fee (the sandbox reaches no store and is charged nothing), build the package,
// check it, deliver it, then capture the fee (or release it if a step failed: a creator pays for a
// delivered release only). A partner that cannot be reached after the delivery's retries leaves
// the release waiting for it (recorded, shown to the creator and on /operations), and the delivery
// is tried again every while or at once on an operator's Retry (a signal). Then it asks the
// distributor for each store's state on a timer until every store has settled, and waits for a
// takedown (an update) or the renewal date, when it charges the next year (unpaid: the release
// lapses and is taken down) and continues as new. Each run starts from the release's events, so a
// new run picks up where the last one stopped.
import { ActivityFailure, ApplicationFailure, allHandlersFinished, condition, continueAsNew, patched, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import { tokensToMicros } from '../../domain/shared/tokens';
import { SERVICE_PRICES } from '../../domain/tokens/catalogue';
import type { TokenCharge, TokenChargeActivities } from '../token-charges/activities';
import type { ReleaseActivities, StepResult } from './activities';
import { releaseStageQuery, retryDeliverySignal, takedownUpdate, type ReleaseInput, type ReleaseStage, type TakedownCommand } from './shared';

const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;
const quick = proxyActivities<ReleaseActivities>({ startToCloseTimeout: '1 minute', retry });
// Building the package copies the master and renders the cover and certificate; delivering uploads it.
const slow = proxyActivities<ReleaseActivities>({ startToCloseTimeout: '15 minutes', retry: { ...retry, maximumAttempts: 10 } });
// A few quick attempts, then the release waits for the partner (recorded) and tries again later.
const delivery = proxyActivities<ReleaseActivities>({ startToCloseTimeout: '15 minutes', retry: { ...retry, maximumAttempts: 3 } });
const tokens = proxyActivities<TokenChargeActivities>({ startToCloseTimeout: '30 seconds', retry });

const FEE_MICROS = tokensToMicros(SERVICE_PRICES['distribution-setup']);
/** How long a release waiting for its delivery partner waits before trying again on its own. */
const PARTNER_RETRY_MS = 10 * 60_000;
/** The polling pace of runs recorded before pollStores answered the distributor's own. */
const EARLIER_POLL_MS = 60_000;

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
  let retryRequested = false;
  setHandler(releaseStageQuery, () => stage);
  setHandler(retryDeliverySignal, () => {
    retryRequested = true;
  });
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

  /** Tries the delivery until the partner takes it; 'taken_down' if a takedown came first, 'continue' when the history is long. */
  const deliverWhenReachable = async (): Promise<StepResult | 'taken_down' | 'continue'> => {
    for (;;) {
      stage = 'delivering';
      try {
        return await delivery.deliverPackage(input);
      } catch (error) {
        // A business refusal inside the activity is not the partner being away.
        if (!(error instanceof ActivityFailure) || (error.cause instanceof ApplicationFailure && error.cause.nonRetryable)) throw error;
        stage = 'waiting_for_partner';
        await quick.recordDeliveryWaiting(input, error.cause?.message ?? error.message);
        retryRequested = false;
        await condition(() => retryRequested || takedown !== null, input.partnerRetryMs ?? PARTNER_RETRY_MS);
        if (takedown) return 'taken_down';
        if (workflowInfo().continueAsNewSuggested) return 'continue';
      }
    }
  };
  const finish = async (): Promise<ReleaseStage> => {
    stage = 'ended';
    ended = true;
    await condition(allHandlersFinished);
    return stage;
  };

  let view = await quick.describeRelease(input);
  if (['failed', 'taken_down', 'lapsed'].includes(view.status)) return finish();
  // Runs started before the sandbox stopped charging replay their recorded charges; every run
  // since (a new release, or any release's next run after continue-as-new) decides from its events.
  const chargesFee = patched('fee-only-when-a-partner-reaches-stores') ? view.chargesFee : true;

  const setupFee = charge(`distribution-setup-${input.distributionId}`, `Distribution of "${view.songName}" (first year)`);
  if (!view.delivered) {
    if (chargesFee) {
      stage = 'charging';
      const unpaid = await refusal(() => tokens.holdTokens(setupFee));
      if (unpaid) {
        await quick.failRelease(input, 'fee', unpaid);
        return finish();
      }
    }
    stage = 'packaging';
    let result: StepResult | 'taken_down' | 'continue' = await slow.buildPackage(input);
    if (result.ok) result = await slow.validatePackage(input);
    if (result.ok) result = await deliverWhenReachable();
    if (result === 'continue') return continueAsNew<typeof release>(input);
    if (result === 'taken_down' || !result.ok) {
      if (chargesFee) await tokens.releaseTokens(setupFee, result === 'taken_down' ? 'Taken down before it was delivered' : result.reason);
      if (result === 'taken_down') await quick.takeDown(input, (takedown as TakedownCommand | null)?.reason ?? 'Taken down');
      return finish();
    }
    view = await quick.describeRelease(input);
  }
  if (chargesFee && view.feesCharged === 0) {
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
    // Runs recorded before pollStores answered its pace got a bare boolean back, and replay hands them that.
    const answer = (await quick.pollStores(input)) as Awaited<ReturnType<ReleaseActivities['pollStores']>> | boolean;
    const polled = typeof answer === 'boolean' ? { settled: answer, pollAgainInMs: EARLIER_POLL_MS } : answer;
    settled = polled.settled;
    if (!settled) await condition(() => takedown !== null, input.pollIntervalMs ?? polled.pollAgainInMs);
  }
  if (!settled && !takedown) return continueAsNew<typeof release>(input);

  stage = 'live';
  const takeDownWhenAsked = async (): Promise<ReleaseStage> => {
    // Nothing is charged, so nothing renews: the release stays until it is taken down.
    await condition(() => takedown !== null);
    stage = 'taking_down';
    await quick.takeDown(input, (takedown as TakedownCommand | null)?.reason ?? 'Taken down');
    return finish();
  };
  if (!chargesFee) return takeDownWhenAsked();
  const paidThrough = Date.parse(view.paidThrough ?? new Date().toISOString());
  await condition(() => takedown !== null, Math.max(1, paidThrough - Date.now()));
  if (takedown) {
    stage = 'taking_down';
    await quick.takeDown(input, (takedown as TakedownCommand).reason);
    return finish();
  }

  stage = 'renewing';
  // A run started before the sandbox stopped charging reaches its renewal here: a release that
  // reaches no store is not charged for another year.
  if (patched('no-renewal-without-stores') && !view.chargesFee) return takeDownWhenAsked();
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
