// Runs account deletions for the API: starts the user's deletion workflow and waits for its
// outcome. A call while one runs joins it; a call after one ended starts a new run (a refused
// deletion may be asked again once its blockers are gone; a run for a deleted account finds
// nothing left to do and answers deleted again).
import type { Client } from '@temporalio/client';
import { TASK_QUEUE } from '../task-queue';
import { accountDeletionWorkflowId, type AccountDeletionInput, type AccountDeletionOutcome } from './shared';

export interface AccountDeletionClient {
  delete(input: AccountDeletionInput): Promise<AccountDeletionOutcome>;
}

export function temporalAccountDeletionClient(client: Client, taskQueue = TASK_QUEUE): AccountDeletionClient {
  return {
    delete: (input) =>
      client.workflow.execute<(input: AccountDeletionInput) => Promise<AccountDeletionOutcome>>('accountDeletion', {
        taskQueue,
        workflowId: accountDeletionWorkflowId(input.userId),
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      }),
  };
}
