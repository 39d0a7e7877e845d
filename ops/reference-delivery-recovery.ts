// Deliveries whose workflow never started are started after a crash or while Temporal was away: the
// route records a delivery and then starts its workflow, so a process killed (or a workflow service
// down) between the two left the delivery "running" with nothing indexing it. The workflow id is
// the delivery's, so a running workflow is joined, never doubled, and each recording's outcome is
// recorded once (the decider ignores repeats).
import { referenceDeliveryDecider } from '../domain/references/reference-delivery.decider';
import { referenceDeliveryStreamId } from '../domain/references/reference-delivery.events';
import type { Queryable } from '../infra/db/db';
import type { EventStore } from '../infra/eventstore/event-store';
import { readState } from '../infra/eventstore/command-handler';
import { logger } from '../infra/logger/logger';
import { listRunningDeliveries } from '../projections/references/queries';
import type { ReferenceDeliveryClient } from '../workflows/reference-delivery/client';
import { startRecoveryLoop } from './recovery-loop';

const log = logger.child({ module: 'reference-delivery-recovery' });

/** A delivery younger than this is left to the request that is starting it. */
export const DELIVERY_RECOVERY_MIN_AGE_MS = 60_000;
export const DELIVERY_RECOVERY_INTERVAL_MS = 60_000;

export interface DeliveryRecoveryDeps {
  db: Queryable;
  eventStore: EventStore;
  deliveries: ReferenceDeliveryClient;
}

/** One pass: every delivery the read model and its own stream show running has its workflow started (or joined). Answers the ids. */
export async function recoverReferenceDeliveries(deps: DeliveryRecoveryDeps, { now = new Date(), minAgeMs = DELIVERY_RECOVERY_MIN_AGE_MS }: { now?: Date; minAgeMs?: number } = {}): Promise<string[]> {
  const resumed: string[] = [];
  for (const deliveryId of await listRunningDeliveries(deps.db, new Date(now.getTime() - minAgeMs))) {
    // The stream decides: the read model may lag behind a delivery that just finished.
    const state = await readState(deps.eventStore, referenceDeliveryStreamId(deliveryId), referenceDeliveryDecider);
    if (state.status !== 'running') continue;
    try {
      await deps.deliveries.start({ deliveryId, correlationId: `recovery-${deliveryId}`, actor: 'system:reference-delivery-recovery' });
      resumed.push(deliveryId);
    } catch (error) {
      log.error({ err: error, deliveryId }, 'reference delivery could not be started again; the next pass tries again');
    }
  }
  if (resumed.length > 0) log.info({ deliveries: resumed.length }, 'reference deliveries started (or joined) by the recovery');
  return resumed;
}

/** Runs a pass as the process starts (deliveries of any age) and then every `intervalMs`. */
export function startReferenceDeliveryRecovery(deps: DeliveryRecoveryDeps, intervalMs = DELIVERY_RECOVERY_INTERVAL_MS): { stop(): Promise<void> } {
  return startRecoveryLoop({ pass: (minAgeMs) => recoverReferenceDeliveries(deps, { minAgeMs }), intervalMs, minAgeMs: DELIVERY_RECOVERY_MIN_AGE_MS, log });
}
