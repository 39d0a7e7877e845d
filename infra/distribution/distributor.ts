// The port a release is delivered through. A real distributor (a DDEX-speaking aggregator's API)
// implements it as follows, and the release workflow relies on exactly this:
//
// - deliver(package): upload the package's files (ERN first or last, as the distributor's intake
//   asks) and answer once the distributor has acknowledged the message. Delivering the same release
//   again (same distributionId) must answer the first acknowledgement, not start a second delivery:
//   the workflow retries an activity whose worker died. A refusal of the package (the intake
//   rejects the ERN) is a DistributorRefusal with the distributor's reason; network trouble is any
//   other error and is retried.
// - poll(deliveryId, stores): the current state of each store the deals named: pending (waiting at the
//   distributor), uploaded (sent to the store), distributed (live) or failed with the store's reason.
//   Called on a timer, every `pollEveryMs`, until every store is distributed or failed (a real
//   distributor's processing takes hours and its API is rate-limited: a minute or more; the sandbox
//   settles in seconds).
// - takedown(deliveryId, reason): withdraw the release from every store (a PurgeReleaseMessage or the
//   distributor's own call). Idempotent.
import type { DeliveryState } from '../../domain/distribution/catalogue';

export interface DeliverablePackage {
  distributionId: string;
  /** Absolute path of the package's folder (data/releases/<id>). */
  directory: string;
  /** The ERN message's file name in that folder. */
  ernFile: string;
}

export interface DeliveryAck {
  distributor: string;
  deliveryId: string;
  /** Said plainly to the creator when the delivery reached no real store (the sandbox); null otherwise. */
  notice: string | null;
}

export interface StoreReport {
  storeId: string;
  state: DeliveryState;
  reason: string | null;
}

export interface Distributor {
  /** Shown to the creator as the release's distributor. */
  readonly name: string;
  /** True for a delivery partner that sends releases on to the stores; false for the sandbox, which reaches none and charges nothing. */
  readonly reachesStores: boolean;
  /** The ERN's MessageRecipient. */
  readonly recipient: { dpid: string; name: string };
  /** Where the recipient delivers (Worldwide or ISO codes): the ERN's deals are narrowed to these. */
  readonly territories: readonly string[];
  /** How long the release workflow waits between two polls of the stores' states. */
  readonly pollEveryMs: number;
  deliver(pkg: DeliverablePackage): Promise<DeliveryAck>;
  /** `stores`: the catalogue ids the release was sent to. A store the distributor has not reported on yet is left out. */
  poll(deliveryId: string, stores: readonly string[]): Promise<StoreReport[]>;
  takedown(deliveryId: string, reason: string): Promise<void>;
}

/** The distributor refused the package for good (retrying will not help). */
export class DistributorRefusal extends Error {}
