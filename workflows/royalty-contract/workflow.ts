// A royalty contract as a long-lived workflow: it sleeps until the next scheduled payout (weekly or
// monthly from the contract's creation; on demand waits for a request), takes payout requests (Run
// payout, Distribute Royalties) as an update answered with the run that paid, runs one payout at a
// time, and continues as new after each so its history stays small.
import { allHandlersFinished, condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import { nextDistributionAt } from '../../domain/royalties/schedule';
import type { RoyaltyContractActivities } from './activities';
import { executePayout, payoutUpdate, type PayoutAnswer, type PayoutRequest, type RoyaltyContractInput } from './shared';

const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;
const steps = proxyActivities<RoyaltyContractActivities>({ startToCloseTimeout: '1 minute', retry });
// Paying a line may wait on XRPL validation for minutes; its heartbeats let a dead worker's line be
// taken over within seconds.
const payments = proxyActivities<RoyaltyContractActivities>({ startToCloseTimeout: '10 minutes', heartbeatTimeout: '10 seconds', retry });
const acts = {
  contractSchedule: steps.contractSchedule,
  planPayoutRun: steps.planPayoutRun,
  payPayoutLines: payments.payPayoutLines,
};

/** How long a paused or disputed contract waits before it looks at its status again. */
const STATUS_RECHECK = '1 day';

export async function royaltyContract(input: RoyaltyContractInput): Promise<void> {
  const queue: PayoutRequest[] = [];
  const answers = new Map<string, PayoutAnswer>();
  setHandler(payoutUpdate, async (request) => {
    if (!answers.has(request.requestId) && !queue.some((queued) => queued.requestId === request.requestId)) queue.push(request);
    await condition(() => answers.has(request.requestId));
    return answers.get(request.requestId)!;
  });

  for (;;) {
    const contract = await acts.contractSchedule(input.contractId);
    if (!contract || contract.status === 'completed') return;
    const due = contract.status === 'active' ? nextDistributionAt(new Date(input.createdAt), contract.schedule, new Date(Date.now())) : null;
    const requested = due
      ? await condition(() => queue.length > 0, Math.max(1, due.getTime() - Date.now()))
      : contract.schedule === 'on_demand' && contract.status === 'active'
        ? await condition(() => queue.length > 0).then(() => true)
        : await condition(() => queue.length > 0, STATUS_RECHECK);
    if (!requested && !due) continue;
    const request: PayoutRequest = queue.shift() ?? {
      requestId: `scheduled-${due!.toISOString()}`,
      trigger: 'scheduled',
      amountCents: null,
      correlationId: `${workflowInfo().workflowId}:scheduled`,
      actor: 'system:royalty-schedule',
    };
    answers.set(request.requestId, await executePayout(acts, input.contractId, request));
    if (queue.length === 0) {
      await condition(allHandlersFinished);
      if (queue.length === 0) await continueAsNew<typeof royaltyContract>(input);
    }
  }
}
