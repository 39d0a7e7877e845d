// Every workflow the worker runs, with the activities its package brings, bound to the platform's
// services. The worker (workflows/worker.ts) builds its activities from this list; the bundle's entry
// (workflows/all.ts) must stay a static list for the bundler, so registry.test.ts checks that the two
// name the same workflows. A new workflow package adds one entry here and one export there.
import type { DeliverReviewDecision, DisputeEffects, OpenCaseOf, ReferenceHoldersOf } from '../domain/disputes/ports';
import type { OpenReferenceConflict } from '../domain/disputes/reference-review';
import type { Distributor } from '../infra/distribution/distributor';
import { postgresReleaseLookup } from '../infra/distribution/release-lookup';
import { SandboxDistributor } from '../infra/distribution/sandbox-distributor';
import { SftpDistributor } from '../infra/distribution/sftp-distributor';
import { payableStatementImporter } from '../infra/distribution/statement-import';
import { createDisputeEffects } from '../infra/disputes/dispute-effects';
import { indexedReferenceHolders } from '../infra/disputes/reference-holders';
import type { LicenseEscrow } from '../infra/licensing/license-escrow';
import { royaltyEarningsSink } from '../infra/royalties/earnings-sink';
import { contractAnchor } from '../infra/royalties/contract-anchor';
import { royaltyActivityPorts, type RoyaltyPorts } from '../infra/royalties/royalty-ports';
import type { WalletServices } from '../infra/wallets/services';
import { SessionStore } from '../infra/auth/session-store';
import { storedUserNames } from '../infra/identity/user-names';
import type * as bundled from './all';
import { createAccountDeletionActivities } from './account-deletion/activities';
import { createAccountExportActivities } from './account-export/activities';
import { createContractAnchorActivities } from './contract-anchor/activities';
import { createDisputeActivities } from './dispute/activities';
import { createLicensePurchaseActivities } from './license-purchase/activities';
import { createPartnerReportActivities, type PartnerReportActivityDeps } from './partner-reports/activities';
import { createReferenceDeliveryActivities } from './reference-delivery/activities';
import { createReleaseActivities } from './release/activities';
import { createRoyaltyContractActivities } from './royalty-contract/activities';
import { createSongGenerationActivities } from './song-generation/activities';
import { createTokenChargeActivities, type TokenChargeActivityDeps } from './token-charges/activities';
import { createTrackLifecycleActivities, type TrackLifecycleActivityDeps } from './track-lifecycle/activities';
import { createWithdrawalActivities } from './withdrawal/activities';

/** What the worker's activities are bound to; the optional ones have the platform's defaults. */
export interface WorkerServices extends TrackLifecycleActivityDeps, TokenChargeActivityDeps, Omit<PartnerReportActivityDeps, 'eventStore'> {
  /** What royalty payouts go through (receivers, split, executor); missing ones refuse plainly. */
  royaltyPorts?: RoyaltyPorts;
  /** Where releases are delivered; by default the configured delivery partner over SFTP, else the sandbox under the data folder. */
  distributor?: Distributor;
  /** XRPL escrow for license purchases; escrow purchases are refused without it. */
  licenseEscrow?: LicenseEscrow | null;
  /** A case's effects on its work; the platform's (infra/disputes/dispute-effects.ts) when absent. */
  disputeEffects?: DisputeEffects;
  /** The claimant's open case about a work (a read-model query); the dispute activities scan the store without it. */
  openCaseOf?: OpenCaseOf;
  /** Delivers a review's decision to the held track (workflows/track-lifecycle). */
  deliverReviewDecision?: DeliverReviewDecision;
  /** Who holds the references a held check matched; read from the audio index when absent. */
  referenceHoldersOf?: ReferenceHoldersOf;
  /** Opens the case for both sides when a delivered reference matches a registered work (openReferenceConflictThrough): the reference ingest's activities use it. */
  openReferenceConflict?: OpenReferenceConflict;
  /** Users' wallets: the Polygon treasury withdrawals are sent from, the creators' keys contract anchors are signed with. Absent: withdrawals are credited back and contracts are not anchored here. */
  wallets?: WalletServices;
}

/** A workflow's name as the bundle exports it. */
export type WorkflowName = keyof typeof bundled;

/** A package's activities, by name, bound to the services. */
export interface ActivityPackage {
  name: string;
  activities(services: WorkerServices): object;
}

