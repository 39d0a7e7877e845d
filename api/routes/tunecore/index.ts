// The distribution routes: the stores and genres, how releases are delivered here
// (a delivery partner, or the sandbox that reaches no store and charges nothing), the signed-in
// creator's releases, submitting a release (refused without a store, without a ledger
// registration, or, for a partner, without the yearly fee in tokens: 402, or while the platform's
// ISRC/UPC prefixes are placeholders: 503), a takedown, and the release package's ERN message. The
// release itself runs as a workflow (workflows/release); the answers read the distributions model.
import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COVER_MAX_BYTES, COVER_MIN_SIDE, coverArtUploadSchema, deliveryInfoSchema, distributeResponseSchema, distributionListSchema, genreListSchema, storeListSchema, takedownResponseSchema, type DeliveryInfo, type Distribution } from '../../../domain/contracts/distribution';
import { DISTRIBUTION_FEE_USD_PER_YEAR, GENRES, STORE_IDS, STORES } from '../../../domain/distribution/catalogue';
import { releaseStreamId } from '../../../domain/distribution/release.events';
import { checkCoverImage } from '../../../infra/distribution/cover-check';
import type { ReleaseForm } from '../../../domain/distribution/release.events';
import { StoredFileMissingError, type ContentStorage } from '../../../infra/storage/storage';
import { readPackageErn } from '../../../infra/distribution/stored-package';
import { placeholderPrefixVariables, SANDBOX_DELIVERY } from '../../../infra/distribution/partner-config';
import { requestRelease } from '../../../infra/distribution/request-release';
import { findActiveDistributionOf, findOwnedDistribution, listDistributions } from '../../../projections/distributions/queries';
import { findOwnedTrack, toVaultItem } from '../../../projections/vault/queries';
import { fileResponse, noBody, PUBLIC } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { idParams } from '../shared-schemas';
import { requireTokensFor } from '../track-commands';
import { coverArtFormSchema, distributeBodySchema } from './schemas';
import { IllegalStateError, NotFoundError, ValidationError } from '../../../domain/shared/errors';

export const NO_STORE_SELECTED = 'Please select at least one streaming platform for distribution';
export const REGISTRATION_REQUIRED = 'Copyright Registration Required: register the track on the XRP Ledger before distributing it';

const GENRE_NAMES: readonly string[] = GENRES;

/** What the creator is told before and after submitting to the sandbox. */
export const SANDBOX_DIALOG_NOTICE = 'Sandbox: this server has no delivery partner, so no store will receive this release. Nothing is charged; the store states shown afterwards are simulated.';
export const RELEASE_DATE_PAST = 'The release date is in the past: choose today or a later day (stores ask for at least a week ahead)';
const COVER_MAX_MB = COVER_MAX_BYTES / 1024 / 1024;
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
      if (fields.releaseDate < earliestTodayOnEarth(new Date())) throw new ValidationError(RELEASE_DATE_PAST);
      const coverArt = fields.coverArtId ? await uploadedCover(storage, ownerId, fields.coverArtId) : null;

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
      const { coverArtId: _coverArtId, credits, ...formFields } = fields;
      // An API caller that names no credits credits its artist name as writer and performer, as the dialog prefills the creator.
      const form: ReleaseForm = {
        ...formFields,
        secondaryGenre: fields.secondaryGenre ?? null,
        selectedStores,
        credits: credits ?? [{ name: fields.artistName, role: 'ComposerLyricist' }, { name: fields.artistName, role: 'MainArtist' }],
        coverArt,
      };
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
    '/api/tunecore/cover-art',
    {
      schema: {
        summary: `Upload a release's cover art (multipart "file": a square JPEG or PNG of at least ${COVER_MIN_SIDE}×${COVER_MIN_SIDE} pixels, at most ${COVER_MAX_MB} MB); answers its id for the release request`,
        tags: ['distribution'],
        consumes: ['multipart/form-data'],
        body: coverArtFormSchema.optional(),
        response: { 200: coverArtUploadSchema },
      },
    },
    async (request) => {
      const ownerId = requireUserId(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the cover as a multipart/form-data form with the image in "file"');
      const part = await request.file({ limits: { fileSize: COVER_MAX_BYTES, files: 1, fields: 2 } });
      if (!part) throw new ValidationError('No file selected; send the cover image as "file"');
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new ValidationError(`Unexpected file field "${part.fieldname}"; send the cover image as "file"`);
      }
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if (part.file.truncated) throw new HttpError(413, `The cover is too large: at most ${COVER_MAX_MB} MB`);
        throw error;
      });
      if (part.file.truncated) throw new HttpError(413, `The cover is too large: at most ${COVER_MAX_MB} MB`);
      if (bytes.length === 0) throw new ValidationError('The cover file is empty');
      const checked = await checkCoverImage(bytes);
      if (!checked.ok) throw new ValidationError(checked.reason);
      const coverArtId = randomUUID();
      const staged = storage.newStagingPath();
      await writeFile(staged.path, bytes);
      await storage.storeStaged(staged.name, coverStoredName(ownerId, coverArtId, checked.extension));
      return { coverArtId, mimeType: checked.mimeType, width: checked.width, height: checked.height, size: bytes.length };
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
      const ern = await readPackageErn(storage, storage.root, distribution.id);
      if (!ern) throw new NotFoundError('The release package is not built yet; it is built right after the release is submitted');
      return sendXml(reply, ern, `${distribution.upc ?? distribution.id}_ern.xml`);
    },
  );
};

/** The earliest calendar day it is anywhere on Earth (UTC−12): a creator's "today" is never before it. */
export function earliestTodayOnEarth(now: Date): string {
  return new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);
}

/** Uploaded covers are stored under their owner's id, so one creator cannot release with another's. */
function coverStoredName(ownerId: string, coverArtId: string, extension: string): string {
  return `cover-${ownerId}-${coverArtId}.${extension}`;
}

/** The caller's uploaded cover, checked again as it is stored, for the release's package. */
async function uploadedCover(storage: ContentStorage, ownerId: string, coverArtId: string): Promise<NonNullable<ReleaseForm['coverArt']>> {
  for (const extension of ['png', 'jpg'] as const) {
    const storedName = coverStoredName(ownerId, coverArtId, extension);
    const bytes = await storedBytes(storage, storedName);
    if (!bytes) continue;
    const checked = await checkCoverImage(bytes);
    if (!checked.ok) throw new ValidationError(checked.reason);
    return { storedName, mimeType: checked.mimeType, width: checked.width, height: checked.height, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
  throw new ValidationError(`No uploaded cover with id ${coverArtId}: upload the cover again`);
}

function sendXml(reply: FastifyReply, xml: Buffer, fileName: string) {
  return reply.type('application/xml; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'private, no-cache').send(xml);
}

/** The stored file's bytes, or null when there is none. */
async function storedBytes(storage: ContentStorage, storedName: string): Promise<Buffer | null> {
  try {
    return await readFile(await storage.localCopy(storedName));
  } catch (error) {
    if (error instanceof StoredFileMissingError) return null;
    throw error;
  }
}
