// The Temporal worker for the track lifecycle: workflow code bundled once per process, activities
// bound to the event store and file storage. `npm start` creates it in-process; run this file
// directly (`npx tsx workflows/worker.ts`, needs DATABASE_URL and TEMPORAL_ADDRESS) for a
// standalone worker process.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LogLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/common';
import { bundleWorkflowCode, NativeConnection, Runtime, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { loadConfig } from '../infra/config';
import { logger } from '../infra/logger/logger';
import { lifecycleMigrations, openLifecycleServices, openPlatform } from '../infra/platform';
import { FileStorage } from '../infra/storage/file-storage';
import { TokenLedger } from '../infra/tokens/token-ledger';
import { createTrackLifecycleActivities, type TrackLifecycleActivityDeps } from './track-lifecycle/activities';
import { TRACK_LIFECYCLE_TASK_QUEUE } from './track-lifecycle/shared';
import { createTokenChargeActivities, type TokenChargeActivityDeps } from './token-charges/activities';
import { createRoyaltyContractActivities } from './royalty-contract/activities';
import { royaltyActivityPorts, type RoyaltyPorts } from '../infra/royalties/royalty-ports';
import { createReleaseActivities } from './release/activities';
import { createLicensePurchaseActivities } from './license-purchase/activities';
import { postgresReleaseLookup } from '../infra/distribution/release-lookup';
import { payableStatementImporter } from '../infra/distribution/statement-import';
import { royaltyEarningsSink } from '../infra/royalties/earnings-sink';
import type { LicenseEscrow } from '../infra/licensing/license-escrow';
import type { Distributor } from '../infra/distribution/distributor';
import { SandboxDistributor } from '../infra/distribution/sandbox-distributor';
import { SftpDistributor } from '../infra/distribution/sftp-distributor';
import { logDeliverySetup } from '../infra/distribution/partner-config';
import { createPartnerReportActivities, type PartnerReportActivityDeps } from './partner-reports/activities';
import { openLicenseEscrow } from '../infra/licensing/xrpl-license-escrow';
import { openWalletServices } from '../infra/wallets/services';
import { createDisputeActivities } from './dispute/activities';
import { createWithdrawalActivities } from './withdrawal/activities';
import { createContractAnchorActivities } from './contract-anchor/activities';
import { contractAnchor } from '../infra/royalties/contract-anchor';
import type { WalletServices } from '../infra/wallets/services';
import type { DeliverReviewDecision, DisputeEffects, OpenCaseOf } from '../domain/disputes/ports';
import { createDisputeEffects } from '../infra/disputes/dispute-effects';

/** Every workflow definition (workflows/all.ts), bundled once for the worker. */
export const TRACK_LIFECYCLE_WORKFLOWS_PATH = fileURLToPath(new URL('./all.ts', import.meta.url));

let bundle: Promise<WorkflowBundleWithSourceMap> | null = null;

/** The workflow code, bundled by Temporal's webpack once per process (a few seconds) and reused. */
export function bundleTrackLifecycleWorkflows(): Promise<WorkflowBundleWithSourceMap> {
  bundle ??= bundleWorkflowCode({ workflowsPath: TRACK_LIFECYCLE_WORKFLOWS_PATH, logger: bundlerLogger }).catch((error: unknown) => {
    bundle = null;
    throw error;
  });
  return bundle;
}

export interface TrackLifecycleWorkerOptions extends TrackLifecycleActivityDeps, TokenChargeActivityDeps, Omit<PartnerReportActivityDeps, 'eventStore'> {
  connection: NativeConnection;
  namespace: string;
  taskQueue?: string;
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
  /** Users' wallets: the Polygon treasury withdrawals are sent from, the creators' keys contract anchors are signed with. Absent: withdrawals are credited back and contracts are not anchored here. */
  wallets?: WalletServices;
}

export async function createTrackLifecycleWorker(options: TrackLifecycleWorkerOptions): Promise<Worker> {
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue ?? TRACK_LIFECYCLE_TASK_QUEUE,
    workflowBundle: await bundleTrackLifecycleWorkflows(),
    activities: {
      ...createTrackLifecycleActivities(options),
      ...createTokenChargeActivities(options),
      ...createRoyaltyContractActivities({ eventStore: options.eventStore, db: options.db, ...royaltyActivityPorts({ eventStore: options.eventStore, db: options.db, tokenLedger: options.tokenLedger }, options.royaltyPorts ?? {}) }),
      ...createLicensePurchaseActivities({ ...options, royaltyEarnings: royaltyEarningsSink(options.eventStore), escrow: options.licenseEscrow ?? null }),
      ...createReleaseActivities({ ...options, distributor: options.distributor ?? (options.deliveryPartner ? new SftpDistributor(options.deliveryPartner) : new SandboxDistributor(options.storage.root)), dataDir: options.storage.root }),
      // The partner's sales reports become payable statements (infra/distribution/statement-import.ts), paid only up to its funds.
      ...createPartnerReportActivities({
        ...options,
        partnerStatements:
          options.partnerStatements === undefined
            ? payableStatementImporter({ eventStore: options.eventStore, releases: postgresReleaseLookup(options.db), earnings: royaltyEarningsSink(options.eventStore) })
            : options.partnerStatements,
      }),
      ...createDisputeActivities({
        eventStore: options.eventStore,
        effects: options.disputeEffects ?? createDisputeEffects({ eventStore: options.eventStore, tokenLedger: options.tokenLedger, db: options.db }),
        openCaseOf: options.openCaseOf,
        deliverReviewDecision: options.deliverReviewDecision,
      }),
      ...createWithdrawalActivities({ tokenLedger: options.tokenLedger, treasury: options.wallets?.treasury ?? null }),
      ...(options.wallets
        ? createContractAnchorActivities({
            eventStore: options.eventStore,
            anchor: contractAnchor({ eventStore: options.eventStore, wallets: options.wallets, platformAccount: options.ledger.account, network: options.ledger.network }),
          })
        : {}),
    },
  });
}

