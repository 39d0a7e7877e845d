// Purchases whose workflow never started are started after a crash. The route records a purchase
// (LicensePurchaseRequested) and then starts its workflow; the Stripe webhook records the card
// payment and then starts it. A process killed between the two left the purchase awaiting payment
// for ever (5 of 15 purchases after a SIGKILL). So the process that runs the API
// (ops/start.ts, one process) looks on start and every minute for purchases no workflow
// finished, and starts each one's workflow again. The workflow id is the license's: a running
// workflow is joined, never doubled, and each step sees what an earlier run did. The workflow then
// ends the purchase: issued, or failed with its reason (tokens short, the work frozen by a dispute,
// the escrow refused by the ledger), with what was held given back.
import { licenseDecider, licenseStreamId, type LicenseEvent } from '../domain/licensing/license.decider';
import type { Queryable } from '../infra/db/db';
import type { EventStore } from '../infra/eventstore/event-store';
import { logger } from '../infra/logger/logger';
import { listUnfinishedPurchases } from '../projections/license-sales/queries';
import type { LicensePurchaseClient } from '../workflows/license-purchase/client';
import { startRecoveryLoop } from './recovery-loop';

const log = logger.child({ module: 'license-purchase-recovery' });

/** A purchase younger than this is left to the request that is starting it. */
export const RECOVERY_MIN_AGE_MS = 60_000;
/**
 * How often the recovery looks again while the platform runs. A pass is one query on a partial
 * index and a stream read per candidate; a pass soon after the start also finds purchases the read
 * model had not caught up with at the first.
 */
export const RECOVERY_INTERVAL_MS = 60_000;

export interface PurchaseRecoveryDeps {
  db: Queryable;
  eventStore: EventStore;
  purchases: Pick<LicensePurchaseClient, 'resume'>;
  /** Where users reach the platform: the certificate's verification link. */
  publicOrigin: () => string;
}

/**
 * One pass: every purchase that the read model shows unfinished and that its own stream confirms
 * (requested and paid by the platform itself, or paid) has its workflow started, or joined when it
 * runs. A card purchase still awaiting the buyer's payment is left to the Stripe webhook. Answers the
 * licenses started.
 */
export async function recoverLicensePurchases(deps: PurchaseRecoveryDeps, { now = new Date(), minAgeMs = RECOVERY_MIN_AGE_MS }: { now?: Date; minAgeMs?: number } = {}): Promise<string[]> {
  const candidates = await listUnfinishedPurchases(deps.db, new Date(now.getTime() - minAgeMs));
  const resumed: string[] = [];
  for (const candidate of candidates) {
    // The stream decides: the read model may lag behind a purchase that just finished.
    const events = (await deps.eventStore.readStream(licenseStreamId(candidate.id))).map((e) => ({ type: e.type, data: e.data }) as LicenseEvent);
    const state = events.reduce(licenseDecider.evolve, licenseDecider.initialState);
    const unfinished = state.status === 'paid' || (state.status === 'requested' && state.paymentMethod !== 'stripe');
    if (!unfinished) continue;
    try {
      await deps.purchases.resume({ licenseId: candidate.id, publicOrigin: deps.publicOrigin(), correlationId: `recovery-${candidate.id}`, actor: 'system:license-purchase-recovery' });
      resumed.push(candidate.id);
      log.warn({ licenseId: candidate.id, status: state.status, paymentMethod: state.paymentMethod }, 'license purchase found without its workflow: started again');
    } catch (error) {
      log.error({ err: error, licenseId: candidate.id }, 'license purchase could not be started again; the next pass tries again');
    }
  }
  return resumed;
}

/** Runs a pass as the process starts (purchases of any age) and then every `intervalMs`; `stop` waits for a running pass. */
export function startLicensePurchaseRecovery(deps: PurchaseRecoveryDeps, intervalMs = RECOVERY_INTERVAL_MS): { stop(): Promise<void> } {
  return startRecoveryLoop({ pass: (minAgeMs) => recoverLicensePurchases(deps, { minAgeMs }), intervalMs, minAgeMs: RECOVERY_MIN_AGE_MS, log });
}
