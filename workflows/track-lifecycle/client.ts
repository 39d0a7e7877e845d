// Starts and drives TrackLifecycle workflows on Temporal for the API and the operator CLI. A track
// whose workflow run has ended (an older run, or one ended by an operator) gets a new run on the
// same workflow id, which finds its state in the event store, and the command goes to that run.
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
  type CheckOutcomeValue,
  type CommandOutcome,
  type MasterCommand,
  type MasterOutcomeValue,
  type RegisterCommand,
  type RegisterOutcomeValue,
  type RetryCommand,
  type TrackLifecycleInput,
} from './shared';
import type { trackLifecycle } from './workflow';

/** Starts and drives a track's lifecycle workflow. */
export interface TrackLifecycleClient {
  start(input: TrackLifecycleInput): Promise<{ workflowId: string }>;
  /** Masters (or previews) the track and answers with the outcome. */
  master(input: TrackLifecycleInput, command: MasterCommand): Promise<CommandOutcome<MasterOutcomeValue>>;
  /** Hands the workflow a mastering command and answers once it is accepted. */
  startMaster(input: TrackLifecycleInput, command: MasterCommand): Promise<void>;
  check(input: TrackLifecycleInput, command: CheckCommand): Promise<CommandOutcome<CheckOutcomeValue>>;
  register(input: TrackLifecycleInput, command: RegisterCommand): Promise<CommandOutcome<RegisterOutcomeValue>>;
  retryRegistration(input: TrackLifecycleInput, command: RetryCommand): Promise<CommandOutcome<RegisterOutcomeValue>>;
}

export function temporalLifecycleClient(client: Client, taskQueue = TRACK_LIFECYCLE_TASK_QUEUE): TrackLifecycleClient {
  const startOperation = (input: TrackLifecycleInput) =>
    new WithStartWorkflowOperation<typeof trackLifecycle>('trackLifecycle', {
      workflowId: trackLifecycleWorkflowId(input.trackId),
      taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
    });

  /** Sends the command to the track's running workflow, or, when its run has ended, to a new run. */
  async function toWorkflow<R>(input: TrackLifecycleInput, onRunning: () => Promise<R>, onEnded: (operation: WithStartWorkflowOperation<typeof trackLifecycle>) => Promise<R>): Promise<R> {
    try {
      return await onRunning();
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError) && !/already completed|not found/i.test(String((error as Error).message))) throw error;
    }
    return onEnded(startOperation(input));
  }

  /** Runs an update and answers its outcome. */
  function execute<T, A>(input: TrackLifecycleInput, update: UpdateDefinition<CommandOutcome<T>, [A]>, arg: A): Promise<CommandOutcome<T>> {
    return toWorkflow(
      input,
      () => client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId)).executeUpdate(update, { args: [arg] }),
      (startWorkflowOperation) => client.workflow.executeUpdateWithStart(update, { args: [arg], startWorkflowOperation }),
    );
  }

  return {
    async start(input) {
      const handle = await client.workflow.start('trackLifecycle', { taskQueue, workflowId: trackLifecycleWorkflowId(input.trackId), args: [input] });
      return { workflowId: handle.workflowId };
    },
    master: (input, command: MasterCommand) => execute(input, masterUpdate, command),
    startMaster: (input, command: MasterCommand) =>
      toWorkflow(
        input,
        async () => {
          await client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId)).startUpdate(masterUpdate, { args: [command], waitForStage: 'ACCEPTED' });
        },
        async (startWorkflowOperation) => {
          await client.workflow.startUpdateWithStart(masterUpdate, { args: [command], startWorkflowOperation, waitForStage: 'ACCEPTED' });
        },
      ),
    check: (input, command: CheckCommand) => execute(input, copyrightCheckUpdate, command),
    register: (input, command: RegisterCommand) => execute(input, registerUpdate, command),
    retryRegistration: (input, command: RetryCommand) => execute(input, retryRegistrationUpdate, command),
  };
}
