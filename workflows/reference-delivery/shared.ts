// What the reference-delivery workflow, its activities and its callers share: one workflow per
// delivery (`reference-delivery-<deliveryId>`), its input, and its steps in order, so the Temporal
// workflow and the in-process runner of the route tests take the same path.

export function referenceDeliveryWorkflowId(deliveryId: string): string {
  return `reference-delivery-${deliveryId}`;
}

export interface ReferenceDeliveryInput {
  deliveryId: string;
  correlationId: string;
  actor: string;
}

export interface ReferenceDeliveryOutcome {
  indexed: number;
  failed: number;
}

/** The activities a delivery needs (the workflow's proxies, or the functions themselves in-process). */
export interface ReferenceDeliverySteps {
  /** The recordings of the delivery not yet indexed or failed, in delivery order. */
  pendingReferences(input: ReferenceDeliveryInput): Promise<string[]>;
  /** Fetches (SFTP), compares with GOOSE works, opens review cases, fingerprints and indexes one recording, recording the outcome. */
  ingestReference(input: ReferenceDeliveryInput, referenceId: string): Promise<'indexed' | 'failed' | 'removed'>;
  /** Records that a recording could not be indexed after its retries, and why. */
  failReference(input: ReferenceDeliveryInput, referenceId: string, reason: string): Promise<void>;
  /** Records the delivery's end with its counts. */
  completeReferenceDelivery(input: ReferenceDeliveryInput): Promise<ReferenceDeliveryOutcome>;
}

/** One delivery: each recording in turn (one that fails for good is recorded and the rest go on), then the counts. */
export async function executeReferenceDelivery(steps: ReferenceDeliverySteps, input: ReferenceDeliveryInput, reasonOf: (error: unknown) => string): Promise<ReferenceDeliveryOutcome> {
  for (const referenceId of await steps.pendingReferences(input)) {
    try {
      await steps.ingestReference(input, referenceId);
    } catch (error) {
      await steps.failReference(input, referenceId, reasonOf(error));
    }
  }
  return steps.completeReferenceDelivery(input);
}
