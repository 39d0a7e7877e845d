// Starts release workflows, asks them for a takedown, and hands an operator's Retry to a release
// waiting for its delivery partner, for the API. A takedown or a retry sent to a release whose run
// has ended starts a new run on the same id, which reads the release's events and carries on from
// there (or finds it already ended).
import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
import { TASK_QUEUE } from '../task-queue';
import { releaseWorkflowId, retryDeliverySignal, takedownUpdate, type ReleaseInput, type TakedownCommand, type TakedownOutcome } from './shared';
import type { release } from './workflow';

export interface ReleaseClient {
  start(input: ReleaseInput): Promise<{ workflowId: string }>;
  takedown(input: ReleaseInput, command: TakedownCommand): Promise<TakedownOutcome>;
  /** The release tries its delivery again now (the operator's Retry on /operations). */
  retryDelivery(input: ReleaseInput): Promise<void>;
}

export function temporalReleaseClient(client: Client, taskQueue = TASK_QUEUE): ReleaseClient {
  return {
    async start(input) {
      const handle = await client.workflow.start('release', { taskQueue, workflowId: releaseWorkflowId(input.distributionId), args: [input], workflowIdConflictPolicy: 'USE_EXISTING' });
      return { workflowId: handle.workflowId };
    },
    takedown(input, command) {
      const startWorkflowOperation = new WithStartWorkflowOperation<typeof release>('release', {
        workflowId: releaseWorkflowId(input.distributionId),
        taskQueue,
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
      return client.workflow.executeUpdateWithStart(takedownUpdate, { args: [command], startWorkflowOperation });
    },
    async retryDelivery(input) {
      await client.workflow.signalWithStart('release', { workflowId: releaseWorkflowId(input.distributionId), taskQueue, args: [input], signal: retryDeliverySignal, signalArgs: [] });
    },
  };
}
