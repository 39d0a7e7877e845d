// Starts the partner-reports schedule at startup when a delivery partner is configured; starting it
// while it runs already is a no-op.
import type { Client } from '@temporalio/client';
import { TASK_QUEUE } from '../task-queue';
import { partnerReportsWorkflowId, type PartnerReportsInput } from './shared';

export async function startPartnerReports(client: Client, input: PartnerReportsInput, taskQueue = TASK_QUEUE): Promise<{ workflowId: string }> {
  const handle = await client.workflow.start('partnerReports', { taskQueue, workflowId: partnerReportsWorkflowId(input.partnerId), args: [input], workflowIdConflictPolicy: 'USE_EXISTING' });
  return { workflowId: handle.workflowId };
}
