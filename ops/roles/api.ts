// The HTTP API and websockets of a process (GOOSE_ROLE=api, or inside `all`): buildApp on the
// shared database and Temporal, listening on PORT. It runs no worker and no projector: live changes
// and read-your-writes come from the feed it is given (the in-process projector in `all`, the
// Postgres change log for a split API). Stopping closes the app, which drains HTTP and websockets.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app';
import { openAcoustidCatalogue } from '../../infra/acoustid/catalogue';
import { AdvisoryUploadLocker } from '../../infra/locks/advisory-upload-locker';
import type { OpenOracleReview } from '../../domain/disputes/oracle-review';
import type { OpenReferenceConflict } from '../../domain/disputes/reference-review';
import { deliverySettings } from '../../infra/distribution/partner-config';
import { logger } from '../../infra/logger/logger';
import { openMailer } from '../../infra/mail/mailer';
import { stripeFromConfig } from '../../infra/payments/stripe-payments';
import type { ContentStorage } from '../../infra/storage/storage';
import { temporalWorkflowMonitor } from '../../infra/temporal/workflow-monitor';
import type { ReadModelFeed } from '../../projections/read-model-feed';
import { temporalAccountDeletionClient } from '../../workflows/account-deletion/client';
import { temporalAccountExportClient } from '../../workflows/account-export/client';
import { temporalReferenceDeliveryClient } from '../../workflows/reference-delivery/client';
import { temporalContractAnchorClient } from '../../workflows/contract-anchor/client';
import type { DisputeCommands } from '../../domain/disputes/ports';
import { temporalLicensePurchaseClient } from '../../workflows/license-purchase/client';
import { temporalReleaseClient } from '../../workflows/release/client';
import { temporalRoyaltyContractClient } from '../../workflows/royalty-contract/client';
import { temporalSongGenerationClient } from '../../workflows/song-generation/client';
import { temporalLifecycleClient } from '../../workflows/track-lifecycle/client';
import { temporalWithdrawalClient } from '../../workflows/withdrawal/client';
import type { RoleContext, ServingServices } from './shared';

export async function startApi(
  context: RoleContext,
  {
    storage,
    services,
    feed,
    disputes,
    openOracleReview,
    openReferenceConflict,
  }: { storage: ContentStorage; services: ServingServices; feed: ReadModelFeed; disputes: DisputeCommands; openOracleReview: OpenOracleReview; openReferenceConflict: OpenReferenceConflict },
): Promise<FastifyInstance> {
  const { config, platform, client, temporal, stops } = context;
  const stripe = stripeFromConfig(config.stripe);
  if (!stripe.payments) logger.warn({ reason: stripe.reason }, 'card payments are off');
  else if (!stripe.payments.acceptsWebhooks) logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused, so payments are not credited');

  // On a Postgres server several API processes may take one upload's requests: they lock it there.
  const uploadLocker = config.databaseUrl ? new AdvisoryUploadLocker({ connectionString: config.databaseUrl }) : undefined;
  if (uploadLocker) stops.add('upload locks', () => uploadLocker.close());
  const app = await buildApp({
    db: platform.db,
    eventStore: platform.eventStore,
    projector: feed,
    storage,
    lifecycle: temporalLifecycleClient(client),
    royaltyPorts: { contracts: temporalRoyaltyContractClient(client) },
    releases: temporalReleaseClient(client),
    withdrawals: temporalWithdrawalClient(client),
    songGenerations: temporalSongGenerationClient(client),
    contractAnchors: temporalContractAnchorClient(client),
    accountExports: temporalAccountExportClient(client),
    referenceDeliveries: temporalReferenceDeliveryClient(client),
    referenceSftp: config.distribution.partner,
    accountDeletions: temporalAccountDeletionClient(client),
    delivery: deliverySettings(config.distribution),
    licensePurchases: temporalLicensePurchaseClient(client),
    disputes,
    openOracleReview,
    externalCatalogue: openAcoustidCatalogue(config.acoustid, platform.db),
    openReferenceConflict,
    acoustidConfigured: config.acoustid !== null,
    workflowMonitor: temporalWorkflowMonitor(client, temporal.address),
    licenseEscrow: services.licenseEscrow,
    tokenLedger: context.tokenLedger,
    payments: stripe.payments,
    wallets: services.wallets,
    ledger: services.ledger,
    signingKey: services.signingKey,
    secureCookies: config.secureCookies,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    qxmpPay: config.qxmpPay,
    supportLlm: config.supportLlm,
    mailer: openMailer(config.dataDir, process.env),
    webDistDir: path.resolve('web/dist'),
    uploadLocker,
  });
  stops.add('api', () => app.close(), 20_000);
  await app.listen({ port: config.port, host: config.host });
  // The support agent's passages are indexed (and embedded, with the model) while the app already serves.
  app.services.prepareSupportAgent();
  return app;
}
