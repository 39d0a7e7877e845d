// `npm start`: the whole platform on one machine (GOOSE_ROLE=all, the default). With no
// configuration: PGlite under data/, the Temporal CLI dev server (data/temporal.db), the worker, the
// projector and the API serving the built web app on PORT. DATABASE_URL, TEMPORAL_ADDRESS and
// EVENTSTORE_URL switch to real servers. GOOSE_ROLE (or `--role`) = api, worker or projector starts
// one part only, against those shared servers, so a deployment runs as many of each as it needs
// (ops/roles/, docs/deployment.md).
// Each role's module is imported only when the role runs: a projector loads no API, an API no worker.
// First, a machine without a Temporal CLI or ffmpeg gets the pinned ones from PyPI (infra/toolchain).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openOracleReviewThrough } from '../domain/disputes/oracle-review';
import { openReferenceConflictThrough } from '../domain/disputes/reference-review';
import { bootstrapOpsToken, opsTokenPath } from '../infra/auth/ops-token';
import { loadConfig } from '../infra/config';
import { logger } from '../infra/logger/logger';
import { openMailer } from '../infra/mail/mailer';
import { ensureToolchain } from '../infra/toolchain/ensure';
import { ToolInstallError } from '../infra/toolchain/pinned-tools';
import { loadUnsubscribeTokens } from '../infra/notifications/unsubscribe-tokens';
import { temporalDisputeCommands } from '../workflows/dispute/client';
import { missingForRole, parseRole, type Role } from './roles/role';
import { openFileStore, openRoleContext, openServingServices, Stops, type RoleContext } from './roles/shared';

const config = loadConfig();
const stops = new Stops();

/** How long `all` waits for the projector's lock on a shared Postgres before refusing. */
const ALL_IN_ONE_LEAD_WAIT_MS = 5_000;

/** Without OPS_TOKEN the operator token is made once under the data directory (owner-only), so `npm run ops -- grant-role … --api <url>` can make the first operators and reviewers. */
async function ensureOpsToken(): Promise<string | null> {
  const opsTokenFile = process.env.OPS_TOKEN ? null : opsTokenPath(config.dataDir);
  process.env.OPS_TOKEN ??= await bootstrapOpsToken(config.dataDir);
  return opsTokenFile;
}

async function main(role: Role): Promise<void> {
  // The embedded dev server serves only `all` without TEMPORAL_ADDRESS; a projector runs no ffmpeg.
  await ensureToolchain({ temporal: role === 'all' && !config.temporalAddress, ffmpeg: role !== 'projector' });
  if (role === 'all' || role === 'worker') (await import('../workflows/worker')).installTemporalRuntime();
  const context = await openRoleContext(role, config, stops);
  if (role === 'all') return startAllInOne(context);
  if (role === 'worker') {
    const { startWorker } = await import('./roles/worker');
    const services = await openServingServices(context);
    const disputes = temporalDisputeCommands(context.client);
    await startWorker(context, {
      storage: await openFileStore(config),
      services,
      openOracleReview: openOracleReviewThrough(disputes),
      openReferenceConflict: openReferenceConflictThrough(disputes),
      graceful: true,
    });
  } else if (role === 'projector') {
    const { startProjectorLeadership } = await import('./roles/projector');
    await startProjectorLeadership(context, {
      mailer: openMailer(config.dataDir, process.env),
      notificationUnsubscribe: await loadUnsubscribeTokens(config.dataDir),
      publicOrigin: () => config.publicUrl ?? `http://localhost:${config.port}`,
    });
    if (!config.publicUrl) logger.warn('PUBLIC_URL is not set: links in notification mail and certificates point at http://localhost');
  } else {
    const [{ startApi }, { readModelsReady }, { openPostgresReadModelFeed }] = await Promise.all([import('./roles/api'), import('./roles/read-models-ready'), import('../projections/postgres-read-model-feed')]);
    const storage = await openFileStore(config);
    await ensureOpsToken();
    const services = await openServingServices(context);
    await readModelsReady(context.platform.db);
    const feed = await openPostgresReadModelFeed(context.platform.db, { connectionString: config.databaseUrl! });
    stops.add('read-model feed', () => feed.close());
    const disputes = temporalDisputeCommands(context.client);
    await startApi(context, { storage, services, feed, disputes, openOracleReview: openOracleReviewThrough(disputes), openReferenceConflict: openReferenceConflictThrough(disputes) });
  }
  logger.info({ role, temporal: context.temporal.address, port: role === 'api' ? config.port : undefined }, `GOOSE ${role} is running`);
}

