// Starts data export workflows for the API. The route records the request before it starts the
// workflow; a start for an export already running is the same export.
import type { Client } from '@temporalio/client';
import { TASK_QUEUE } from '../task-queue';
import { accountExportWorkflowId, type AccountExportInput } from './shared';

export interface AccountExportClient {
  start(input: AccountExportInput): Promise<{ workflowId: string }>;
}

export function temporalAccountExportClient(client: Client, taskQueue = TASK_QUEUE): AccountExportClient {
  return {
    async start(input) {
      const handle = await client.workflow.start('accountExport', { taskQueue, workflowId: accountExportWorkflowId(input.exportId), args: [input], workflowIdConflictPolicy: 'USE_EXISTING' });
      return { workflowId: handle.workflowId };
    },
  };
}
