// What a reviewer looks at in an oracle_review case: the held track and the registered works its
// check matched, each with audio to play, and the passages the check found alike. The audio is a
// creator's private file: reviewers and the held track's owner hear it, auditors never do.
// Read from the events (the case's and the tracks'), not from a read model that may lag.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchedWords } from '../../../domain/contracts/copyright-sources';
import { reviewMaterialSchema, type ReviewMaterial } from '../../../domain/contracts/disputes';
import { evolveDispute, initialDisputeState, isReferenceHolder, type DisputeEvent, type DisputeState } from '../../../domain/disputes/dispute.decider';
import { disputeStreamId } from '../../../domain/disputes/dispute.events';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../../domain/shared/errors';
import type { CopyrightAnalysisRecord } from '../../../domain/track/stage.events';
import { trackStreamId } from '../../../domain/track/track.events';
import type { EventStore } from '../../../infra/eventstore/event-store';
import { findStoredFileOwner } from '../../../projections/vault/queries';
import { fileResponse } from '../../openapi';
import { viewerOf } from '../../plugins/auth';
import { idParams } from '../shared-schemas';
import { sendStoredFile } from '../stored-file-reply';

const workParams = idParams.extend({ workId: z.string().min(1).max(300) });

export const REVIEW_REFUSALS = {
  noCase: (id: string) => `No review case ${id}`,
  auditor: "Auditors read a case's history; the creators' audio is for reviewers and the track's owner only",
  noWork: (workId: string) => `The check of this case matched no work ${workId}`,
  noAudio: 'That audio is no longer in the store',
};

/**
 * The case, when it is an oracle review the viewer may see. Signed out 401; an auditor 403; anyone
 * else gets the answer a missing case gets (404), so the route does not reveal which cases exist.
 */
async function reviewCaseFor(eventStore: EventStore, request: Parameters<typeof viewerOf>[0], id: string, who: 'reviewers' | 'holders too' = 'reviewers'): Promise<DisputeState> {
  const viewer = await viewerOf(request);
  if (!viewer) throw new UnauthorizedError('Not signed in');
  const events = await eventStore.readStream(disputeStreamId(id));
  const state = events.reduce((s, e) => evolveDispute(s, { type: e.type, data: e.data } as DisputeEvent), initialDisputeState);
  if (state.kind !== 'oracle_review') throw new NotFoundError(REVIEW_REFUSALS.noCase(id));
  if (viewer.roles.includes('reviewer') || state.respondent?.userId === viewer.userId) return state;
  // The holder of a matched reference hears the held upload (that one file) while the case is open to them.
  if (who === 'holders too' && isReferenceHolder(state, viewer.userId) && !state.closedAt && state.resolution === null) return state;
  if (viewer.roles.includes('auditor')) throw new ForbiddenError(REVIEW_REFUSALS.auditor);
  throw new NotFoundError(REVIEW_REFUSALS.noCase(id));
}

/** A track's recorded events, by type. */
async function trackEvents(eventStore: EventStore, trackId: string) {
  return (await eventStore.readStream(trackStreamId(trackId))).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));
}

/** The checked file and the verdict of check `checkId` of the held track. */
async function heldCheck(eventStore: EventStore, trackId: string, checkId: string) {
  const events = await trackEvents(eventStore, trackId);
  const started = events.find((e) => e.type === 'TrackCopyrightCheckStarted' && e.data.checkId === checkId);
  const checked = events.find((e) => e.type === 'TrackCopyrightChecked' && e.data.checkId === checkId);
  if (!started || !checked) return null;
  return { storedName: started.data.storedName as string, analysis: checked.data.analysis as CopyrightAnalysisRecord };
}

/**
 * The file a registered work was registered with. The copyright registry names a work
 * `<trackId>:<checkId>` (the track and the check that cleared it); older entries by the track alone.
 */
async function registeredFile(eventStore: EventStore, workId: string): Promise<string | null> {
  const [trackId, checkId] = workId.split(':');
  if (!trackId) return null;
  const events = await trackEvents(eventStore, trackId);
  const signed = events.find((e) => e.type === 'TrackRegistrationSigned');
  if (signed) return signed.data.storedName as string;
  const started = events.find((e) => e.type === 'TrackCopyrightCheckStarted' && (!checkId || e.data.checkId === checkId));
  return (started?.data.storedName as string | undefined) ?? null;
}

