// Starts reference-delivery workflows for the API. The route records the delivery before it starts
// the workflow; a start for a delivery already running is the same delivery.
import type { Client } from '@temporalio/client';
import { TASK_QUEUE } from '../task-queue';
import { referenceDeliveryWorkflowId, type ReferenceDeliveryInput } from './shared';

export interface ReferenceDeliveryClient {
  start(input: ReferenceDeliveryInput): Promise<{ workflowId: string }>;
}

export function temporalReferenceDeliveryClient(client: Client, taskQueue = TASK_QUEUE): ReferenceDeliveryClient {
  return {
    async start(input) {
      const handle = await client.workflow.start('referenceDelivery', { taskQueue, workflowId: referenceDeliveryWorkflowId(input.deliveryId), args: [input], workflowIdConflictPolicy: 'USE_EXISTING' });
      return { workflowId: handle.workflowId };
    },
  };
}
