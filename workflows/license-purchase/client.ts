// Starts license purchases and waits for their outcome, or only starts them (the recovery after a
// crash, ops/license-purchase-recovery.ts) on Temporal. Route tests run the same steps in-process
// (tests/support/in-process-clients.ts).
import type { Client } from '@temporalio/client';
import { TASK_QUEUE } from '../task-queue';
import { licensePurchaseWorkflowId, type LicensePurchaseInput, type PurchaseOutcome } from './shared';
import type { licensePurchase } from './workflow';

export interface LicensePurchaseClient {
  /** Runs the purchase (or joins the one running for this license) and answers its outcome. */
  purchase(input: LicensePurchaseInput): Promise<PurchaseOutcome>;
  /** Starts the purchase (or finds the one running for this license) without waiting for its outcome. */
  resume(input: LicensePurchaseInput): Promise<void>;
}

export function temporalLicensePurchaseClient(client: Client, taskQueue = TASK_QUEUE): LicensePurchaseClient {
  const start = (input: LicensePurchaseInput) =>
    client.workflow.start<typeof licensePurchase>('licensePurchase', {
      taskQueue,
      workflowId: licensePurchaseWorkflowId(input.licenseId),
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
    });
  return {
    async purchase(input) {
      return (await start(input)).result();
    },
    async resume(input) {
      await start(input);
    },
  };
}
