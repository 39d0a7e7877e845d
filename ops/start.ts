// `npm start`: the whole platform on one machine. With no configuration: PGlite under data/, the
// Temporal CLI dev server (data/temporal.db), the worker, the projector and the API serving the
// built web app on PORT. DATABASE_URL, TEMPORAL_ADDRESS and EVENTSTORE_URL switch to real servers.
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { buildApp } from '../api/app';
import { listeningOrigin } from '../api/plugins/services';
import { temporalLifecycleClient } from '../workflows/track-lifecycle/client';
import { temporalReleaseClient } from '../workflows/release/client';
import { temporalWithdrawalClient } from '../workflows/withdrawal/client';
import { temporalAccountExportClient } from '../workflows/account-export/client';
import { temporalAccountDeletionClient } from '../workflows/account-deletion/client';
import { closeProcessRenderPool } from '../workflows/song-generation/activities';
import { temporalSongGenerationClient } from '../workflows/song-generation/client';
import { temporalContractAnchorClient } from '../workflows/contract-anchor/client';
import { startPartnerReports } from '../workflows/partner-reports/client';
import { deliverySettings, logDeliverySetup } from '../infra/distribution/partner-config';
import { vocalEngines } from '../infra/creation/vocals/detect';
import { sessionMigrations } from '../infra/auth/session-store';
import { pendingEmailMigrations } from '../infra/account/pending-emails';
import { apiUsageMigrations } from '../infra/developer/usage-store';
import { signInNonceMigrations } from '../infra/auth/sign-in-nonces';
import { loadConfig } from '../infra/config';
import { logger } from '../infra/logger/logger';
import { openMailer } from '../infra/mail/mailer';
import { lifecycleMigrations, openLifecycleServices, openPlatform } from '../infra/platform';
import { stripeFromConfig } from '../infra/payments/stripe-payments';
import { openStorage } from '../infra/storage/open-storage';
import { resolveTemporal } from '../infra/temporal/dev-server';
import { allProjections } from '../projections/all';
import { Projector } from '../projections/projector';
import { openMissingAccounts } from '../infra/tokens/open-accounts';
import { TokenLedger } from '../infra/tokens/token-ledger';
import { openWalletServices } from '../infra/wallets/services';
import { XrpDepositWatcher } from '../infra/wallets/xrp-deposit-watcher';
import { NotificationMailDispatcher } from '../infra/notifications/mail-dispatcher';
import { unsentNotificationMail } from '../projections/notifications/queries';
import { openLicenseEscrow } from '../infra/licensing/xrpl-license-escrow';
import { createTrackLifecycleWorker, installTemporalRuntime } from '../workflows/worker';
import { temporalRoyaltyContractClient } from '../workflows/royalty-contract/client';
import { temporalLicensePurchaseClient } from '../workflows/license-purchase/client';
import { startLicensePurchaseRecovery } from './license-purchase-recovery';
import { temporalWorkflowMonitor } from '../infra/temporal/workflow-monitor';
import { bootstrapOpsToken, opsTokenPath } from '../infra/auth/ops-token';
import { temporalDisputeCommands } from '../workflows/dispute/client';
import { temporalReviewDecisionDelivery } from '../workflows/track-lifecycle/review-decision';
import { openOracleReviewThrough } from '../domain/disputes/oracle-review';

const config = loadConfig();
const stops: (() => Promise<unknown>)[] = [];