/** Temporal's own log lines, sent to the project logger. */
export const temporalLogger: TemporalLogger = {
  log: (level: LogLevel, message: string, meta?: LogMetadata) => {
    const pinoLevel = level === 'TRACE' ? 'trace' : level === 'DEBUG' ? 'debug' : level === 'INFO' ? 'info' : level === 'WARN' ? 'warn' : 'error';
    logger[pinoLevel]({ component: 'temporal', ...meta }, message);
  },
  trace: (message, meta) => temporalLogger.log('TRACE', message, meta),
  debug: (message, meta) => temporalLogger.log('DEBUG', message, meta),
  info: (message, meta) => temporalLogger.log('INFO', message, meta),
  warn: (message, meta) => temporalLogger.log('WARN', message, meta),
  error: (message, meta) => temporalLogger.log('ERROR', message, meta),
};

// webpack's build report is a screenful at INFO: keep it for debugging only.
const bundlerLogger: TemporalLogger = {
  ...temporalLogger,
  log: (level, message, meta) => temporalLogger.log(level === 'INFO' ? 'DEBUG' : level, message, meta),
  info: (message, meta) => temporalLogger.log('DEBUG', message, meta),
};

/**
 * Sends the Temporal SDK's logs to the project logger and leaves signal handling to the process
 * (the SDK would otherwise shut workers down on SIGINT/SIGTERM by itself). Call it before the first
 * Temporal connection; later it has no effect (the SDK's runtime can only be installed once).
 */
export function installTemporalRuntime(): boolean {
  try {
    Runtime.install({ logger: temporalLogger, shutdownSignals: [] });
    return true;
  } catch (error) {
    logger.debug({ err: error }, 'Temporal runtime already installed');
    return false;
  }
}

async function runStandalone(): Promise<void> {
  const config = loadConfig();
  if (!config.temporalAddress) throw new Error('TEMPORAL_ADDRESS must be set for a standalone worker');
  if (!config.databaseUrl) {
    logger.warn('DATABASE_URL is not set: the worker opens the embedded PGlite, which no other process can share');
  }
  installTemporalRuntime();
  logDeliverySetup(config.distribution);

  const storage = new FileStorage(config.dataDir);
  await storage.init();
  const platform = await openPlatform(config, lifecycleMigrations);
  const services = await openLifecycleServices(config.dataDir);
  const wallets = await openWalletServices(config.dataDir, config.wallets);
  const licenseEscrow = await openLicenseEscrow({ eventStore: platform.eventStore, wallets, dataDir: config.dataDir, url: services.ledger.url });
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  const taskQueue = TRACK_LIFECYCLE_TASK_QUEUE;
  const worker = await createTrackLifecycleWorker({
    connection,
    namespace: config.temporalNamespace,
    eventStore: platform.eventStore,
    db: platform.db,
    storage,
    tokenLedger: new TokenLedger(platform.eventStore),
    licenseEscrow,
    deliveryPartner: config.distribution.partner,
    wallets,
    ...services,
    taskQueue,
  });

  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'worker stopping');
    if (worker.getState() === 'RUNNING') worker.shutdown();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  const running = worker.run();
  logger.info({ taskQueue, namespace: config.temporalNamespace, temporal: config.temporalAddress }, 'worker ready');
  try {
    await running;
  } finally {
    await connection.close();
    await services.ledger.close();
    await platform.close();
    logger.info('worker stopped');
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  runStandalone().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.fatal({ err: error }, 'worker failed');
      process.exit(1);
    },
  );
}
