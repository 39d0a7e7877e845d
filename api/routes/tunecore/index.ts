// The distribution routes: the stores and genres, how releases are delivered here
// (a delivery partner, or the sandbox that reaches no store and charges nothing), the signed-in
// creator's releases, submitting a release (refused without a store, without a ledger
// registration, or, for a partner, without the yearly fee in tokens: 402, or while the platform's
// ISRC/UPC prefixes are placeholders: 503), a takedown, and the release package's ERN message. The
// release itself runs as a workflow (workflows/release); the answers read the distributions model.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryInfoSchema, distributeResponseSchema, distributionListSchema, genreListSchema, storeListSchema, takedownResponseSchema, type DeliveryInfo, type Distribution } from '../../../domain/contracts/distribution';
import { DISTRIBUTION_FEE_USD_PER_YEAR, GENRES, STORE_IDS, STORES } from '../../../domain/distribution/catalogue';
import { releaseStreamId } from '../../../domain/distribution/release.events';
import { placeholderPrefixVariables, SANDBOX_DELIVERY } from '../../../infra/distribution/partner-config';
import { requestRelease } from '../../../infra/distribution/request-release';
import { releaseDirectory, ERN_FILE } from '../../../infra/distribution/release-package';
import { findActiveDistributionOf, findOwnedDistribution, listDistributions } from '../../../projections/distributions/queries';
import { findOwnedTrack, toVaultItem } from '../../../projections/vault/queries';
import { fileResponse, noBody, PUBLIC } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { idParams } from '../shared-schemas';
import { requireTokensFor } from '../track-commands';
import { distributeBodySchema } from './schemas';
import { IllegalStateError, NotFoundError, ValidationError } from '../../../domain/shared/errors';

export const NO_STORE_SELECTED = 'Please select at least one streaming platform for distribution';
export const REGISTRATION_REQUIRED = 'Copyright Registration Required: register the track on the XRP Ledger before distributing it';

const GENRE_NAMES: readonly string[] = GENRES;

/** What the creator is told before and after submitting to the sandbox. */
export const SANDBOX_DIALOG_NOTICE = 'Sandbox: this server has no delivery partner, so no store will receive this release. Nothing is charged; the store states shown afterwards are simulated.';
export const NOT_READY_FOR_STORES = "Releases cannot be sent to stores yet: this platform's release codes are not set up. Nothing was submitted or charged.";

