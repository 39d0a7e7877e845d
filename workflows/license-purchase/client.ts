// Starts license purchases and waits for their outcome. The Temporal client is what runs in
// production; the in-process client runs the same steps directly (one at a time per license) for an
// app built without Temporal, such as the route tests.
import type { Client } from '@temporalio/client';
import type { LicensePurchaseActivities } from './activities';
import { executePurchase, LICENSE_PURCHASE_TASK_QUEUE, licensePurchaseWorkflowId, type LicensePurchaseInput, type PurchaseOutcome } from './shared';
import type { licensePurchase } from './workflow';

export interface LicensePurchaseClient {
  /** Runs the purchase (or joins the one running for this license) and answers its outcome. */
  purchase(input: LicensePurchaseInput): Promise<PurchaseOutcome>;
}

export function temporalLicensePurchaseClient(client: Client, taskQueue = LICENSE_PURCHASE_TASK_QUEUE): LicensePurchaseClient {
  return {
    async purchase(input) {
      const handle = await client.workflow.start<typeof licensePurchase>('licensePurchase', {
        taskQueue,
        workflowId: licensePurchaseWorkflowId(input.licenseId),
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
      return handle.result();
    },
  };
}

export function inProcessLicensePurchaseClient(activities: LicensePurchaseActivities): LicensePurchaseClient {
  const running = new Map<string, Promise<PurchaseOutcome>>();
  return {
    purchase(input) {
      const existing = running.get(input.licenseId);
      if (existing) return existing;
      const outcome = executePurchase(activities, input).finally(() => running.delete(input.licenseId));
      running.set(input.licenseId, outcome);
      return outcome;
    },
  };
}
