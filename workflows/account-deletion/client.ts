// Runs account deletions for the API: starts the user's deletion workflow and waits for its
// outcome. A second call joins the running deletion or answers the ended one's outcome.
import type { Client } from '@temporalio/client';
import { executeOnce } from '../execute-once';
import { TASK_QUEUE } from '../task-queue';
import { accountDeletionWorkflowId, type AccountDeletionInput, type AccountDeletionOutcome } from './shared';

export interface AccountDeletionClient {
  delete(input: AccountDeletionInput): Promise<AccountDeletionOutcome>;
}

export function temporalAccountDeletionClient(client: Client, taskQueue = TASK_QUEUE): AccountDeletionClient {
  return {
    delete: (input) => executeOnce<AccountDeletionInput, AccountDeletionOutcome>(client, 'accountDeletion', accountDeletionWorkflowId(input.userId), taskQueue, input),
  };
}
