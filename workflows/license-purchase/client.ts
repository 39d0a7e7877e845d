// Starts license purchases and waits for their outcome, or only starts them (the recovery after a
// crash, ops/license-purchase-recovery.ts). The Temporal client is what runs in production; the
// in-process client runs the same steps directly (one at a time per license) for an app built without
// Temporal, such as the route tests.
import type { Client } from '@temporalio/client';
import { logger } from '../../infra/logger/logger';
import type { LicensePurchaseActivities } from './activities';
import { executePurchase, LICENSE_PURCHASE_TASK_QUEUE, licensePurchaseWorkflowId, type LicensePurchaseInput, type PurchaseOutcome } from './shared';
import type { licensePurchase } from './workflow';

export interface LicensePurchaseClient {
  /** Runs the purchase (or joins the one running for this license) and answers its outcome. */
  purchase(input: LicensePurchaseInput): Promise<PurchaseOutcome>;
  /** Starts the purchase (or finds the one running for this license) without waiting for its outcome. */
  resume(input: LicensePurchaseInput): Promise<void>;
}

export function temporalLicensePurchaseClient(client: Client, taskQueue = LICENSE_PURCHASE_TASK_QUEUE): LicensePurchaseClient {
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

export function inProcessLicensePurchaseClient(activities: LicensePurchaseActivities): LicensePurchaseClient {
  const running = new Map<string, Promise<PurchaseOutcome>>();
  const purchase = (input: LicensePurchaseInput) => {
    const existing = running.get(input.licenseId);
    if (existing) return existing;
    const outcome = executePurchase(activities, input).finally(() => running.delete(input.licenseId));
    running.set(input.licenseId, outcome);
    return outcome;
  };
  return {
    purchase,
    async resume(input) {
      // Nobody waits for this outcome: a step that throws is logged, and the next recovery pass runs it again.
      purchase(input).catch((error: unknown) => logger.error({ err: error, licenseId: input.licenseId }, 'resumed license purchase stopped'));
    },
  };
}
