// The Temporal worker of a process (GOOSE_ROLE=worker, or inside `all`): every workflow and its
// activities, bound to the database, the file store and the services. Stopping (SIGTERM) lets the
// running activities finish within the grace time while no new task is polled; an activity still
// running then is cancelled and Temporal retries it on another worker. The render pool closes after.
import { NativeConnection } from '@temporalio/worker';
import type { ContentStorage } from '../../infra/storage/storage';
import { openAcoustidCatalogue } from '../../infra/acoustid/catalogue';
import { logDeliverySetup } from '../../infra/distribution/partner-config';
import { vocalEngines } from '../../infra/creation/vocals/detect';
import { logger } from '../../infra/logger/logger';
import type { OpenOracleReview } from '../../domain/disputes/oracle-review';
import type { OpenReferenceConflict } from '../../domain/disputes/reference-review';
import { temporalReviewDecisionDelivery } from '../../workflows/track-lifecycle/review-decision';
import { closeProcessRenderPool } from '../../workflows/song-generation/activities';
import { createTrackLifecycleWorker } from '../../workflows/worker';
import type { RoleContext, ServingServices } from './shared';

/** How long a worker role's stop waits for running activities (WORKER_SHUTDOWN_GRACE_MS; default 20 s). */
export function workerShutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.WORKER_SHUTDOWN_GRACE_MS;
  if (given === undefined || given === '') return 20_000;
  const ms = Number(given);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`WORKER_SHUTDOWN_GRACE_MS must be a whole number of milliseconds, got ${given}`);
  return ms;
}

export async function startWorker(
  context: RoleContext,
  {
    storage,
    services,
    openOracleReview,
    openReferenceConflict,
    graceful,
  }: { storage: ContentStorage; services: ServingServices; openOracleReview: OpenOracleReview; openReferenceConflict: OpenReferenceConflict; graceful: boolean },
): Promise<void> {
  const { config, platform, client, stops } = context;
  const graceMs = graceful ? workerShutdownGraceMs() : 0;
  // Graceful: stopped after the worker, so a render still running once the activities had their
  // grace ends then (retried elsewhere). Otherwise stopped first: a render ends at once.
  if (graceful) stops.add('render pool', () => closeProcessRenderPool());
  const connection = await NativeConnection.connect({ address: context.temporal.address });
  const worker = await createTrackLifecycleWorker({
    connection,
    namespace: config.temporalNamespace,
    eventStore: platform.eventStore,
    db: platform.db,
    storage,
    tokenLedger: context.tokenLedger,
    licenseEscrow: services.licenseEscrow,
    openOracleReview,
    externalCatalogue: openAcoustidCatalogue(config.acoustid, platform.db),
    openReferenceConflict,
    deliverReviewDecision: temporalReviewDecisionDelivery(client, platform.eventStore),
    deliveryPartner: config.distribution.partner,
    wallets: services.wallets,
    ledger: services.ledger,
    signingKey: services.signingKey,
    shutdownGraceTimeMs: graceMs,
  });
  const running = worker.run();
  running.catch((error: unknown) => logger.error({ err: error }, 'the Temporal worker stopped with an error'));
  stops.add(
    'temporal worker',
    async () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running.catch(() => undefined);
      await connection.close();
    },
    graceMs + 10_000,
  );
  if (!graceful) stops.add('render pool', () => closeProcessRenderPool());
  logDeliverySetup(config.distribution);
  // Which voices can sing or rap generated songs, logged now for the operator (tried once, kept).
  void vocalEngines();
  logger.info({ namespace: config.temporalNamespace, temporal: context.temporal.address, shutdownGraceMs: graceMs }, 'worker ready');
}
