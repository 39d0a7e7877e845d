// The services every route uses, as one named plugin: built once from buildApp's options (the
// missing ones filled with the platform's own) and decorated on the instance as `app.services`, so
// route modules read them from the instance and never import api/app.ts.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Locker } from '@tus/server';
import { CAPABILITY_SETTINGS, describeCapabilities, type CapabilityId, type CapabilityReport } from '../../domain/platform/capabilities';
import type { OpenOracleReview } from '../../domain/disputes/oracle-review';
import type { OpenReferenceConflict } from '../../domain/disputes/reference-review';
import type { DisputeCommands } from '../../domain/disputes/ports';
import type { SupportHandoffs } from '../../domain/support/ports';
import type { ReleaseLookup } from '../../domain/distribution/release-lookup';
import type { RolesOf } from '../../domain/identity/ports';
import type { LicensingFrozenOf } from '../../domain/licensing/ports';
import type { CreatorShareOf, RoyaltyEarningsSink } from '../../domain/royalties/ports';
import { SessionStore } from '../../infra/auth/session-store';
import type { ExternalCatalogue } from '../../infra/audio/oracle';
import type { CertificateSigningKey } from '../../infra/certificate/signing-key';
import type { QxmpPayConfig } from '../../infra/config';
import type { Db } from '../../infra/db/db';
import { workFrozenOf } from '../../infra/disputes/work-freeze';
import type { DeliveryPartnerConfig, DeliverySettings } from '../../infra/distribution/partner-config';
import type { EventStore } from '../../infra/eventstore/event-store';
import { eventStoreRolesOf } from '../../infra/identity/roles-of';
import type { LicenseEscrow } from '../../infra/licensing/license-escrow';
import { logger } from '../../infra/logger/logger';
import { openMailer, type Mailer } from '../../infra/mail/mailer';
import type { PaymentsProvider } from '../../infra/payments/payments-provider';
import { creatorShareOf, royaltyEarningsSink } from '../../infra/royalties/earnings-sink';
import { loadInvitationTokens, type InvitationTokens } from '../../infra/royalties/invitation-tokens';
import { loadEmailConfirmationTokens, type EmailConfirmationTokens } from '../../infra/account/email-confirmation-tokens';
import { loadUnsubscribeTokens, type UnsubscribeTokens } from '../../infra/notifications/unsubscribe-tokens';
import { loadMediaLinks, type MediaLinks } from '../../infra/media/media-links';
import { loadWaitingListSecrets, type WaitingListSecrets } from '../../infra/waiting-list/waiting-list-tokens';
import { loadKnowledge, type Knowledge } from '../../infra/knowledge/knowledge';
import type { ContentStorage } from '../../infra/storage/storage';
import { loadCannedReplies, type CannedReplies } from '../../infra/support/canned-replies';
import { supportHandoffs } from '../../infra/support/handoffs';
import type { WorkflowMonitor } from '../../infra/temporal/workflow-monitor';
import type { TokenLedger } from '../../infra/tokens/token-ledger';
import type { WalletServices } from '../../infra/wallets/services';
import type { XrplLedger } from '../../infra/xrpl/ledger';
import type { ReadModelFeed } from '../../projections/read-model-feed';
import { VaultListCache } from '../../projections/vault/list-cache';
import type { LicensePurchaseClient } from '../../workflows/license-purchase/client';
import type { ReleaseClient } from '../../workflows/release/client';
import type { RoyaltyContractClient } from '../../workflows/royalty-contract/client';
import type { TrackLifecycleClient } from '../../workflows/track-lifecycle/client';
import type { WithdrawalClient } from '../../workflows/withdrawal/client';
import type { SongGenerationClient } from '../../workflows/song-generation/client';
import type { ContractAnchorClient } from '../../workflows/contract-anchor/client';
import type { AccountExportClient } from '../../workflows/account-export/client';
import type { ReferenceDeliveryClient } from '../../workflows/reference-delivery/client';
import type { AccountDeletionClient } from '../../workflows/account-deletion/client';
import type { SupportLlmConfig } from '../../infra/config';
import { openAiCompatibleGenerator } from '../../infra/support-agent/generator';
import { minilmDir, readModelFiles, type ModelFiles } from '../../infra/support-agent/model-files';
import { lazyKnowledgeIndex } from '../../infra/support-agent/open';
import { SupportAgent } from '../../infra/support-agent/support-agent';
import { accountFactsFromReadModels } from '../../projections/support-agent/account-facts';
import { HttpError } from './error-handler';
import { openRoyaltyServices, type RoyaltyServices } from './royalty-services';

