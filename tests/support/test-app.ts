// The whole API on an in-memory PGlite with the real event store, projector and file storage, for
// app.inject tests; the Temporal lifecycle is the caller's stand-in, and the license purchases and
// royalty contracts run in-process (tests/support/in-process-clients.ts) unless the test gives their clients.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../api/app';
import { eventRegistry } from '../../domain/registry';
import { SessionStore, sessionMigrations } from '../../infra/auth/session-store';
import { pendingEmailMigrations } from '../../infra/account/pending-emails';
import { storedUserNames } from '../../infra/identity/user-names';
import { signInNonceMigrations } from '../../infra/auth/sign-in-nonces';
import { apiUsageMigrations } from '../../infra/developer/usage-store';
import { failureWindowMigrations } from '../../infra/throttle/failure-windows';
import { loadCertificateSigningKey } from '../../infra/certificate/signing-key';
import type { Db } from '../../infra/db/db';
import { royaltyEarningsSink } from '../../infra/royalties/earnings-sink';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { FileStorage } from '../../infra/storage/file-storage';
import type { ContentStorage } from '../../infra/storage/storage';
import { royaltyActivityPorts, type RoyaltyPorts } from '../../infra/royalties/royalty-ports';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { parseWalletConfig } from '../../infra/wallets/config';
import { openWalletServices, type WalletServices } from '../../infra/wallets/services';
import { openXrplLedger } from '../../infra/xrpl/ledger';
import { allProjections } from '../../projections/all';
import { Projector } from '../../projections/projector';
import { createLicensePurchaseActivities } from '../../workflows/license-purchase/activities';
import { createRoyaltyContractActivities } from '../../workflows/royalty-contract/activities';
import type { RoyaltyContractClient } from '../../workflows/royalty-contract/client';
import { inProcessLicensePurchaseClient, inProcessRoyaltyContractClient } from './in-process-clients';
import type { TrackLifecycleClient } from '../../workflows/track-lifecycle/client';
import { inProcessWithdrawalClient } from './in-process-withdrawals';
import { inProcessAccountDeletionClient, inProcessAccountExportClient, type InProcessAccountExports } from './in-process-account-data';
import { inProcessSongGenerationClient, type InProcessSongGeneration } from './in-process-song-generation';
import { inProcessReferenceDeliveryClient, type InProcessReferenceDeliveries } from './in-process-references';
import type { OpenReferenceConflict } from '../../domain/disputes/reference-review';
import { pooledPglite } from './pglite-pool';
import { inProcessContractAnchorClient } from './in-process-contract-anchors';
import { contractAnchor } from '../../infra/royalties/contract-anchor';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  eventStore: PostgresEventStore;
  projector: Projector;
  storage: FileStorage;
  tokenLedger: TokenLedger;
  /** Song generations run in this process; `settled()` waits for those started. */
  songGenerations: InProcessSongGeneration;
  /** Data exports run in this process; `settled()` waits for those started. */
  accountExports: InProcessAccountExports;
  /** Reference deliveries run in this process; `settled()` waits for those started. */
  referenceDeliveries: InProcessReferenceDeliveries;
  close(): Promise<void>;
}

const APP_MIGRATIONS = [...eventStoreMigrations, ...sessionMigrations, ...pendingEmailMigrations, ...signInNonceMigrations, ...apiUsageMigrations, ...failureWindowMigrations];

