// Starts a workflow that must run once per business id and waits for its result: a second call
// joins the running workflow or answers the ended one's result, never starting it again.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';

export async function executeOnce<Input, Result>(client: Client, workflowType: string, workflowId: string, taskQueue: string, input: Input): Promise<Result> {
  try {
    return await client.workflow.execute<(input: Input) => Promise<Result>>(workflowType, {
      taskQueue,
      workflowId,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return client.workflow.getHandle<(input: Input) => Promise<Result>>(workflowId).result();
    throw error;
  }
}
