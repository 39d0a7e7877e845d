// The reference-delivery workflow (id `reference-delivery-<deliveryId>`): each recording of a rights
// holder's delivery is compared with GOOSE works, fingerprinted and indexed by its own activity
// (retried a few times: each outcome is recorded once, keyed by the recording), a recording that
// fails for good is recorded with its reason and the rest go on, and the delivery ends with counts.
import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { ReferenceDeliveryActivities } from './activities';
import { executeReferenceDelivery, type ReferenceDeliveryInput, type ReferenceDeliveryOutcome } from './shared';

const retry = { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;
const ingest = proxyActivities<ReferenceDeliveryActivities>({ startToCloseTimeout: '15 minutes', heartbeatTimeout: '2 minutes', retry: { ...retry, maximumAttempts: 3 } });
const record = proxyActivities<ReferenceDeliveryActivities>({ startToCloseTimeout: '30 seconds', retry });

/** The cause's own message (ours are plain), never a stack. */
function reasonOf(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return `The recording could not be indexed: ${message}`.slice(0, 500);
}

export async function referenceDelivery(input: ReferenceDeliveryInput): Promise<ReferenceDeliveryOutcome> {
  return executeReferenceDelivery(
    { pendingReferences: record.pendingReferences, ingestReference: ingest.ingestReference, failReference: record.failReference, completeReferenceDelivery: record.completeReferenceDelivery },
    input,
    reasonOf,
  );
}