export const distributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, storage, tokenLedger, releases, delivery = SANDBOX_DELIVERY } = app.services;
  const { partner } = delivery;
  const deliveryInfo: DeliveryInfo = partner
    ? { mode: 'partner', partnerName: partner.name, storeIds: [...partner.stores], feeTokens: DISTRIBUTION_FEE_USD_PER_YEAR, notice: null }
    : { mode: 'sandbox', partnerName: null, storeIds: [...STORE_IDS], feeTokens: 0, notice: SANDBOX_DIALOG_NOTICE };

  const owned = async (ownerId: string, id: string): Promise<Distribution> => {
    const distribution = await findOwnedDistribution(db, ownerId, id);
    if (!distribution) throw new NotFoundError(`No distribution with id ${id}`);
    return distribution;
  };

  /** Waits until the read model has folded everything the release's stream holds. */
  const caughtUp = async (distributionId: string) => {
    const last = (await eventStore.readStream(releaseStreamId(distributionId))).at(-1);
    if (last) await projector.waitFor(last.position);
  };

  app.get('/api/tunecore/stores', { schema: { summary: 'The stores a release can be sent to', tags: ['distribution'], ...PUBLIC, response: { 200: storeListSchema } } }, () => ({ stores: STORES.map((store) => ({ ...store })) }));

  app.get('/api/tunecore/delivery', { schema: { summary: 'How releases are delivered on this server: a delivery partner and its stores, or the sandbox (no store, nothing charged)', tags: ['distribution'], ...PUBLIC, response: { 200: deliveryInfoSchema } } }, () => deliveryInfo);

  app.get('/api/tunecore/genres', { schema: { summary: 'The genres a release can be filed under', tags: ['distribution'], ...PUBLIC, response: { 200: genreListSchema } } }, () => ({ genres: [...GENRES] }));

  app.get('/api/tunecore/distributions', { schema: { summary: "The signed-in creator's releases with each store's delivery state, newest first", tags: ['distribution'], response: { 200: distributionListSchema } } }, async (request) => ({
    distributions: await listDistributions(db, requireUserId(request)),
  }));

  app.post(
    '/api/tunecore/distribute',
    { schema: { summary: `Releases a registered track to the chosen stores; through a delivery partner the fee (${DISTRIBUTION_FEE_USD_PER_YEAR} tokens a year) is charged once the package is delivered; the sandbox charges nothing`, tags: ['distribution'], body: distributeBodySchema, response: { 200: distributeResponseSchema } } },
    async (request) => {
      const ownerId = requireUserId(request);
      const { contentId, selectedStores, ...fields } = request.body;
      if (selectedStores.length === 0) throw new ValidationError(NO_STORE_SELECTED);
      const unknown = selectedStores.filter((store) => !STORE_IDS.includes(store));
      if (unknown.length > 0) throw new ValidationError(`Unknown store: ${unknown.join(', ')}`);
      if (new Set(selectedStores).size !== selectedStores.length) throw new ValidationError('A store is selected twice');
      const unserved = partner ? selectedStores.filter((store) => !partner.stores.includes(store)) : [];
      if (unserved.length > 0) throw new ValidationError(`${partner!.name} does not deliver to ${unserved.map((id) => STORES.find((s) => s.id === id)?.name ?? id).join(', ')}`);
      for (const genre of [fields.primaryGenre, fields.secondaryGenre]) if (genre && !GENRE_NAMES.includes(genre)) throw new ValidationError(`Unknown genre: ${genre}`);
      if (fields.saleDate < fields.releaseDate) throw new ValidationError('The sale date cannot be before the release date');

      const row = await findOwnedTrack(db, ownerId, contentId);
      if (!row) throw new NotFoundError(`No content item with id ${contentId}`);
      const item = toVaultItem(row);
      if (!item.xrplTxHash) throw new ValidationError(REGISTRATION_REQUIRED);
      if (item.contentType !== 'music') throw new ValidationError('Only music can be released to stores');
      const active = await findActiveDistributionOf(db, contentId);
      if (active) throw new IllegalStateError(`This track is already being distributed (release ${active}); take that release down first`);
      if (partner) {
        const placeholders = placeholderPrefixVariables(delivery.prefixes);
        if (placeholders.length > 0) {
          request.log.error({ placeholders }, `Real delivery refused: set ${placeholders.join(' and ')} (the prefixes your ISRC agency and GS1 issued) before releasing through ${partner.name}`);
          throw new HttpError(503, NOT_READY_FOR_STORES);
        }
        await requireTokensFor(tokenLedger, ownerId, 'distribution-setup');
      }

      const distributionId = randomUUID();
      const context = { correlationId: request.id, actor: `user:${ownerId}` };
      const form = { ...fields, secondaryGenre: fields.secondaryGenre ?? null, selectedStores };
      const recorded = await requestRelease(eventStore, { distributionId, contentId, ownerId, form }, context, delivery.prefixes);
      await releases.start({ distributionId, ownerId, ...context });
      if (recorded) await projector.waitFor(recorded.lastPosition);
      const distribution = await owned(ownerId, distributionId);
      return {
        success: true as const,
        distribution,
        message: partner
          ? `Release of "${form.songName}" submitted to ${selectedStores.length} store${selectedStores.length === 1 ? '' : 's'} through ${partner.name}: its package is being built and delivered; ${DISTRIBUTION_FEE_USD_PER_YEAR} tokens are charged once it is delivered, and again each year`
          : `Release of "${form.songName}" recorded in the sandbox: no store will receive it and nothing is charged`,
      };
    },
  );

  app.post(
    '/api/tunecore/distributions/:id/takedown',
    { schema: { summary: 'Takes a release down from every store; its yearly fee is no longer charged', tags: ['distribution'], params: idParams, body: noBody, response: { 200: takedownResponseSchema } } },
    async (request) => {
      const ownerId = requireUserId(request);
      const distribution = await owned(ownerId, request.params.id);
      if (distribution.status === 'taken_down') throw new IllegalStateError('The release is already taken down');
      if (distribution.status === 'failed') throw new IllegalStateError('The release failed, so no store has it; there is nothing to take down');
      const context = { correlationId: request.id, actor: `user:${ownerId}` };
      const outcome = await releases.takedown({ distributionId: distribution.id, ownerId, ...context }, { reason: 'The creator asked for a takedown', ...context });
      if (!outcome.ok) throw new IllegalStateError(outcome.reason);
      await caughtUp(distribution.id);
      return { success: true as const, message: `"${distribution.songName}" is taken down from every store`, distribution: await owned(ownerId, distribution.id) };
    },
  );

  app.get(
    '/api/tunecore/distributions/:id/package',
    { schema: { summary: "The release package's DDEX ERN 4.3.1 message (XML) as a download", tags: ['distribution'], params: idParams, response: { 200: fileResponse('application/xml', 'The NewReleaseMessage') } } },
    async (request, reply) => {
      const distribution = await owned(requireUserId(request), request.params.id);
      const ern = await readFile(path.join(storage.root, releaseDirectory(distribution.id), ERN_FILE)).catch(() => null);
      if (!ern) throw new NotFoundError('The release package is not built yet; it is built right after the release is submitted');
      return sendXml(reply, ern, `${distribution.upc ?? distribution.id}_ern.xml`);
    },
  );
};

function sendXml(reply: FastifyReply, xml: Buffer, fileName: string) {
  return reply.type('application/xml; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'private, no-cache').send(xml);
}
