// Starts royalty contract workflows on Temporal and asks them for payouts. Route tests run the same
// payout steps in-process (tests/support/in-process-clients.ts).
import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
import { TASK_QUEUE } from '../task-queue';
import { payoutUpdate, royaltyContractWorkflowId, type PayoutAnswer, type PayoutRequest, type RoyaltyContractInput } from './shared';
import type { royaltyContract } from './workflow';

export interface RoyaltyContractClient {
  /** Starts the contract's workflow; starting one that runs already is a no-op. */
  start(input: RoyaltyContractInput): Promise<void>;
  /** Asks for a payout and answers once it is paid or refused. */
  payout(input: RoyaltyContractInput, request: PayoutRequest): Promise<PayoutAnswer>;
}

export function temporalRoyaltyContractClient(client: Client, taskQueue = TASK_QUEUE): RoyaltyContractClient {
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
