// Builds the Fastify app: plugins first, then routes, then the built web app (if present).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { SessionStore } from '../infra/auth/session-store';
import type { Db } from '../infra/db/db';
import type { EventStore } from '../infra/eventstore/event-store';
import { logger } from '../infra/logger/logger';
import type { QxmpPayConfig, TrustProxy } from '../infra/config';
import type { FileStorage } from '../infra/storage/file-storage';
import type { Projector } from '../projections/projector';
import { VaultListCache } from '../projections/vault/list-cache';
import type {
  CheckCommand,
  CheckOutcomeValue,
  CommandOutcome,
  MasterCommand,
  MasterOutcomeValue,
  RegisterCommand,
  RegisterOutcomeValue,
  RetryCommand,
  TrackLifecycleInput,
} from '../workflows/track-lifecycle/shared';
import type { CertificateSigningKey } from '../infra/certificate/signing-key';
import type { XrplLedger } from '../infra/xrpl/ledger';
import type { TokenLedger } from '../infra/tokens/token-ledger';
import type { PaymentsProvider } from '../infra/payments/payments-provider';
import type { WalletServices } from '../infra/wallets/services';
import { openMailer, type Mailer } from '../infra/mail/mailer';
import { loadInvitationTokens, type InvitationTokens } from '../infra/royalties/invitation-tokens';
import type { CreatorShareOf, RoyaltyEarningsSink } from '../domain/royalties/ports';
import { creatorShareOf, royaltyEarningsSink } from '../infra/royalties/earnings-sink';
import type { ReleaseLookup } from '../domain/distribution/release-lookup';
import { openRoyaltyServices, type RoyaltyPorts, type RoyaltyServices } from '../infra/royalties/royalty-services';
import { registerOpenApi } from './openapi';
import { authPlugin } from './plugins/auth';
import { HttpError, registerErrorHandler } from './plugins/error-handler';
import { requestGuard, zodValidatorCompiler } from './plugins/request-guard';
import { registerSecurityHeaders } from './plugins/security-headers';
import { operatorThrottle } from './plugins/throttle';
import { realtimeRoutes } from './realtime/hub';
import { recordRoutes } from './route-table';
import { authRoutes } from './routes/auth';
import { qxmpPayRoutes } from './routes/auth/qxmp-pay';
import { fileRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { capabilityRoutes } from './routes/capabilities';
import { CAPABILITY_SETTINGS, describeCapabilities, type CapabilityId, type CapabilityReport } from '../domain/platform/capabilities';
import { copyrightRoutes } from './routes/lifecycle/copyright';
import { disputeReviewRoutes } from './routes/dispute-review';
import { masteringRoutes } from './routes/lifecycle/mastering';
import { uploadRoutes } from './routes/upload';
import { paymentRoutes } from './routes/payments';
import { royaltyInvitationRoutes } from './routes/royalty-invitations';
import { royaltyReceiverRoutes } from './routes/royalty-receivers';
import { statementRoutes } from './routes/statements';
import { tokenRoutes } from './routes/tokens';
import { vaultRoutes } from './routes/vault';
import { smartContractRoutes } from './routes/smart-contracts';
import { proofRoutes } from './routes/proofs';
import { walletRoutes } from './routes/wallets';
import { workRoutes } from './routes/works';
import { distributionRoutes } from './routes/tunecore';
import { licenseOfferRoutes } from './routes/license-offers';
import type { LicensingFrozenOf } from '../domain/licensing/ports';
import type { OpenOracleReview } from '../domain/disputes/oracle-review';
import type { ReleaseClient } from '../workflows/release/client';
import type { WithdrawalClient } from '../workflows/withdrawal/client';
import type { ContractAnchorClient } from '../workflows/contract-anchor/client';
import type { DeliverySettings } from '../infra/distribution/partner-config';
import { licensePurchaseRoutes } from './routes/license-purchases';
import { createLicensePurchaseActivities } from '../workflows/license-purchase/activities';
import { inProcessLicensePurchaseClient, type LicensePurchaseClient } from '../workflows/license-purchase/client';
import type { LicenseEscrow } from '../infra/licensing/license-escrow';
import { workFrozenOf } from '../infra/disputes/work-freeze';
import type { RolesOf } from '../domain/identity/ports';
import { eventStoreRolesOf } from '../infra/identity/roles-of';
import type { WorkflowMonitor } from '../infra/temporal/workflow-monitor';
import { partnerStatementRoutes } from './routes/partner-statements';
import { operationsRoutes } from './routes/operations';
import type { DisputeCommands } from '../domain/disputes/ports';
import { disputeRoutes } from './routes/disputes';
import { developerKeyRoutes } from './routes/developer';
import { developerUsageRoutes } from './routes/developer-usage';
import { v1Routes } from './routes/v1';

/** Starts and drives a track's lifecycle workflow; the real one is Temporal (api/temporal-lifecycle.ts). */
export interface TrackLifecycleClient {
  start(input: TrackLifecycleInput): Promise<{ workflowId: string }>;
  /** Masters (or previews) the track and answers with the outcome. */
  master(input: TrackLifecycleInput, command: MasterCommand): Promise<CommandOutcome<MasterOutcomeValue>>;
  /** Hands the workflow a mastering command and answers once it is accepted. */
  startMaster(input: TrackLifecycleInput, command: MasterCommand): Promise<void>;
  check(input: TrackLifecycleInput, command: CheckCommand): Promise<CommandOutcome<CheckOutcomeValue>>;
  register(input: TrackLifecycleInput, command: RegisterCommand): Promise<CommandOutcome<RegisterOutcomeValue>>;
  retryRegistration(input: TrackLifecycleInput, command: RetryCommand): Promise<CommandOutcome<RegisterOutcomeValue>>;
}

export interface AppDeps {
  db: Db;
  eventStore: EventStore;
  projector: Projector;
  storage: FileStorage;
  lifecycle: TrackLifecycleClient;
  ledger: XrplLedger;
  signingKey: CertificateSigningKey;
  sessions: SessionStore;
  secureCookies: boolean;
  /** Each user's vault list between the changes that alter it. */
  vaultLists: VaultListCache;
  /** The token ledger: every charge and credit. */
  tokenLedger: TokenLedger;
  /** Card payments (Stripe); null when not configured: the payment routes then say so with a 503. */
  payments: PaymentsProvider | null;
  /** Users' wallets: the key box, the Polygon treasury and the XRP purchase settings. */
  wallets: WalletServices;
  /** The origin certificates link to: PUBLIC_URL, else the address the app listens on; never a request header. */
  publicOrigin: () => string;
  /** Sign-in through the QXMP Pay widget; absent or null when not configured. */
  qxmpPay?: QxmpPayConfig | null;
  /** What the platform mails (receivers' invitations): the outbox under data/ unless configured. */
  mailer: Mailer;
  /** Signs and checks the links in receivers' invitations. */
  invitationTokens: InvitationTokens;
  /** The creator's share a content item's receivers may take in total. */
  creatorShareOf: CreatorShareOf;
  /** Matches sales statement lines to releases; by default the `distributions` read model in `db`. */
  releaseLookup?: ReleaseLookup;
  /** Where funded payable-statement money and license sales go: the content's royalty contract; null: not attributed, and the answers say so. */
  royaltyEarnings?: RoyaltyEarningsSink | null;
  /** Royalty contracts: the workflow client and the XRPL anchor; built in-process when absent. */
  royalties?: RoyaltyServices;
  /** Starts release workflows and asks them for takedowns (workflows/release/client.ts). */
  releases: ReleaseClient;
  /** The delivery partner and identifier prefixes (infra/distribution/partner-config.ts); absent: the sandbox, with the placeholder prefixes. */
  delivery?: DeliverySettings;
  /** Opens the review case of a held or contested copyright check (the case workflows' client: openOracleReviewThrough); absent, a review request is recorded and no case opens. */
  openOracleReview?: OpenOracleReview;
  /** Whether a work's licensing is frozen by an open dispute; by default read from the work's freeze stream. */
  licensingFrozenOf?: LicensingFrozenOf;
  /** Runs license purchases (workflows/license-purchase/client.ts); in-process when absent. */
  licensePurchases?: LicensePurchaseClient;
  /** XRPL escrow for license purchases; null or absent without XRPL_URL (escrow purchases are then refused). */
  licenseEscrow?: LicenseEscrow | null;
  /** Runs withdrawals to Polygon (workflows/withdrawal/client.ts); absent: a withdrawal answers 503 (the workflow service is not running). */
  withdrawals?: WithdrawalClient;
  /** Anchors new royalty contracts on the XRP Ledger (workflows/contract-anchor/client.ts); absent: creating a contract answers 503 (the workflow service is not running). */
  contractAnchors?: ContractAnchorClient;
  /** Runs dispute cases (workflows/dispute/client.ts); absent: the dispute actions answer 503 (the workflow service is not running). */
  disputes?: DisputeCommands;
  /** Signed-in users' names and roles; by default folded from their user streams in `eventStore`. */
  rolesOf?: RolesOf;
  /** Stuck or failing workflows for the operations page; absent: the page says Temporal is not reachable from here. */
  workflowMonitor?: WorkflowMonitor;
  /** What this server can do now, derived once from the rest at start (GET /api/capabilities). */
  capabilities: CapabilityReport;
}

export interface BuildAppOptions
  extends Omit<AppDeps, 'sessions' | 'secureCookies' | 'publicOrigin' | 'vaultLists' | 'payments' | 'mailer' | 'invitationTokens' | 'creatorShareOf' | 'releases' | 'capabilities'> {
  payments?: PaymentsProvider | null;
  /** Default: the outbox under the data folder (storage.root). */
  mailer?: Mailer;
  /** Default: the key under data/keys/ (storage.root). */
  invitationTokens?: InvitationTokens;
  /** Default: the content's contract's share (the standard template's before it has one). */
  creatorShareOf?: CreatorShareOf;
  /** Absent: releases are refused with a 503 saying the workflow service is not running. */
  releases?: ReleaseClient;
  secureCookies?: boolean;
  /** PUBLIC_URL: where users reach the platform. */
  publicUrl?: string | null;
  /** Which proxies' X-Forwarded-* headers to believe; none by default. */
  trustProxy?: TrustProxy;
  /** The built web app (web/dist); served with a fallback to index.html for client routes. */
  webDistDir?: string | null;
  /** The ports royalty payouts go through when `royalties` is not given (receivers, split, executor, the Temporal client). */
  royaltyPorts?: RoyaltyPorts;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, trustProxy: options.trustProxy ?? false });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const webDist = options.webDistDir && existsSync(path.join(options.webDistDir, 'index.html')) ? options.webDistDir : null;
  registerErrorHandler(app, webDist);

  const rolesOf = options.rolesOf ?? eventStoreRolesOf(options.eventStore);
  const mailer = options.mailer ?? openMailer(options.storage.root);
  const deps: AppDeps = {
    ...options,
    sessions: new SessionStore(options.db),
    secureCookies: options.secureCookies ?? false,
    payments: options.payments ?? null,
    publicOrigin: () => options.publicUrl ?? listeningOrigin(app),
    vaultLists: new VaultListCache(options.db),
    mailer,
    invitationTokens: options.invitationTokens ?? (await loadInvitationTokens(options.storage.root)),
    creatorShareOf: options.creatorShareOf ?? creatorShareOf(options.eventStore),
    royaltyEarnings: options.royaltyEarnings === undefined ? royaltyEarningsSink(options.eventStore) : options.royaltyEarnings,
    royalties: options.royalties ?? openRoyaltyServices(options, options.royaltyPorts),
    releases: options.releases ?? unavailableReleases,
    licensingFrozenOf: options.licensingFrozenOf ?? workFrozenOf(options.eventStore),
    rolesOf,
    capabilities: describeCapabilities({
      ledgerConnected: options.ledger.url !== null,
      xrpPriced: options.wallets.xrpRate !== null,
      cardPayments: options.payments != null,
      xrpDepositsCredited: options.wallets.xrpDepositsCredited,
      cardOnramp: options.wallets.onrampUrlTemplate !== null,
      withdrawals: options.wallets.treasury !== null,
      workflowService: options.releases !== undefined,
      deliveryPartner: options.delivery?.partner != null,
      mailServer: mailer.transport === 'smtp',
      xrpEscrow: options.licenseEscrow != null,
    }),
  };
  deps.licensePurchases ??= inProcessLicensePurchaseClient(
    createLicensePurchaseActivities({ ...deps, royaltyEarnings: deps.royaltyEarnings ?? null, escrow: deps.licenseEscrow ?? null }),
  );
  logCapabilities(deps.capabilities);
  const stopListening = options.projector.onChange(deps.vaultLists.changed);
  app.addHook('onClose', async () => stopListening());

  recordRoutes(app);
  await registerSecurityHeaders(app, { https: options.publicUrl?.startsWith('https:') ?? false, frameSources: options.qxmpPay ? [options.qxmpPay.origin] : [] });
  await app.register(requestGuard, { publicUrl: options.publicUrl ?? null });
  await app.register(fastifyCookie);
  await app.register(authPlugin, { sessions: deps.sessions, secureCookies: deps.secureCookies, rolesOf });
  await app.register(operatorThrottle);
  await app.register(fastifyMultipart);
  await app.register(fastifyWebsocket);
  // The file route sets its own Cache-Control (private): the plugin's default would overwrite it.
  await app.register(fastifyStatic, { root: options.storage.uploadsDir, serve: false, cacheControl: false });

  await registerOpenApi(app);
  await app.register(healthRoutes, deps);
  await app.register(capabilityRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(qxmpPayRoutes, deps);
  await app.register(uploadRoutes, deps);
  await app.register(vaultRoutes, deps);
  await app.register(fileRoutes, deps);
  await app.register(masteringRoutes, deps);
  await app.register(copyrightRoutes, deps);
  await app.register(disputeReviewRoutes, deps);
  await app.register(tokenRoutes, deps);
  await app.register(paymentRoutes, deps);
  await app.register(walletRoutes, deps);
  await app.register(royaltyReceiverRoutes, deps);
  await app.register(royaltyInvitationRoutes, deps);
  await app.register(statementRoutes, deps);
  await app.register(smartContractRoutes, deps);
  await app.register(distributionRoutes, deps);
  await app.register(licensePurchaseRoutes, deps);
  await app.register(proofRoutes, deps);
  await app.register(workRoutes, deps);
  await app.register(licenseOfferRoutes, deps);
  await app.register(operationsRoutes, deps);
  await app.register(partnerStatementRoutes, deps);
  await app.register(disputeRoutes, deps);
  await app.register(developerKeyRoutes, deps);
  await app.register(developerUsageRoutes, deps);
  // Its own scope: the API key guard's hooks apply to the v1 routes only.
  await app.register(v1Routes, deps);
  await app.register(realtimeRoutes(options.projector));

  // Client-side routes (/dashboard, /checkout, unknown pages) fall through to index.html in the not-found handler.
  if (webDist) await app.register(fastifyStatic, { root: webDist, prefix: '/', decorateReply: false, wildcard: false });
  return app;
}

/** Operators read at start what is on and, for what is off, the settings that turn it on. */
function logCapabilities(capabilities: CapabilityReport): void {
  const entries = Object.entries(capabilities) as Array<[CapabilityId, CapabilityReport[CapabilityId]]>;
  logger.info(
    {
      on: entries.filter(([, capability]) => capability.available).map(([id]) => id),
      off: Object.fromEntries(entries.filter(([, capability]) => !capability.available).map(([id]) => [id, CAPABILITY_SETTINGS[id]])),
    },
    'capabilities (GET /api/capabilities)',
  );
}

/** Without a workflow service no release can run: said plainly rather than accepted and left waiting. */
const unavailableReleases: ReleaseClient = {
  start: () => Promise.reject(new HttpError(503, 'Distribution needs the workflow service, which is not running on this server')),
  takedown: () => Promise.reject(new HttpError(503, 'Distribution needs the workflow service, which is not running on this server')),
  retryDelivery: () => Promise.reject(new HttpError(503, 'Distribution needs the workflow service, which is not running on this server')),
};

/** http://localhost:PORT for an app listening on every interface or on loopback, else its address. */
export function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return 'http://localhost';
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(address.address);
  const host = local ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
