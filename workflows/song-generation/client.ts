// Starts song generation workflows for the API. The generation's request is recorded by the route
// before the workflow starts; a start for an id already running is the same generation.
import type { Client } from '@temporalio/client';
import { TASK_QUEUE } from '../task-queue';
import { songGenerationWorkflowId, type SongGenerationInput } from './shared';

export interface SongGenerationClient {
  start(input: SongGenerationInput): Promise<{ workflowId: string }>;
}

export function temporalSongGenerationClient(client: Client, taskQueue = TASK_QUEUE): SongGenerationClient {
  return {
    async start(input) {
      const handle = await client.workflow.start('songGeneration', { taskQueue, workflowId: songGenerationWorkflowId(input.generationId), args: [input], workflowIdConflictPolicy: 'USE_EXISTING' });
      return { workflowId: handle.workflowId };
    },
  };
}
