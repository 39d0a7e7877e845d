// The licensing marketplace's offer routes: the public listing with
// every filter and sort done by the read model, one offer, and an owner's own offers — making,
// changing and withdrawing them through the offer's decider. Whether the work is registered and whose
// it is comes from the track's own stream, not from a read model.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createOfferRequestSchema, marketplaceListSchema, marketplaceQuerySchema, offerResponseSchema } from '../../../domain/contracts/licensing';
import { licenseOfferDecider, licenseOfferStreamId, registeredWorkOf, type LicenseOfferCommand, type LicenseOfferEvent } from '../../../domain/licensing/license-offer.decider';
import type { OfferDetails } from '../../../domain/licensing/license-offer.events';
import { nothingFrozen } from '../../../domain/licensing/ports';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../../domain/shared/errors';
import { evolveTrack, initialTrackState } from '../../../domain/track/track.decider';
import { trackStreamId, type TrackEvent } from '../../../domain/track/track.events';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { findOffer, listMarketplace, type EscrowSettings } from '../../../projections/licenses/queries';
import { noBody, PUBLIC } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { idParams } from '../shared-schemas';
import { updateOfferRequestSchema } from './schemas';

const OFFER_NOT_FOUND = 'License offer not found';

function offerDetails(body: z.output<typeof updateOfferRequestSchema>): OfferDetails {
  const { type, scope, territory, duration, currency, priceCents, originalPriceCents, paymentOptions, terms } = body;
  return { type, scope, territory, duration, currency, priceCents, originalPriceCents, paymentOptions, terms };
}

export const licenseOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { db, eventStore, projector } = deps;
  const licensingFrozenOf = deps.licensingFrozenOf ?? nothingFrozen;
  /** The platform's XRPL account receives escrows only when a ledger is configured (XRPL_URL). */
  const escrow = (): EscrowSettings => ({ address: deps.ledger.url ? deps.ledger.account : null, usdPerXrp: deps.wallets.xrpRate?.rate ?? null });

  /** Runs a command on an offer's stream and answers with the offer as the read model then shows it. */
  async function run(offerId: string, userId: string, command: LicenseOfferCommand) {
    let outcome;
    try {
      outcome = await handleCommand(eventStore, licenseOfferStreamId(offerId), licenseOfferDecider, command, { correlationId: randomUUID(), actor: `user:${userId}` });
    } catch (error) {
      if (error instanceof UnauthorizedError) throw new ForbiddenError(error.message);
      throw error;
    }
    if (outcome.result) await projector.waitFor(outcome.result.lastPosition);
    const stored = await findOffer(db, offerId, escrow());
    if (!stored) throw new HttpError(503, 'The offer was recorded but is not readable yet; reload in a moment');
    return { license: stored.license };
  }

  /** The offer's state when the signed-in user owns it; another's offer answers as a missing one. */
  async function ownedOffer(userId: string, offerId: string) {
    const recorded = await eventStore.readStream(licenseOfferStreamId(offerId));
    const state = recorded.reduce((s, e) => licenseOfferDecider.evolve(s, { type: e.type, data: e.data } as LicenseOfferEvent), licenseOfferDecider.initialState);
    if (!state.workId || state.ownerId !== userId) throw new NotFoundError(OFFER_NOT_FOUND);
    return { workId: state.workId };
  }

  app.get(
    '/api/licenses/marketplace',
    { schema: { summary: 'The licensing marketplace: active offers with every filter and sort done on the server', tags: ['licensing'], ...PUBLIC, querystring: marketplaceQuerySchema, response: { 200: marketplaceListSchema } } },
    async (request) => listMarketplace(db, request.query, escrow()),
  );

  app.get(
    '/api/licenses/marketplace/:id',
    { schema: { summary: 'One license offer (a withdrawn one says so in its status)', tags: ['licensing'], ...PUBLIC, params: idParams, response: { 200: offerResponseSchema } } },
    async (request) => {
      const stored = await findOffer(db, request.params.id, escrow());
      if (!stored) throw new NotFoundError(OFFER_NOT_FOUND);
      return { license: stored.license };
    },
  );

  app.get(
    '/api/licenses/offers',
    { schema: { summary: "The signed-in owner's offers, active and withdrawn, newest first", tags: ['licensing'], response: { 200: marketplaceListSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const filters = marketplaceQuerySchema.parse({ onlyVerified: 'false', onlyNoDisputes: 'false', sortBy: 'newest', limit: 100 });
      return listMarketplace(db, filters, escrow(), { ownerId: userId });
    },
  );

  app.post(
    '/api/licenses/offers',
    { schema: { summary: 'Offer a license for a registered work of yours', tags: ['licensing'], body: createOfferRequestSchema, response: { 201: offerResponseSchema } } },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { body } = request;
      const track = await eventStore.readStream(trackStreamId(body.workId));
      const work = registeredWorkOf(body.workId, track.reduce((s, e) => evolveTrack(s, { type: e.type, data: e.data } as TrackEvent), initialTrackState));
      if (!work) throw new NotFoundError('Work not found');
      const offerId = randomUUID();
      const answer = await run(offerId, userId, {
        type: 'OfferLicense',
        data: { offerId, actorId: userId, work, licensingFrozen: await licensingFrozenOf(work.workId), offer: offerDetails(body), offeredAt: new Date().toISOString() },
      });
      return reply.status(201).send(answer);
    },
  );

  app.put(
    '/api/licenses/offers/:id',
    { schema: { summary: "Change an offer's terms, price or payment options", tags: ['licensing'], params: idParams, body: updateOfferRequestSchema, response: { 200: offerResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const { workId } = await ownedOffer(userId, request.params.id);
      return run(request.params.id, userId, { type: 'UpdateOffer', data: { actorId: userId, licensingFrozen: await licensingFrozenOf(workId), offer: offerDetails(request.body) } });
    },
  );

  app.delete(
    '/api/licenses/offers/:id',
    { schema: { summary: 'Withdraw an offer from the marketplace (licenses already sold stay valid)', tags: ['licensing'], params: idParams, body: noBody, response: { 200: offerResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      await ownedOffer(userId, request.params.id);
      return run(request.params.id, userId, { type: 'WithdrawOffer', data: { actorId: userId, reason: 'Withdrawn by the owner' } });
    },
  );
};
