// Anchors royalty contracts for the API: starts the contract's anchor workflow and waits for its
// answer. A contract is anchored once: a second call joins the running workflow or answers the
// ended one's outcome.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { contractAnchorWorkflowId, type AnchorAnswer, type ContractAnchorInput } from './shared';
import { TASK_QUEUE } from '../task-queue';
import type { contractAnchor } from './workflow';

export interface ContractAnchorClient {
  /** Signs, records and sends the contract's deploy payment; answers where it stands. */
  anchor(input: ContractAnchorInput): Promise<AnchorAnswer>;
}

export function temporalContractAnchorClient(client: Client, taskQueue = TASK_QUEUE): ContractAnchorClient {
  return {
    async anchor(input) {
      const workflowId = contractAnchorWorkflowId(input.contractId);
      try {
        return await client.workflow.execute<typeof contractAnchor>('contractAnchor', {
          taskQueue,
          workflowId,
          args: [input],
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
        });
      } catch (error) {
        if (error instanceof WorkflowExecutionAlreadyStartedError) return client.workflow.getHandle<typeof contractAnchor>(workflowId).result();
        throw error;
      }
    },
  };
}
