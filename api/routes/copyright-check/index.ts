// The copyright check of a track (its master if it has one), the creator's request to review a
// check that held the track (a review case opens for it), and the creator's list of checks.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { oracleReviewDisputeId } from '../../../domain/disputes/oracle-review';
import { findUserById } from '../../../projections/users/queries';
import { evolveTrack, initialTrackState, type ProbedTrack } from '../../../domain/track/track.decider';
import { trackStreamId, type TrackEvent } from '../../../domain/track/track.events';
import { listCopyrightChecks } from '../../../projections/vault/queries';
import { lifecycleInput } from '../../../workflows/track-lifecycle/client';
import { noBody } from '../../openapi';
import { idParams } from '../shared-schemas';
import { requireUserId } from '../../plugins/auth';
import { copyrightCheckListSchema, copyrightCheckResponseSchema, reviewRequestBodySchema, reviewRequestResponseSchema } from './schemas';
import { commandContext, decideAndAppend, ownedTrack, recordedResult, refuseUnlessAllowed, viewAfter, viewWhen } from '../track-commands';
import { IllegalStateError } from '../../../domain/shared/errors';

export const copyrightCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, lifecycle, projector, openOracleReview } = app.services;
  app.post('/api/copyright-check/:id', { schema: { summary: 'Run the copyright check on a track (its master if it has one) and answer with the verdict', tags: ['copyright'], params: idParams, body: noBody, response: { 200: copyrightCheckResponseSchema } } }, async (request) => {
    const { ownerId, row } = await ownedTrack(db, request, request.params.id);
    refuseUnlessAllowed(row, 'check');
    const context = commandContext(request, ownerId);
    const checkId = randomUUID();
    const outcome = await lifecycle.check(lifecycleInput(row, context), { ...context, checkId });
    // Refused by the workflow (the track changed since the route looked: another command came first): no check to show.
    if (!outcome.ok && outcome.refused) throw new IllegalStateError(outcome.reason);
    const result = await recordedResult<{ checkId: string }>(eventStore, row.id, ['TrackCopyrightChecked', 'TrackCopyrightCheckFailed'], (data) => data.checkId === checkId);
    const item = await viewAfter({ db, projector }, ownerId, row.id, result);
    // The vault keeps a track's latest check only.
    if (item.copyrightCheck?.checkId !== checkId) {
      throw new IllegalStateError('A newer copyright check or master of this track came right after this check, so the vault shows that one instead; reload the vault to see it');
    }
    return { success: outcome.ok, reason: outcome.ok ? null : outcome.reason, check: item.copyrightCheck };
  });

  // Recorded, then a review case opens for it (one per check), where a reviewer clears or refuses the track.
  app.post(
    '/api/copyright-check/:id/review-request',
    { schema: { summary: 'Ask for a person to review a check that held the track, or contest a conflict it found; a review case opens', tags: ['copyright'], params: idParams, body: reviewRequestBodySchema.default({}), response: { 200: reviewRequestResponseSchema } } },
    async (request) => {
      const { ownerId, row } = await ownedTrack(db, request, request.params.id);
      refuseUnlessAllowed(row, 'review');
      // Allowed means the track is probed and its latest check held it or found a conflict.
      const { checkId, analysis } = (row.state as ProbedTrack).stages.check.result!;
      const { note } = request.body;
      const context = commandContext(request, ownerId);
      await decideAndAppend({ eventStore, projector }, { type: 'RequestCopyrightReview', data: { trackId: row.id, checkId, requestedAt: new Date().toISOString(), ...(note ? { note } : {}) } }, context);
      const opened = await openReviewCase(row.id, checkId, analysis.status === 'conflict' ? 'contested' : 'needs_review', note ?? analysis.reason ?? null, ownerId, context);
      const item = await viewWhen({ db, projector }, ownerId, row.id, (i) => i.copyrightCheck?.checkId === checkId && i.copyrightCheck.reviewRequest !== null && (!opened || i.copyrightCheck.review !== null));
      return { success: true as const, check: item.copyrightCheck! };
    },
  );

  /** Opens the check's review case unless one is open (the workflow opens a hold's at once); answers whether one is open now. */
  async function openReviewCase(trackId: string, checkId: string, origin: 'needs_review' | 'contested', description: string | null, ownerId: string, context: ReturnType<typeof commandContext>): Promise<boolean> {
    const track = (await loadTrackState(trackId)) as ProbedTrack;
    if (track.stages.check.reviewCase?.checkId === checkId) return true;
    if (!openOracleReview) return false;
    const { disputeId } = await openOracleReview({
      disputeId: oracleReviewDisputeId(checkId),
      trackId,
      checkId,
      title: track.upload.title,
      ownerId,
      ownerName: (await findUserById(db, ownerId, app.services.knowledge.termsVersion))?.username ?? 'the owner',
      description: description ?? 'The creator asked for a person to review the copyright check',
      origin,
    });
    await decideAndAppend({ eventStore, projector }, { type: 'OpenCopyrightReview', data: { trackId, checkId, disputeId, openedAt: new Date().toISOString() } }, context);
    return true;
  }

  async function loadTrackState(trackId: string) {
    const recorded = await eventStore.readStream(trackStreamId(trackId));
    return recorded.reduce((s, e) => evolveTrack(s, { type: e.type, data: e.data } as TrackEvent), initialTrackState);
  }

  app.get('/api/copyright-checks', { schema: { summary: 'The signed-in user\'s copyright checks', tags: ['copyright'], response: { 200: copyrightCheckListSchema } } }, (request) => listCopyrightChecks(db, requireUserId(request)));
};
