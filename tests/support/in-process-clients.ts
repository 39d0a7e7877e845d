// The workflows' steps run directly in the test process, for an app built without Temporal (the
// route tests): each client runs the same steps as its workflow (executePurchase, executePayout, the
// case's settleEffects), one at a time per license, contract or case. None runs a timer, so no
// scheduled payout or case deadline happens here. Production always runs the Temporal clients
// (ops/start.ts).
import { randomUUID } from 'node:crypto';
import type { DisputeCommands } from '../../domain/disputes/ports';
import { logger } from '../../infra/logger/logger';
import type { DisputeActivities } from '../../workflows/dispute/activities';
import { domainErrorOf } from '../../workflows/dispute/client';
import { settleEffects, type StepAnswer } from '../../workflows/dispute/shared';
import type { LicensePurchaseActivities } from '../../workflows/license-purchase/activities';
import type { LicensePurchaseClient } from '../../workflows/license-purchase/client';
import { executePurchase, type LicensePurchaseInput, type PurchaseOutcome } from '../../workflows/license-purchase/shared';
import type { RoyaltyContractActivities } from '../../workflows/royalty-contract/activities';
import type { RoyaltyContractClient } from '../../workflows/royalty-contract/client';
import { executePayout } from '../../workflows/royalty-contract/shared';

/** Runs purchases in this process, one at a time per license. */
export function inProcessLicensePurchaseClient(activities: LicensePurchaseActivities): LicensePurchaseClient {
  const running = new Map<string, Promise<PurchaseOutcome>>();
  const purchase = (input: LicensePurchaseInput) => {
    const existing = running.get(input.licenseId);
    if (existing) return existing;
    const outcome = executePurchase(activities, input).finally(() => running.delete(input.licenseId));
    running.set(input.licenseId, outcome);
    return outcome;
  };
  return {
    purchase,
    async resume(input) {
      // Nobody waits for this outcome: a step that throws is logged, and the next recovery pass runs it again.
      purchase(input).catch((error: unknown) => logger.error({ err: error, licenseId: input.licenseId }, 'resumed license purchase stopped'));
    },
  };
}

/** Runs payouts in this process, one at a time per contract. */
export function inProcessRoyaltyContractClient(activities: RoyaltyContractActivities): RoyaltyContractClient {
  const chains = new Map<string, Promise<unknown>>();
  return {
    async start() {},
    payout(input, request) {
      const previous = chains.get(input.contractId) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(() => executePayout(activities, input.contractId, request));
      chains.set(input.contractId, next);
      return next;
    },
  };
}

function answerOrThrow(answer: StepAnswer) {
  if ('refused' in answer) throw domainErrorOf(answer.refused);
  return answer.clock;
}

/** Runs cases in this process, one step at a time per case; no timers, so no deadline passes here. */
export function inProcessDisputeCommands(activities: DisputeActivities): DisputeCommands {
  const chains = new Map<string, Promise<unknown>>();
  const now = () => new Date().toISOString();
  function serial<T>(disputeId: string, work: () => Promise<T>): Promise<T> {
    const next = (chains.get(disputeId) ?? Promise.resolve()).catch(() => undefined).then(work);
    chains.set(disputeId, next);
    return next;
  }
  return {
    file(filing, claimant) {
      const disputeId = filing.disputeId ?? randomUUID();
      const correlationId = randomUUID();
      return serial(disputeId, async () => {
        const clock = answerOrThrow(await activities.fileCase({ disputeId, filing: { ...filing, disputeId }, claimant, correlationId, at: now() }));
        await settleEffects(activities, clock, { disputeId, correlationId, now });
        return { disputeId, autoActions: await activities.autoActionsOf(disputeId) };
      });
    },
    act(disputeId, request, actor) {
      const correlationId = randomUUID();
      return serial(disputeId, async () => {
        const clock = answerOrThrow(await activities.actOnCase({ disputeId, request, actor, correlationId, at: now() }));
        const settled = await settleEffects(activities, clock, { disputeId, correlationId, now });
        return { streamVersion: settled.version };
      });
    },
  };
}
