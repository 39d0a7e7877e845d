// The Temporal worker for every workflow (workflows/registry.ts): workflow code bundled once per
// process, activities bound to the event store, file storage and the platform's other services.
// `npm start` creates it in-process; run this file directly (`npx tsx workflows/worker.ts`, needs
// DATABASE_URL and TEMPORAL_ADDRESS) for a standalone worker process.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LogLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/common';
import { bundleWorkflowCode, NativeConnection, Runtime, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { openAcoustidCatalogue } from '../infra/acoustid/catalogue';
import { loadConfig } from '../infra/config';
import { logger } from '../infra/logger/logger';
import { lifecycleMigrations, openLifecycleServices, openPlatform } from '../infra/platform';
import { openStorage } from '../infra/storage/open-storage';
import { TokenLedger } from '../infra/tokens/token-ledger';
import { logDeliverySetup } from '../infra/distribution/partner-config';
import { vocalEngines } from '../infra/creation/vocals/detect';
import { openLicenseEscrow } from '../infra/licensing/xrpl-license-escrow';
import { openWalletServices } from '../infra/wallets/services';
import { workerActivities, type WorkerServices } from './registry';
import { closeProcessRenderPool } from './song-generation/activities';
import { TASK_QUEUE } from './task-queue';

/** Every workflow definition (workflows/all.ts), bundled once for the worker. */
export const TRACK_LIFECYCLE_WORKFLOWS_PATH = fileURLToPath(new URL('./all.ts', import.meta.url));

let bundle: Promise<WorkflowBundleWithSourceMap> | null = null;

/**
 * The workflow code: read from WORKFLOW_BUNDLE_PATH when set (a bundle prebuilt by
 * `npm run build:workflows`, as Temporal advises for production workers: no webpack at start, and
 * every worker runs the same code), else bundled by Temporal's webpack once per process (a few
 * seconds of CPU) and reused.
 */
export function bundleTrackLifecycleWorkflows(): Promise<WorkflowBundleWithSourceMap> {
  const prebuilt = process.env.WORKFLOW_BUNDLE_PATH;
  bundle ??= (prebuilt ? readWorkflowBundle(prebuilt) : buildWorkflowBundle()).catch((error: unknown) => {
    bundle = null;
    throw error;
  });
  return bundle;
}

/** Bundles every workflow definition with Temporal's webpack. */
export function buildWorkflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({ workflowsPath: TRACK_LIFECYCLE_WORKFLOWS_PATH, logger: bundlerLogger });
}

/** A prebuilt bundle: the code at `file`, its source map beside it (`<file>.map`), as `writeWorkflowBundle` leaves them. */
async function readWorkflowBundle(file: string): Promise<WorkflowBundleWithSourceMap> {
  const [code, sourceMap] = await Promise.all([readFile(file, 'utf8'), readFile(`${file}.map`, 'utf8')]);
  return { code, sourceMap };
}

/** Bundles the workflows and writes them to `file` (and its source map to `<file>.map`) for WORKFLOW_BUNDLE_PATH. */
export async function writeWorkflowBundle(file: string): Promise<void> {
  const { code, sourceMap } = await buildWorkflowBundle();
  await mkdir(path.dirname(file), { recursive: true });
  await Promise.all([writeFile(file, code), writeFile(`${file}.map`, sourceMap)]);
}

export interface TrackLifecycleWorkerOptions extends WorkerServices {
  connection: NativeConnection;
  namespace: string;
  taskQueue?: string;
  /** How long a stopping worker lets running activities finish before cancelling them (Temporal then retries them on another worker). Default 0. */
  shutdownGraceTimeMs?: number;
}

export async function createTrackLifecycleWorker(options: TrackLifecycleWorkerOptions): Promise<Worker> {
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue ?? TASK_QUEUE,
    workflowBundle: await bundleTrackLifecycleWorkflows(),
    activities: workerActivities(options),
    shutdownGraceTime: options.shutdownGraceTimeMs ?? 0,
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
  // Which voices can sing or rap generated songs, logged now for the operator (tried once, kept).
  void vocalEngines();

  const storage = await openStorage(config.dataDir, config.storage);
  await storage.init();
  const platform = await openPlatform(config, lifecycleMigrations);
  const services = await openLifecycleServices(config.dataDir);
  const wallets = await openWalletServices(config.dataDir, config.wallets);
  const licenseEscrow = await openLicenseEscrow({ eventStore: platform.eventStore, wallets, dataDir: config.dataDir, url: services.ledger.url });
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  const taskQueue = TASK_QUEUE;
  const worker = await createTrackLifecycleWorker({
    connection,
    namespace: config.temporalNamespace,
    eventStore: platform.eventStore,
    db: platform.db,
    storage,
    tokenLedger: new TokenLedger(platform.eventStore),
    licenseEscrow,
    deliveryPartner: config.distribution.partner,
    externalCatalogue: openAcoustidCatalogue(config.acoustid, platform.db),
    wallets,
    ...services,
    taskQueue,
  });

  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'worker stopping');
    // A song being rendered ends now (its activity is retried on the next start) rather than holding the stop.
    void closeProcessRenderPool();
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
