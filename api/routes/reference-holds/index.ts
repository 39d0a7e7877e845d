// The holds on the signed-in user's reference recordings: the uploads the copyright check held
// because they matched a reference they hold, each with its review case, the matched passages, the
// held upload's checked audio (as the reviewer hears it) and what they may do now (release the hold
// or claim the work, through the case's routes). Nobody else's holds are ever listed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referenceHoldListSchema, type ReferenceHold } from '../../../domain/contracts/reference-holds';
import { allowedActionsOf, disputeDecider, type DisputeEvent } from '../../../domain/disputes/dispute.decider';
import { disputeStreamId } from '../../../domain/disputes/dispute.events';
import { UnauthorizedError } from '../../../domain/shared/errors';
import { listReferenceHolds, type StoredReferenceHold } from '../../../projections/reference-holds/queries';
import { viewerOf } from '../../plugins/auth';

function stateOf(hold: StoredReferenceHold): ReferenceHold['state'] {
  if (hold.outcome === 'cleared' || hold.outcome === 'refused') return hold.outcome;
  if (hold.claimedAt) return 'claimed';
  if (hold.releasedAt) return 'released';
  return 'held';
}

export const referenceHoldRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore } = app.services;

  app.get(
    '/api/references/holds',
    {
      schema: {
        summary: "Uploads held because they match one of your reference recordings: the held track's title, the matched passages, and whether you may release the hold or claim the work",
        tags: ['disputes'],
        response: { 200: referenceHoldListSchema },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      if (!viewer) throw new UnauthorizedError('Not signed in');
      const stored = await listReferenceHolds(db, viewer.userId);
      const holds = await Promise.all(
        stored.map(async (hold): Promise<ReferenceHold> => {
          const events = await eventStore.readStream(disputeStreamId(hold.disputeId));
          const state = events.reduce((s, e) => disputeDecider.evolve(s, { type: e.type, data: e.data } as DisputeEvent), disputeDecider.initialState);
          return {
            disputeId: hold.disputeId,
            trackTitle: hold.trackTitle,
            uploaderName: hold.uploaderName,
            heldAt: hold.heldAt,
            state: stateOf(hold),
            matches: hold.matches,
            decision: hold.outcome && hold.decidedAt ? { outcome: hold.outcome, byName: hold.decidedByName ?? 'unknown', decidedAt: hold.decidedAt } : null,
            audioUrl: `/api/disputes/${encodeURIComponent(hold.disputeId)}/review/audio/track`,
            allowedActions: allowedActionsOf(state, viewer),
          };
        }),
      );
      return { holds };
    },
  );
};
