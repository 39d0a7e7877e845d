// Starts and drives TrackLifecycle workflows on Temporal for the API. A track whose workflow run
// has ended (an older run, or one ended by an operator) gets a new run on the same workflow id,
// which finds its state in the event store, and the command goes to that run.
import { WithStartWorkflowOperation, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import {
  copyrightCheckUpdate,
  masterUpdate,
  registerUpdate,
  retryRegistrationUpdate,
  TRACK_LIFECYCLE_TASK_QUEUE,
  trackLifecycleWorkflowId,
  type CheckCommand,
  type CommandOutcome,
  type MasterCommand,
  type RegisterCommand,
  type RetryCommand,
  type TrackLifecycleInput,
} from '../workflows/track-lifecycle/shared';
import type { trackLifecycle } from '../workflows/track-lifecycle/workflow';
import type { TrackLifecycleClient } from './app';

export function temporalLifecycleClient(client: Client, taskQueue = TRACK_LIFECYCLE_TASK_QUEUE): TrackLifecycleClient {
  async function execute<T, A>(input: TrackLifecycleInput, update: UpdateDefinition<CommandOutcome<T>, [A]>, arg: A, wait: boolean): Promise<CommandOutcome<T> | null> {
    const workflowId = trackLifecycleWorkflowId(input.trackId);
    const handle = client.workflow.getHandle(workflowId);
    try {
      if (!wait) {
        await handle.startUpdate(update, { args: [arg], waitForStage: 'ACCEPTED' });
        return null;
      }
      return await handle.executeUpdate(update, { args: [arg] });
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError) && !/already completed|not found/i.test(String((error as Error).message))) throw error;
    }
    const startWorkflowOperation = new WithStartWorkflowOperation<typeof trackLifecycle>('trackLifecycle', {
      workflowId,
      taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
    });
    if (!wait) {
      await client.workflow.startUpdateWithStart(update, { args: [arg], startWorkflowOperation, waitForStage: 'ACCEPTED' });
      return null;
    }
    return client.workflow.executeUpdateWithStart(update, { args: [arg], startWorkflowOperation });
  }

  return {
    async start(input) {
      const handle = await client.workflow.start('trackLifecycle', { taskQueue, workflowId: trackLifecycleWorkflowId(input.trackId), args: [input] });
      return { workflowId: handle.workflowId };
    },
    master: (input, command: MasterCommand) => execute(input, masterUpdate, command, true) as Promise<Awaited<ReturnType<TrackLifecycleClient['master']>>>,
    startMaster: async (input, command: MasterCommand) => {
      await execute(input, masterUpdate, command, false);
    },
    check: (input, command: CheckCommand) => execute(input, copyrightCheckUpdate, command, true) as Promise<Awaited<ReturnType<TrackLifecycleClient['check']>>>,
    register: (input, command: RegisterCommand) => execute(input, registerUpdate, command, true) as Promise<Awaited<ReturnType<TrackLifecycleClient['register']>>>,
    retryRegistration: (input, command: RetryCommand) =>
      execute(input, retryRegistrationUpdate, command, true) as Promise<Awaited<ReturnType<TrackLifecycleClient['retryRegistration']>>>,
  };
}
