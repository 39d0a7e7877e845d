// Starts the partner-reports schedule at startup when a delivery partner is configured; starting it
// while it runs already is a no-op.
import type { Client } from '@temporalio/client';
import { PARTNER_REPORTS_TASK_QUEUE, partnerReportsWorkflowId, type PartnerReportsInput } from './shared';

export async function startPartnerReports(client: Client, input: PartnerReportsInput, taskQueue = PARTNER_REPORTS_TASK_QUEUE): Promise<{ workflowId: string }> {
  const handle = await client.workflow.start('partnerReports', { taskQueue, workflowId: partnerReportsWorkflowId(input.partnerId), args: [input], workflowIdConflictPolicy: 'USE_EXISTING' });
  return { workflowId: handle.workflowId };
}
