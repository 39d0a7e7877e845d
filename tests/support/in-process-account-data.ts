// Data exports and account deletions run in this process, for an app built without Temporal (the
// route tests): the same steps as the workflows (workflows/account-export/shared.ts and
// workflows/account-deletion/shared.ts), with the same activities. An export runs in the
// background as its workflow would; `settled` waits for every export started so far.
import { createAccountDeletionActivities, type AccountDeletionActivityDeps } from '../../workflows/account-deletion/activities';
import type { AccountDeletionClient } from '../../workflows/account-deletion/client';
import { executeAccountDeletion } from '../../workflows/account-deletion/shared';
import { createAccountExportActivities, type AccountExportActivityDeps } from '../../workflows/account-export/activities';
import type { AccountExportClient } from '../../workflows/account-export/client';
import { accountExportWorkflowId, executeAccountExport } from '../../workflows/account-export/shared';

export interface InProcessAccountExports extends AccountExportClient {
  settled(): Promise<void>;
}

export function inProcessAccountExportClient(deps: AccountExportActivityDeps): InProcessAccountExports {
  const activities = createAccountExportActivities(deps);
  const running: Promise<unknown>[] = [];
  return {
    start(input) {
      running.push(executeAccountExport(activities, input, (error) => `The archive could not be built: ${error instanceof Error ? error.message : String(error)}`));
      return Promise.resolve({ workflowId: accountExportWorkflowId(input.exportId) });
    },
    async settled() {
      await Promise.all(running);
    },
  };
}

export function inProcessAccountDeletionClient(deps: AccountDeletionActivityDeps): AccountDeletionClient {
  const activities = createAccountDeletionActivities(deps);
  return { delete: (input) => executeAccountDeletion(activities, input) };
}
