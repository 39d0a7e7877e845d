// Starts and drives TrackLifecycle workflows on Temporal for the API and the operator CLI. A track
// whose workflow run has ended (an older run, or one ended by an operator) gets a new run on the
// same workflow id, which finds its state in the event store, and the command goes to that run.
import { randomUUID } from 'node:crypto';
import { WithStartWorkflowOperation, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import { IllegalStateError, NotFoundError } from '../../domain/shared/errors';
import { refusal, type TrackState } from '../../domain/track/track.decider';
import {
  copyrightCheckUpdate,
  masterUpdate,
  registerUpdate,
  retryRegistrationUpdate,
  trackLifecycleWorkflowId,
  type CheckCommand,
  type CheckOutcomeValue,
  type CommandContext,
  type CommandOutcome,
  type MasterCommand,
  type MasterOutcomeValue,
  type RegisterCommand,
  type RegisterOutcomeValue,
  type RetryCommand,
  type TrackLifecycleInput,
} from './shared';
import { TASK_QUEUE } from '../task-queue';
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

export function temporalLifecycleClient(client: Client, taskQueue = TASK_QUEUE): TrackLifecycleClient {
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

/** A track as the client needs it: its id and its state folded from its stream. */
export interface LifecycleTrack {
  id: string;
  state: TrackState;
}

/** The workflow's input, rebuilt from the track's recorded upload, for a track whose workflow run must be started again. */
export function lifecycleInput(track: LifecycleTrack, context: CommandContext): TrackLifecycleInput {
  if (track.state.status === 'none') throw new IllegalStateError('The upload has not been received yet');
  const upload = track.state.upload;
  return {
    trackId: track.id,
    ownerId: upload.ownerId,
    title: upload.title,
    description: upload.description,
    contentType: upload.contentType,
    royaltySplit: upload.royaltySplit,
    genre: upload.genre,
    originalName: upload.originalName,
    // Intake has run: a new run finds the file stored and does not look in staging.
    stagingName: `${track.id}.part`,
    detectedExtension: upload.detectedExtension,
    detectedMimeType: upload.detectedMimeType,
    size: upload.size,
    ...context,
  };
}

export type RetryResult = { refused: string } | { outcome: CommandOutcome<RegisterOutcomeValue> };

/**
 * An operator's retry of a failed ledger step, for the operator API and the ops CLI alike: the
 * track whoever owns it, the same refusal, the workflow input rebuilt, the update sent.
 */
export async function retryFailedRegistration(
  deps: { findTrack: (trackId: string) => Promise<LifecycleTrack | null>; lifecycle: Pick<TrackLifecycleClient, 'retryRegistration'> },
  trackId: string,
  options: { operator: string; note: string | null; publicUrl: string; correlationId?: string },
): Promise<RetryResult> {
  const track = await deps.findTrack(trackId);
  if (!track) throw new NotFoundError(`No content item with id ${trackId}`);
  const why = refusal(track.state, 'retry');
  if (why) return { refused: why };
  const context = { correlationId: options.correlationId ?? randomUUID(), actor: `operator:${options.operator}` };
  const outcome = await deps.lifecycle.retryRegistration(lifecycleInput(track, context), {
    ...context,
    publicUrl: options.publicUrl,
    retryId: randomUUID(),
    operator: options.operator,
    note: options.note,
  });
  return { outcome };
}