export interface RegisteredWorkflow extends ActivityPackage {
  name: WorkflowName;
}

/** Activities more than one workflow runs: the token charge around a priced step (track lifecycle, release). */
export const SHARED_ACTIVITIES: readonly ActivityPackage[] = [{ name: 'token-charges', activities: (s) => createTokenChargeActivities(s) }];

export const WORKFLOWS: readonly RegisteredWorkflow[] = [
  { name: 'trackLifecycle', activities: (s) => createTrackLifecycleActivities(s) },
  { name: 'songGeneration', activities: (s) => createSongGenerationActivities(s) },
  {
    name: 'royaltyContract',
    activities: (s) => createRoyaltyContractActivities({ eventStore: s.eventStore, db: s.db, ...royaltyActivityPorts({ eventStore: s.eventStore, db: s.db, tokenLedger: s.tokenLedger }, s.royaltyPorts ?? {}) }),
  },
  {
    name: 'release',
    activities: (s) => createReleaseActivities({ ...s, distributor: s.distributor ?? (s.deliveryPartner ? new SftpDistributor(s.deliveryPartner) : new SandboxDistributor(s.storage.root)), dataDir: s.storage.root }),
  },
  { name: 'licensePurchase', activities: (s) => createLicensePurchaseActivities({ ...s, royaltyEarnings: royaltyEarningsSink(s.eventStore), escrow: s.licenseEscrow ?? null }) },
  {
    name: 'disputeCase',
    activities: (s) =>
      createDisputeActivities({
        eventStore: s.eventStore,
        effects: s.disputeEffects ?? createDisputeEffects({ eventStore: s.eventStore, tokenLedger: s.tokenLedger, db: s.db }),
        openCaseOf: s.openCaseOf,
        deliverReviewDecision: s.deliverReviewDecision,
        referenceHoldersOf: s.referenceHoldersOf ?? indexedReferenceHolders(s.db),
      }),
  },
  {
    name: 'partnerReports',
    // The partner's sales reports become payable statements (infra/distribution/statement-import.ts), paid only up to its funds.
    activities: (s) =>
      createPartnerReportActivities({
        ...s,
        partnerStatements:
          s.partnerStatements === undefined
            ? payableStatementImporter({ eventStore: s.eventStore, releases: postgresReleaseLookup(s.db), earnings: royaltyEarningsSink(s.eventStore) })
            : s.partnerStatements,
      }),
  },
  { name: 'withdrawal', activities: (s) => createWithdrawalActivities({ tokenLedger: s.tokenLedger, treasury: s.wallets?.treasury ?? null }) },
  {
    name: 'contractAnchor',
    activities: (s) =>
      s.wallets
        ? createContractAnchorActivities({
            eventStore: s.eventStore,
            anchor: contractAnchor({ eventStore: s.eventStore, wallets: s.wallets, platformAccount: s.ledger.account, network: s.ledger.network }),
          })
        : {},
  },
  {
    name: 'referenceDelivery',
    activities: (s) =>
      createReferenceDeliveryActivities({ eventStore: s.eventStore, db: s.db, storage: s.storage, deliveryPartner: s.deliveryPartner ?? null, openReferenceConflict: s.openReferenceConflict }),
  },
  { name: 'accountExport', activities: (s) => createAccountExportActivities({ eventStore: s.eventStore, db: s.db, storage: s.storage, userNames: storedUserNames(s.db, s.eventStore) }) },
  // Sessions are rows in the same database the API reads them from.
  { name: 'accountDeletion', activities: (s) => createAccountDeletionActivities({ eventStore: s.eventStore, db: s.db, sessions: new SessionStore(s.db), storage: s.storage }) },
];

/**
 * Every package's activities, by name. Activities are found by name alone on the one task queue, so
 * two packages bringing an activity of the same name are refused: the worker could run only one.
 */
export function workerActivities(services: WorkerServices, packages: readonly ActivityPackage[] = [...WORKFLOWS, ...SHARED_ACTIVITIES]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const activityPackage of packages) {
    for (const [name, activity] of Object.entries(activityPackage.activities(services))) {
      const earlier = owner.get(name);
      if (earlier) throw new Error(`The activity ${name} of ${activityPackage.name} has the name of an activity of ${earlier}`);
      owner.set(name, activityPackage.name);
      merged[name] = activity;
    }
  }
  return merged;
}