export interface Services {
  db: Db;
  eventStore: EventStore;
  projector: ReadModelFeed;
  storage: ContentStorage;
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
  /** Signs and checks the links that confirm a user's e-mail address. */
  emailConfirmations: EmailConfirmationTokens;
  /** Signs and checks the one-click unsubscribe links in notification mail. */
  notificationUnsubscribe: UnsubscribeTokens;
  /** Signs and checks the short-lived links media files are served by (docs/ip-protection.md). */
  mediaLinks: MediaLinks;
  /** Signs the waiting list's confirmation links and status cookies, and derives its entry ids. */
  waitingListSecrets: WaitingListSecrets;
  /** The creator's share a content item's receivers may take in total. */
  creatorShareOf: CreatorShareOf;
  /** Matches sales statement lines to releases; by default the `distributions` read model in `db`. */
  releaseLookup?: ReleaseLookup;
  /** Where funded payable-statement money and license sales go: the content's royalty contract; null: not attributed, and the answers say so. */
  royaltyEarnings: RoyaltyEarningsSink | null;
  /** Royalty contracts: the workflow client and the XRPL anchor. */
  royalties: RoyaltyServices;
  /** Starts release workflows and asks them for takedowns (workflows/release/client.ts). */
  releases: ReleaseClient;
  /** The delivery partner and identifier prefixes (infra/distribution/partner-config.ts); absent: the sandbox, with the placeholder prefixes. */
  delivery?: DeliverySettings;
  /** Opens the review case of a held or contested copyright check (the case workflows' client: openOracleReviewThrough); absent, a review request is recorded and no case opens. */
  openOracleReview?: OpenOracleReview;
  /** The outside catalogue the developer API's checks also ask (AcoustID when ACOUSTID_API_KEY is set); absent: results say it was not asked. */
  externalCatalogue?: ExternalCatalogue;
  /** Opens the case for both sides when a delivered reference matches a registered work (openReferenceConflictThrough); absent, the reference ingest says no case could open. */
  openReferenceConflict?: OpenReferenceConflict;
  /** The copyright check asks AcoustID (config.acoustid is set): what /api/capabilities says of outside catalogues. */
  acoustidConfigured?: boolean;
  /** Whether a work's licensing is frozen by an open dispute; by default read from the work's freeze stream. */
  licensingFrozenOf: LicensingFrozenOf;
  /** Runs license purchases (workflows/license-purchase/client.ts). */
  licensePurchases: LicensePurchaseClient;
  /** XRPL escrow for license purchases; null or absent without XRPL_URL (escrow purchases are then refused). */
  licenseEscrow?: LicenseEscrow | null;
  /** Runs withdrawals to Polygon (workflows/withdrawal/client.ts); absent: a withdrawal answers 503 (the workflow service is not running). */
  withdrawals?: WithdrawalClient;
  /** Runs song generations (workflows/song-generation/client.ts); absent: a generation answers 503 (the workflow service is not running). */
  songGenerations?: SongGenerationClient;
  /** Anchors new royalty contracts on the XRP Ledger (workflows/contract-anchor/client.ts); absent: creating a contract answers 503 (the workflow service is not running). */
  contractAnchors?: ContractAnchorClient;
  /** Builds data exports (workflows/account-export/client.ts); absent: an export answers 503 (the workflow service is not running). */
  accountExports?: AccountExportClient;
  /** Indexes rights holders' deliveries of reference recordings (workflows/reference-delivery/client.ts); absent: a delivery answers 503 (the workflow service is not running). */
  referenceDeliveries?: ReferenceDeliveryClient;
  /** The delivery partner's SFTP connection, which rights holders' deliveries are read from (infra/distribution/partner-config.ts); absent or null: an SFTP delivery answers 503. */
  referenceSftp?: DeliveryPartnerConfig | null;
  /** Deletes accounts (workflows/account-deletion/client.ts); absent: a deletion answers 503 (the workflow service is not running). */
  accountDeletions?: AccountDeletionClient;
  /** Runs dispute cases (workflows/dispute/client.ts); absent: the dispute actions answer 503 (the workflow service is not running). */
  disputes?: DisputeCommands;
  /** Signed-in users' names and roles; by default folded from their user streams in `eventStore`. */
  rolesOf: RolesOf;
  /** Stuck or failing workflows for the operations page; absent: the page says Temporal is not reachable from here. */
  workflowMonitor?: WorkflowMonitor;
  /** What this server can do now, derived once from the rest at start (GET /api/capabilities). */
  capabilities: CapabilityReport;
  /** The FAQ and the legal documents, read from content/ once at start (a broken file stops the start). */
  knowledge: Knowledge;
  /** The support users' canned replies, read from content/support/ once at start (a broken file stops the start). */
  cannedReplies: CannedReplies;
  /** The support agent's way to a person: opens a ticket carrying the conversation (infra/support/handoffs.ts). */
  supportHandoffs: SupportHandoffs;
  /** The grounded support agent (docs/support-agent.md); its search index opens on first use or at `prepareSupportAgent`. */
  supportAgent: SupportAgent;
  /** Opens the agent's search index now and embeds its passages in the background (the server calls it after start). */
  prepareSupportAgent: () => void;
  /** Locks a resumable upload while one request writes or accepts it; absent: tus's in-memory locker, for one API process (with DATABASE_URL: infra/locks/advisory-upload-locker.ts). */
  uploadLocker?: Locker;
}