/** `options`: the deployment settings under test (PUBLIC_URL, trusted proxies, Secure cookies, the payments provider, wallet services, QXMP Pay, the mailer, the creator's share, the statements' release lookup and earnings sink, the royalty ports). */
export async function startTestApp(
  dataDir: string,
  lifecycle: TrackLifecycleClient,
  options: Partial<Pick<BuildAppOptions, 'publicUrl' | 'referenceSftp' | 'trustProxy' | 'secureCookies' | 'payments' | 'qxmpPay' | 'mailer' | 'creatorShareOf' | 'releaseLookup' | 'royaltyEarnings' | 'releases' | 'licensingFrozenOf' | 'licenseEscrow' | 'licensePurchases' | 'withdrawals' | 'contractAnchors' | 'disputes' | 'openOracleReview' | 'delivery' | 'knowledge' | 'supportHandoffs' | 'supportLlm' | 'supportModel' | 'uploadLocker'>> & {
    wallets?: WalletServices;
    /** The payout ports of the in-process contracts client, or the contracts client itself. */
    royaltyPorts?: RoyaltyPorts & { contracts?: RoyaltyContractClient };
    /** A second API process over the first's database: its db, event store and projector, left open when this one closes. */
    sharing?: TestApp;
    /** Another storage adapter for the app and its in-process workflows (object storage); the disk under dataDir otherwise. */
    contentStorage?: ContentStorage;
    /** What the in-process reference deliveries open review cases through; none by default. */
    openReferenceConflict?: OpenReferenceConflict;
  } = {},
): Promise<TestApp> {
  const storage = new FileStorage(dataDir);
  await storage.init();
  const content = options.contentStorage ?? storage;
  if (content !== storage) await content.init();
  // An emptied database from the process's pool: emptying one and creating the app's tables and
  // read models costs about a quarter of the CPU of starting another PGlite.
  const { sharing } = options;
  const db = sharing?.db ?? (await pooledPglite());
  await migrate(db, APP_MIGRATIONS);
  const eventStore = sharing?.eventStore ?? new PostgresEventStore(db, eventRegistry);
  const projector = sharing?.projector ?? new Projector(db, eventStore, allProjections);
  if (!sharing) await projector.start();
  const tokenLedger = new TokenLedger(eventStore);
  const signingKey = await loadCertificateSigningKey(dataDir, {});
  const { royaltyPorts = {}, sharing: _sharing, contentStorage: _contentStorage, openReferenceConflict, ...settings } = options;
  const wallets = options.wallets ?? (await openWalletServices(dataDir, parseWalletConfig({})));
  const ledger = await openXrplLedger({ dataDir, env: {} });
  const songGenerations = inProcessSongGenerationClient({ eventStore, storage: content, tokenLedger, lifecycle });
  const accountExports = inProcessAccountExportClient({ eventStore, db, storage: content, userNames: storedUserNames(db, eventStore) });
  const referenceDeliveries = inProcessReferenceDeliveryClient({ eventStore, db, storage: content, deliveryPartner: options.referenceSftp ?? null, openReferenceConflict });
  const app = await buildApp({
    db,
    eventStore,
    projector,
    storage: content,
    lifecycle,
    tokenLedger,
    ledger,
    signingKey,
    ...settings,
    wallets,
    songGenerations,
    accountExports,
    referenceDeliveries,
    // The route ends the sessions in its own store too, so its memory of them goes with the rows.
    accountDeletions: inProcessAccountDeletionClient({ eventStore, db, sessions: new SessionStore(db), storage: content }),
    withdrawals: options.withdrawals ?? inProcessWithdrawalClient({ tokenLedger, treasury: wallets.treasury }),
    contractAnchors:
      options.contractAnchors ??
      inProcessContractAnchorClient({ eventStore, anchor: contractAnchor({ eventStore, wallets, platformAccount: ledger.account, network: ledger.network }) }),
    royaltyPorts: {
      contracts:
        royaltyPorts.contracts ??
        inProcessRoyaltyContractClient(createRoyaltyContractActivities({ eventStore, db, ...royaltyActivityPorts({ eventStore, db, tokenLedger }, royaltyPorts) })),
    },
    licensePurchases:
      options.licensePurchases ??
      inProcessLicensePurchaseClient(
        createLicensePurchaseActivities({
          eventStore,
          db,
          tokenLedger,
          signingKey,
          royaltyEarnings: options.royaltyEarnings === undefined ? royaltyEarningsSink(eventStore) : options.royaltyEarnings,
          escrow: options.licenseEscrow ?? null,
        }),
      ),
  });
  return {
    app,
    db,
    eventStore,
    projector,
    storage,
    tokenLedger,
    songGenerations,
    accountExports,
    referenceDeliveries,
    async close() {
      await songGenerations.settled();
      await accountExports.settled();
      await referenceDeliveries.settled();
      await app.close();
      if (sharing) return;
      await projector.stop();
      await db.close();
    },
  };
}

/** A new user signed up through the API with their wallet generated (and its welcome tokens): their id and session cookie. */
export async function signUpWithWallet(testApp: TestApp): Promise<{ userId: string; cookie: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const cookie = `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;
  await testApp.app.inject({ method: 'POST', url: '/api/goose-tokens/generate-wallet', headers: { cookie }, payload: {} });
  return { userId: response.json().user.id, cookie };
}