async function main(): Promise<void> {
  const storage = await openStorage(config.dataDir, config.storage);
  await storage.init();
  // Without OPS_TOKEN the operator token is made once under the data directory (owner-only), so
  // `npm run ops -- grant-role … --api <url>` can make the first operators and reviewers.
  const opsTokenFile = process.env.OPS_TOKEN ? null : opsTokenPath(config.dataDir);
  process.env.OPS_TOKEN ??= await bootstrapOpsToken(config.dataDir);

  installTemporalRuntime();
  const temporal = await resolveTemporal(config);
  stops.push(() => temporal.stop());

  const platform = await openPlatform(config, [...sessionMigrations, ...pendingEmailMigrations, ...signInNonceMigrations, ...lifecycleMigrations, ...apiUsageMigrations]);
  stops.push(() => platform.close());
  const services = await openLifecycleServices(config.dataDir);
  stops.push(() => services.ledger.close());

  const projector = new Projector(platform.db, platform.eventStore, allProjections);
  await projector.start();
  stops.push(() => projector.stop());

  const tokenLedger = new TokenLedger(platform.eventStore);
  const wallets = await openWalletServices(config.dataDir, config.wallets);
  stops.push(async () => wallets.treasury?.close());
  await openMissingAccounts(platform.db, platform.eventStore, tokenLedger);
  // XRP deposits are watched here, beside the one projector, and in no standalone worker: one subscriber per deployment.
  const { xrplUrl, xrpRate } = config.wallets;
  if (xrplUrl && xrpRate) {
    const xrpDeposits = new XrpDepositWatcher({ url: xrplUrl, usdPerXrp: xrpRate.rate, db: platform.db, tokenLedger, walletChanges: projector });
    await xrpDeposits.start();
    stops.push(() => xrpDeposits.stop());
  } else {
    logger.warn({ missing: [xrplUrl ? null : 'XRPL_URL', xrpRate ? null : 'XRP_USD_RATE'].filter(Boolean) }, 'XRP deposits are not credited: set XRPL_URL and XRP_USD_RATE');
  }
  const licenseEscrow = await openLicenseEscrow({ eventStore: platform.eventStore, wallets, dataDir: config.dataDir, url: services.ledger.url });

  const clientConnection = await Connection.connect({ address: temporal.address });
  stops.push(() => clientConnection.close());
  const client = new Client({ connection: clientConnection, namespace: config.temporalNamespace });
  // Held checks open review cases through the case workflows; decisions go back to the tracks' workflows.
  const disputes = temporalDisputeCommands(client);
  const openOracleReview = openOracleReviewThrough(disputes);

  const workerConnection = await NativeConnection.connect({ address: temporal.address });
  const worker = await createTrackLifecycleWorker({
    connection: workerConnection,
    namespace: config.temporalNamespace,
    eventStore: platform.eventStore,
    db: platform.db,
    storage,
    tokenLedger,
    licenseEscrow,
    openOracleReview,
    deliverReviewDecision: temporalReviewDecisionDelivery(client, platform.eventStore),
    deliveryPartner: config.distribution.partner,
    wallets,
    ...services,
  });
  const workerRun = worker.run();
  stops.push(async () => {
    worker.shutdown();
    await workerRun;
    await workerConnection.close();
  });
  // Stopped first (the steps run in reverse): a song being rendered ends now, to be rendered again on the next start.
  stops.push(() => closeProcessRenderPool());

  logDeliverySetup(config.distribution);
  // Which voices can sing or rap generated songs, logged now for the operator (tried once, kept).
  void vocalEngines();
  const partner = config.distribution.partner;
  if (partner) await startPartnerReports(client, { partnerId: partner.id, everyMs: partner.reportsPollMs });

  const stripe = stripeFromConfig(config.stripe);
  if (!stripe.payments) logger.warn({ reason: stripe.reason }, 'card payments are off');
  else if (!stripe.payments.acceptsWebhooks) logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused, so payments are not credited');

  const licensePurchases = temporalLicensePurchaseClient(client);
  const app = await buildApp({
    db: platform.db,
    eventStore: platform.eventStore,
    projector,
    storage,
    lifecycle: temporalLifecycleClient(client),
    royaltyPorts: { contracts: temporalRoyaltyContractClient(client) },
    releases: temporalReleaseClient(client),
    withdrawals: temporalWithdrawalClient(client),
    songGenerations: temporalSongGenerationClient(client),
    contractAnchors: temporalContractAnchorClient(client),
    accountExports: temporalAccountExportClient(client),
    accountDeletions: temporalAccountDeletionClient(client),
    delivery: deliverySettings(config.distribution),
    licensePurchases,
    disputes,
    openOracleReview,
    workflowMonitor: temporalWorkflowMonitor(client, temporal.address),
    licenseEscrow,
    tokenLedger,
    payments: stripe.payments,
    wallets,
    ...services,
    secureCookies: config.secureCookies,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    qxmpPay: config.qxmpPay,
    supportLlm: config.supportLlm,
    mailer: openMailer(config.dataDir, process.env),
    webDistDir: path.resolve('web/dist'),
  });
  stops.push(() => app.close());
  await app.listen({ port: config.port, host: config.host });
  // The support agent's passages are indexed (and embedded, with the model) while the app already serves.
  app.services.prepareSupportAgent();
  // Purchases recorded before a crash let their workflow start: started again now and every minute.
  const recovery = startLicensePurchaseRecovery({ db: platform.db, eventStore: platform.eventStore, purchases: licensePurchases, publicOrigin: () => config.publicUrl ?? listeningOrigin(app) });
  stops.push(() => recovery.stop());
  // Notification mail goes out from here, beside the one projector: one dispatcher per deployment.
  const { mailer, notificationUnsubscribe, publicOrigin } = app.services;
  const notificationMail = new NotificationMailDispatcher({ db: platform.db, unsent: unsentNotificationMail(platform.db), mailer, tokens: notificationUnsubscribe, publicOrigin });
  notificationMail.start();
  stops.push(() => notificationMail.stop());

  const port = (app.server.address() as { port: number }).port;
  logger.info(
    {
      database: config.databaseUrl ? 'postgres (DATABASE_URL)' : `pglite (${path.join(config.dataDir, 'pglite')})`,
      temporal: temporal.address,
      temporalUi: temporal.uiUrl,
      eventStore: config.eventStoreUrl ? 'EventStoreDB (EVENTSTORE_URL)' : 'postgres',
      operatorToken: opsTokenFile ?? 'OPS_TOKEN',
    },
    'GOOSE is running',
  );
  process.stdout.write(`\nGOOSE is running at http://localhost:${port}\n`);
  process.stdout.write(`Grant roles while it runs: npm run ops -- grant-role <username> <reviewer|auditor|operator|support> --api http://localhost:${port}\n\n`);
}

let stopping = false;
const STOP_STEP_TIMEOUT_MS = 10_000;
async function shutdown(signal: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  for (const [index, stop] of stops.reverse().entries()) {
    // A part whose outside service went away (a ledger, Stripe) must not keep the process from ending.
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        logger.warn({ step: index, afterMs: STOP_STEP_TIMEOUT_MS }, 'a shutdown step did not finish in time: going on without it');
        resolve();
      }, STOP_STEP_TIMEOUT_MS);
    });
    await Promise.race([stop().catch((error: unknown) => logger.error({ err: error }, 'error during shutdown')), timedOut]);
    clearTimeout(timer);
  }
  process.exit(exitCode);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

main().catch(async (error: unknown) => {
  logger.fatal({ err: error }, 'GOOSE failed to start');
  await shutdown('startup failure', 1);
});