/** What the services are built from: the deployment's own, the rest defaulting to the platform's. */
export interface ServicesOptions
  extends Omit<
    Services,
    | 'sessions'
    | 'secureCookies'
    | 'publicOrigin'
    | 'vaultLists'
    | 'payments'
    | 'mailer'
    | 'invitationTokens'
    | 'emailConfirmations'
    | 'notificationUnsubscribe'
    | 'mediaLinks'
    | 'waitingListSecrets'
    | 'creatorShareOf'
    | 'royaltyEarnings'
    | 'royalties'
    | 'releases'
    | 'licensingFrozenOf'
    | 'rolesOf'
    | 'capabilities'
    | 'knowledge'
    | 'cannedReplies'
    | 'supportHandoffs'
    | 'supportAgent'
    | 'prepareSupportAgent'
  > {
  /** The support agent's optional generator (SUPPORT_LLM_*); absent or null: extractive answers only. */
  supportLlm?: SupportLlmConfig | null;
  /** Default: tickets opened on the event store (infra/support/handoffs.ts). */
  supportHandoffs?: SupportHandoffs;
  /** The MiniLM model's files; default: verified from <data>/models/minilm. */
  supportModel?: ModelFiles;
  /** Default: the repository's content/ folder. */
  knowledge?: Knowledge;
  /** Default: the repository's content/support/canned-replies.md. */
  cannedReplies?: CannedReplies;
  payments?: PaymentsProvider | null;
  /** Default: the outbox under the data folder (storage.root). */
  mailer?: Mailer;
  /** Default: the key under data/keys/ (storage.root). */
  invitationTokens?: InvitationTokens;
  /** Default: the key under data/keys/ (storage.root). */
  emailConfirmations?: EmailConfirmationTokens;
  notificationUnsubscribe?: UnsubscribeTokens;
  /** Default: the key under data/keys/ (storage.root). */
  mediaLinks?: MediaLinks;
  /** Default: the content's contract's share (the standard template's before it has one). */
  creatorShareOf?: CreatorShareOf;
  /** Default: the content's royalty contract (infra/royalties/earnings-sink.ts); null: not attributed. */
  royaltyEarnings?: RoyaltyEarningsSink | null;
  /** Absent: releases are refused with a 503 saying the workflow service is not running. */
  releases?: ReleaseClient;
  licensingFrozenOf?: LicensingFrozenOf;
  rolesOf?: RolesOf;
  secureCookies?: boolean;
  /** PUBLIC_URL: where users reach the platform. */
  publicUrl?: string | null;
  /** The royalty contracts' workflow client (Temporal's in production). */
  royaltyPorts: { contracts: RoyaltyContractClient };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp<ServicesOptions>(
  async (app, options) => {
    const mailer = options.mailer ?? openMailer(options.storage.root);
    const rolesOf = options.rolesOf ?? eventStoreRolesOf(options.eventStore);
    const knowledge = options.knowledge ?? loadKnowledge();
    const supportModel = options.supportModel ?? (await readModelFiles(minilmDir(options.storage.root)));
    const handoffs = options.supportHandoffs ?? supportHandoffs(options.eventStore, options.projector, rolesOf);
    const supportIndex = lazyKnowledgeIndex({ db: options.db, knowledge, model: supportModel });
    const services: Services = {
      ...options,
      sessions: new SessionStore(options.db),
      secureCookies: options.secureCookies ?? false,
      payments: options.payments ?? null,
      publicOrigin: () => options.publicUrl ?? listeningOrigin(app),
      vaultLists: new VaultListCache(options.db),
      mailer,
      invitationTokens: options.invitationTokens ?? (await loadInvitationTokens(options.storage.root)),
      emailConfirmations: options.emailConfirmations ?? (await loadEmailConfirmationTokens(options.storage.root)),
      notificationUnsubscribe: options.notificationUnsubscribe ?? (await loadUnsubscribeTokens(options.storage.root)),
      mediaLinks: options.mediaLinks ?? (await loadMediaLinks(options.storage.root)),
      waitingListSecrets: await loadWaitingListSecrets(options.storage.root),
      creatorShareOf: options.creatorShareOf ?? creatorShareOf(options.eventStore),
      royaltyEarnings: options.royaltyEarnings === undefined ? royaltyEarningsSink(options.eventStore) : options.royaltyEarnings,
      royalties: openRoyaltyServices(options, options.royaltyPorts.contracts),
      releases: options.releases ?? unavailableReleases,
      licensingFrozenOf: options.licensingFrozenOf ?? workFrozenOf(options.eventStore),
      rolesOf,
      knowledge,
      cannedReplies: options.cannedReplies ?? loadCannedReplies(),
      supportHandoffs: handoffs,
      supportAgent: new SupportAgent({
        index: supportIndex.get,
        accountFacts: accountFactsFromReadModels(options.db),
        eventStore: options.eventStore,
        handoffs,
        generator: options.supportLlm ? openAiCompatibleGenerator(options.supportLlm) : null,
      }),
      prepareSupportAgent: supportIndex.prepare,
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
        supportModel: supportModel.available,
        acoustid: options.acoustidConfigured === true,
      }),
    };
    if (!supportModel.available) logger.info({ problem: supportModel.problem }, 'support agent: searching by words only');
    logCapabilities(services.capabilities);
    app.decorate('services', services);
    const stopListening = options.projector.onChange(services.vaultLists.changed);
    app.addHook('onClose', async () => {
      stopListening();
      supportIndex.close();
    });
  },
  { name: 'services' },
);

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
