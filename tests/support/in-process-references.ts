// Reference deliveries run in this process, for an app built without Temporal (the route tests):
// the same steps as the workflow (workflows/reference-delivery/shared.ts) with the same activities,
// in the background as the workflow would; `settled` waits for every delivery started so far.
import { createReferenceDeliveryActivities, type ReferenceDeliveryActivityDeps } from '../../workflows/reference-delivery/activities';
import type { ReferenceDeliveryClient } from '../../workflows/reference-delivery/client';
import { executeReferenceDelivery, referenceDeliveryWorkflowId } from '../../workflows/reference-delivery/shared';

export interface InProcessReferenceDeliveries extends ReferenceDeliveryClient {
  settled(): Promise<void>;
}

export function inProcessReferenceDeliveryClient(deps: ReferenceDeliveryActivityDeps): InProcessReferenceDeliveries {
  const activities = createReferenceDeliveryActivities(deps);
  const running: Promise<unknown>[] = [];
  return {
    start(input) {
      running.push(executeReferenceDelivery(activities, input, (error) => `The recording could not be indexed: ${error instanceof Error ? error.message : String(error)}`));
      return Promise.resolve({ workflowId: referenceDeliveryWorkflowId(input.deliveryId) });
    },
    async settled() {
      await Promise.all(running);
    },
  };
}