async function startAllInOne(context: RoleContext): Promise<void> {
  const [{ startApi }, { startWorker }, { startProjectorLeadership }, { listeningOrigin }] = await Promise.all([
    import('./roles/api'),
    import('./roles/worker'),
    import('./roles/projector'),
    import('../api/plugins/services'),
  ]);
  const storage = await openFileStore(config);
  const opsTokenFile = await ensureOpsToken();
  const services = await openServingServices(context);
  const mailer = openMailer(config.dataDir, process.env);
  let app: FastifyInstance | null = null;
  const { projector, leadership } = await startProjectorLeadership(context, {
    mailer,
    notificationUnsubscribe: await loadUnsubscribeTokens(storage.root),
    publicOrigin: () => config.publicUrl ?? (app ? listeningOrigin(app) : `http://localhost:${config.port}`),
  });
  // The API hears the projections through this process's projector: it must lead, not stand by.
  if (leadership) {
    const led = await Promise.race([leadership.led.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), ALL_IN_ONE_LEAD_WAIT_MS))]);
    if (!led) throw new Error('Another projector leads this database: run this process with GOOSE_ROLE=api (or worker) beside it, or stop the other projector');
  }
  // Held checks open review cases through the case workflows; decisions go back to the tracks' workflows.
  const disputes = temporalDisputeCommands(context.client);
  const openOracleReview = openOracleReviewThrough(disputes);
  const openReferenceConflict = openReferenceConflictThrough(disputes);
  await startWorker(context, { storage, services, openOracleReview, openReferenceConflict, graceful: false });
  app = await startApi(context, { storage, services, feed: projector, disputes, openOracleReview, openReferenceConflict });

  const port = (app.server.address() as { port: number }).port;
  logger.info(
    {
      database: config.databaseUrl ? 'postgres (DATABASE_URL)' : `pglite (${path.join(config.dataDir, 'pglite')})`,
      temporal: context.temporal.address,
      temporalUi: context.temporal.uiUrl,
      eventStore: config.eventStoreUrl ? 'EventStoreDB (EVENTSTORE_URL)' : 'postgres',
      operatorToken: opsTokenFile ?? 'OPS_TOKEN',
    },
    'GOOSE is running',
  );
  process.stdout.write(`\nGOOSE is running at http://localhost:${port}\n`);
  process.stdout.write(`Grant roles while it runs: npm run ops -- grant-role <username> <reviewer|auditor|operator|support|rights_holder> --api http://localhost:${port}\n\n`);
}

let stopping = false;
async function shutdown(signal: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  await stops.run();
  process.exit(exitCode);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

let role: Role;
try {
  role = parseRole(process.argv.slice(2), process.env);
  const missing = missingForRole(role, config);
  if (missing) throw new Error(missing);
} catch (error) {
  // A settings mistake, said plainly: no stack trace.
  logger.fatal((error as Error).message);
  process.exit(2);
}
main(role).catch(async (error: unknown) => {
  // A tool that could not be installed is said plainly, with the way around it: no stack trace.
  if (error instanceof ToolInstallError) logger.fatal(error.message);
  else logger.fatal({ err: error }, 'GOOSE failed to start');
  await shutdown('startup failure', 1);
});
