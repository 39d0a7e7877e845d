// Runs withdrawals for the API: starts the withdrawal's workflow and waits for its outcome. One
// withdrawal id runs once: a second call joins the running workflow or answers the ended one's
// outcome, so nothing is debited or sent twice.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { withdrawalWorkflowId, type WithdrawalInput, type WithdrawalOutcome } from './shared';
import { TASK_QUEUE } from '../task-queue';
import type { withdrawal } from './workflow';

export interface WithdrawalClient {
  /** Debits, sends and (if nothing was sent) credits back; answers the outcome. */
  withdraw(input: WithdrawalInput): Promise<WithdrawalOutcome>;
}

export function temporalWithdrawalClient(client: Client, taskQueue = TASK_QUEUE): WithdrawalClient {
  return {
    async withdraw(input) {
      const workflowId = withdrawalWorkflowId(input.withdrawalId);
      try {
        return await client.workflow.execute<typeof withdrawal>('withdrawal', {
          taskQueue,
          workflowId,
          args: [input],
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
        });
      } catch (error) {
        if (error instanceof WorkflowExecutionAlreadyStartedError) return client.workflow.getHandle<typeof withdrawal>(workflowId).result();
        throw error;
      }
    },
  };
}
