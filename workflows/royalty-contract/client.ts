// Starts royalty contract workflows and asks them for payouts. The Temporal client is what runs in
// production; the in-process client runs the same payout steps directly (no timers, so no scheduled
// runs) for an app built without Temporal, such as the route tests.
import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
import type { RoyaltyContractActivities } from './activities';
import { executePayout, payoutUpdate, ROYALTY_CONTRACT_TASK_QUEUE, royaltyContractWorkflowId, type PayoutAnswer, type PayoutRequest, type RoyaltyContractInput } from './shared';
import type { royaltyContract } from './workflow';

export interface RoyaltyContractClient {
  /** Starts the contract's workflow; starting one that runs already is a no-op. */
  start(input: RoyaltyContractInput): Promise<void>;
  /** Asks for a payout and answers once it is paid or refused. */
  payout(input: RoyaltyContractInput, request: PayoutRequest): Promise<PayoutAnswer>;
}

export function temporalRoyaltyContractClient(client: Client, taskQueue = ROYALTY_CONTRACT_TASK_QUEUE): RoyaltyContractClient {
  const startOperation = (input: RoyaltyContractInput) =>
    new WithStartWorkflowOperation<typeof royaltyContract>('royaltyContract', {
      workflowId: royaltyContractWorkflowId(input.contractId),
      taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
    });
  return {
    async start(input) {
      await client.workflow.start('royaltyContract', {
        taskQueue,
        workflowId: royaltyContractWorkflowId(input.contractId),
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
    },
    // With start: a contract whose run ended (an operator terminated it) gets a new run that finds its state in the event store.
    payout: (input, request) => client.workflow.executeUpdateWithStart(payoutUpdate, { args: [request], startWorkflowOperation: startOperation(input) }),
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
