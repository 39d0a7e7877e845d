// A track's audit history: its recorded events and the state they fold to after any of them.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { evolveTrack, initialTrackState } from '../../../domain/track/track.decider';
import { trackStreamId, type TrackEvent } from '../../../domain/track/track.events';
import { findTrack } from '../../../projections/vault/queries';
import { idParams } from '../shared-schemas';
import { viewerOf } from '../../plugins/auth';
import { ownedTrack } from '../track-commands';
import { trackHistoryQuerySchema, trackHistorySchema } from './schemas';
import { NotFoundError } from '../../../domain/shared/errors';

export const trackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore } = app.services;
  /** The owner's track; any track for an auditor; for anyone else the answer a missing id gets. */
  const auditableTrack = async (request: FastifyRequest, id: string) => {
    const viewer = await viewerOf(request);
    if (viewer?.roles.includes('auditor')) {
      const row = await findTrack(db, id);
      if (!row) throw new NotFoundError(`No content item with id ${id}`);
      return row;
    }
    return (await ownedTrack(db, request, id)).row;
  };

  app.get('/api/tracks/:id/history', { schema: { summary: "A track's recorded events and the state they fold to after any of them (its owner, and auditors for any track)", tags: ['vault'], params: idParams, querystring: trackHistoryQuerySchema, response: { 200: trackHistorySchema } } }, async (request) => {
    const row = await auditableTrack(request, request.params.id);
    const recorded = await eventStore.readStream(trackStreamId(row.id));
    const foldedThrough = Math.min(request.query.upTo ?? recorded.length, recorded.length);
    const state = recorded.slice(0, foldedThrough).reduce((s, e) => evolveTrack(s, { type: e.type, data: e.data } as TrackEvent), initialTrackState);
    return {
      trackId: row.id,
      events: recorded.map((e) => ({
        streamVersion: e.streamVersion,
        eventId: e.eventId,
        type: e.type,
        data: e.data,
        recordedAt: e.recordedAt.toISOString(),
        actor: e.metadata.actor,
        workflowId: e.metadata.workflowId,
      })),
      foldedThrough,
      state,
    };
  });
};
