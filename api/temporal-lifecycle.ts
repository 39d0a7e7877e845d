// Starts TrackLifecycle workflows on Temporal for the API.
import type { Client } from '@temporalio/client';
import {
  TRACK_LIFECYCLE_TASK_QUEUE,
  trackLifecycleWorkflowId,
  type TrackLifecycleInput,
} from '../workflows/track-lifecycle/shared';
import type { TrackLifecycleStarter } from './app';

export function temporalLifecycleStarter(client: Client, taskQueue = TRACK_LIFECYCLE_TASK_QUEUE): TrackLifecycleStarter {
  return {
    async start(input: TrackLifecycleInput) {
      const handle = await client.workflow.start('trackLifecycle', {
        taskQueue,
        workflowId: trackLifecycleWorkflowId(input.trackId),
        args: [input],
      });
      return { workflowId: handle.workflowId };
    },
  };
}
