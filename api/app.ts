// Builds the Fastify app: plugins first, then routes, then the built web app (if present).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { SERVICE_RESTART_CLOSE_CODE } from '../domain/contracts/realtime';
import type { TrustProxy } from '../infra/config';
import { logger } from '../infra/logger/logger';
import { registerOpenApi } from './openapi';
import { authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { requestGuard, zodValidatorCompiler } from './plugins/request-guard';
import { registerSecurityHeaders } from './plugins/security-headers';
import { servicesPlugin, type ServicesOptions } from './plugins/services';
import { operatorThrottle } from './plugins/throttle';
import { realtimeRoutes } from './realtime/hub';
import { recordRoutes } from './route-table';
import { authRoutes } from './routes/auth';
import { qxmpPayRoutes } from './routes/auth/qxmp-pay';
import { fileRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { capabilityRoutes } from './routes/capabilities';
import { faqRoutes } from './routes/faq';
import { legalRoutes } from './routes/legal';
import { certificateRoutes } from './routes/certificates';
import { copyrightCheckRoutes } from './routes/copyright-check';
import { copyrightRegisterRoutes } from './routes/copyright-register';
import { disputeReviewRoutes } from './routes/dispute-review';
import { masteringRoutes } from './routes/mastering';
import { audioRoutes } from './routes/audio';
import { generatedMusicRoutes } from './routes/generated-music';
import { uploadRoutes } from './routes/upload';
import { paymentRoutes } from './routes/payments';
import { royaltyInvitationRoutes } from './routes/royalty-invitations';
import { accountRoutes } from './routes/account';
import { streamingWaitingListRoutes } from './routes/streaming-waiting-list';
import { royaltyReceiverRoutes } from './routes/royalty-receivers';
import { statementRoutes } from './routes/statements';
import { tokenRoutes } from './routes/tokens';
import { trackRoutes } from './routes/tracks';
import { vaultRoutes } from './routes/vault';
import { smartContractRoutes } from './routes/smart-contracts';
import { proofRoutes } from './routes/proofs';
import { walletRoutes } from './routes/wallets';
import { workRoutes } from './routes/works';
import { distributionRoutes } from './routes/tunecore';
import { licenseOfferRoutes } from './routes/license-offers';
import { licensePurchaseRoutes } from './routes/license-purchases';
import { partnerStatementRoutes } from './routes/partner-statements';
import { operationsRoutes } from './routes/operations';
import { emergencyLockdownRoutes } from './routes/emergency-lockdown';
import { mediaPreviewRoutes } from './routes/media-previews';
import { disputeRoutes } from './routes/disputes';
import { referenceHoldRoutes } from './routes/reference-holds';
import { supportQueueRoutes } from './routes/support-queue';
import { supportTicketRoutes } from './routes/support-tickets';
import { developerKeyRoutes } from './routes/developer';
import { developerUsageRoutes } from './routes/developer-usage';
import { notificationRoutes } from './routes/notifications';
import { analyticsRoutes } from './routes/analytics';
import { v1Routes } from './routes/v1';
import { accountExportRoutes } from './routes/account-exports';
import { referenceRoutes } from './routes/references';
import { accountDeletionRoutes } from './routes/account-deletion';
import { supportAgentRoutes } from './routes/support-agent';

export interface BuildAppOptions extends ServicesOptions {
  /** Which proxies' X-Forwarded-* headers to believe; none by default. */
  trustProxy?: TrustProxy;
  /** The built web app (web/dist); served with a fallback to index.html for client routes. */
  webDistDir?: string | null;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, trustProxy: options.trustProxy ?? false });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const webDist = options.webDistDir && existsSync(path.join(options.webDistDir, 'index.html')) ? options.webDistDir : null;
  registerErrorHandler(app, webDist);
  await app.register(servicesPlugin, options);
  const { sessions, secureCookies, rolesOf } = app.services;

  recordRoutes(app);
  await registerSecurityHeaders(app, { https: options.publicUrl?.startsWith('https:') ?? false, frameSources: options.qxmpPay ? [options.qxmpPay.origin] : [] });
  await app.register(requestGuard, { publicUrl: options.publicUrl ?? null });
  await app.register(fastifyCookie);
  await app.register(authPlugin, { sessions, secureCookies, rolesOf });
  await app.register(operatorThrottle);
  await app.register(fastifyMultipart);
  // Stopping (SIGTERM: app.close()): new requests and upgrades are answered 503 already, and
  // in-flight requests finish before the close completes. Open sockets are told "service restart",
  // so browsers reconnect at once (to another process) and resume; each response then ends its
  // connection, or a keep-alive client (a proxy) would hold the close open until its idle timeout.
  let stopping = false;
  await app.register(fastifyWebsocket, {
    async preClose(this: FastifyInstance) {
      stopping = true;
      for (const socket of this.websocketServer.clients) socket.close(SERVICE_RESTART_CLOSE_CODE, 'service restart');
    },
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  // The file route sets its own Cache-Control (private): the plugin's default would overwrite it.
  await app.register(fastifyStatic, { root: options.storage.root, serve: false, cacheControl: false });

  await registerOpenApi(app);
  await app.register(healthRoutes);
  await app.register(capabilityRoutes);
  await app.register(legalRoutes);
  await app.register(faqRoutes);
  await app.register(authRoutes);
  await app.register(qxmpPayRoutes);
  await app.register(accountRoutes);
  await app.register(streamingWaitingListRoutes);
  await app.register(accountExportRoutes);
  await app.register(referenceRoutes);
  await app.register(accountDeletionRoutes);
  await app.register(uploadRoutes);
  await app.register(vaultRoutes);
  await app.register(fileRoutes);
  await app.register(masteringRoutes);
  await app.register(audioRoutes);
  await app.register(generatedMusicRoutes);
  await app.register(copyrightCheckRoutes);
  await app.register(copyrightRegisterRoutes);
  await app.register(certificateRoutes);
  await app.register(trackRoutes);
  await app.register(supportTicketRoutes);
  await app.register(supportQueueRoutes);
  await app.register(disputeReviewRoutes);
  await app.register(tokenRoutes);
  await app.register(paymentRoutes);
  await app.register(walletRoutes);
  await app.register(royaltyReceiverRoutes);
  await app.register(royaltyInvitationRoutes);
  await app.register(statementRoutes);
  await app.register(smartContractRoutes);
  await app.register(distributionRoutes);
  await app.register(licensePurchaseRoutes);
  await app.register(proofRoutes);
  await app.register(workRoutes);
  await app.register(licenseOfferRoutes);
  await app.register(operationsRoutes);
  await app.register(emergencyLockdownRoutes);
  await app.register(mediaPreviewRoutes);
  await app.register(partnerStatementRoutes);
  await app.register(disputeRoutes);
  await app.register(referenceHoldRoutes);
  await app.register(developerKeyRoutes);
  await app.register(developerUsageRoutes);
  await app.register(notificationRoutes);
  await app.register(analyticsRoutes);
  await app.register(supportAgentRoutes);
  // Its own scope: the API key guard's hooks apply to the v1 routes only.
  await app.register(v1Routes);
  await app.register(realtimeRoutes(options.projector));

  // Client-side routes (/dashboard, /checkout, unknown pages) fall through to index.html in the not-found handler.
  if (webDist) await app.register(fastifyStatic, { root: webDist, prefix: '/', decorateReply: false, wildcard: false });
  return app;
}