export const disputeReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, storage } = app.services;
  const audioBase = (id: string) => `/api/disputes/${encodeURIComponent(id)}/review/audio`;

  app.get(
    '/api/disputes/:id/review',
    {
      schema: {
        summary: "An oracle review's material: the held track, the works its check matched, with audio, and the passages found alike (reviewers and the track's owner)",
        tags: ['disputes'],
        params: idParams,
        response: { 200: reviewMaterialSchema },
      },
    },
    async (request): Promise<ReviewMaterial> => {
      const { id } = request.params;
      const state = await reviewCaseFor(eventStore, request, id);
      const trackId = state.workId!;
      const check = await heldCheck(eventStore, trackId, state.checkId!);
      const analysis = check?.analysis;
      const byWork = new Map<string, ReviewMaterial['matches'][number]>();
      const workOf = (workId: string, title: string | undefined, owner: string, similarity: number) => {
        const known = byWork.get(workId);
        if (known) {
          known.similarity = Math.max(known.similarity, similarity);
          return known;
        }
        const entry = { workId, title: title ?? 'an untitled work', ownerName: owner, similarity, audioUrl: `${audioBase(id)}/works/${encodeURIComponent(workId)}`, passages: [] as ReviewMaterial['matches'][number]['passages'] };
        byWork.set(workId, entry);
        return entry;
      };
      for (const conflict of analysis?.conflicts ?? []) workOf(conflict.workId, conflict.title, conflict.owner, conflict.similarity);
      for (const p of analysis?.passages ?? []) {
        workOf(p.workId, p.title, p.owner, p.similarity).passages.push({
          queryStart: p.upload.startSeconds,
          queryEnd: p.upload.endSeconds,
          workStart: p.work.startSeconds,
          workEnd: p.work.endSeconds,
          similarity: p.similarity,
        });
      }
      const matches = await Promise.all(
        [...byWork.values()].map(async (m) => ({ ...m, audioUrl: (await registeredFile(eventStore, m.workId)) ? m.audioUrl : null, passages: m.passages.sort((a, b) => a.queryStart - b.queryStart) })),
      );
      return {
        track: { id: trackId, title: state.workTitle ?? 'Untitled', ownerName: state.respondent?.name ?? '', audioUrl: check ? `${audioBase(id)}/track` : null },
        checkId: state.checkId!,
        verdict: analysis?.status ?? 'unknown',
        reason: analysis?.reason ?? null,
        searched: analysis ? searchedWords(analysis.searched) : null,
        referenceMatches: (analysis?.referenceMatches ?? []).map(({ referenceId: _internal, ...shown }) => shown),
        externalMatches: analysis?.externalMatches ?? [],
        matches: matches.sort((a, b) => b.similarity - a.similarity),
      };
    },
  );

  /** Streams a stored file with its recorded type; Range requests work, so the players can seek. */
  async function sendStored(reply: import('fastify').FastifyReply, storedName: string | null) {
    const file = storedName ? await findStoredFileOwner(db, storedName) : null;
    if (!storedName || !file) throw new NotFoundError(REVIEW_REFUSALS.noAudio);
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    return sendStoredFile(reply, storage, storedName, file.mimeType);
  }

  const audioResponse = { 200: fileResponse('application/octet-stream', 'The audio, with the type its content was identified as'), 206: fileResponse('application/octet-stream', 'The requested range of the audio') };

  app.get(
    '/api/disputes/:id/review/audio/track',
    {
      schema: {
        summary: "The held track's checked audio, for the review (reviewers, the track's owner, and the holder of a matched reference until the case is decided; never auditors)",
        tags: ['disputes'],
        params: idParams,
        response: audioResponse,
      },
    },
    async (request, reply) => {
      const state = await reviewCaseFor(eventStore, request, request.params.id, 'holders too');
      const check = await heldCheck(eventStore, state.workId!, state.checkId!);
      return sendStored(reply, check?.storedName ?? null);
    },
  );

  app.get(
    '/api/disputes/:id/review/audio/works/:workId',
    { schema: { summary: 'A registered work the check matched, as registered, for the review (reviewers and the track\'s owner; never auditors)', tags: ['disputes'], params: workParams, response: audioResponse } },
    async (request, reply) => {
      const { id, workId } = request.params;
      const state = await reviewCaseFor(eventStore, request, id);
      const check = await heldCheck(eventStore, state.workId!, state.checkId!);
      // Only a work this case's check matched: the route is no way to hear any registered work.
      const matched = [...(check?.analysis.conflicts ?? []), ...(check?.analysis.passages ?? [])].some((m) => m.workId === workId);
      if (!matched) throw new NotFoundError(REVIEW_REFUSALS.noWork(workId));
      return sendStored(reply, await registeredFile(eventStore, workId));
    },
  );
};
