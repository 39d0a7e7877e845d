// Dispute management: the cases a viewer may see (parties their
// own, reviewers and auditors every case), filing, each action on a case (answer, evidence,
// messages, assignment, status, evidence requests, resolution, review decisions, appeals) handed to
// the case's workflow through DisputeCommands, evidence downloads (parties and reviewers, never
// auditors) and the case's history folded to any event (time travel). The decider decides who may
// act; these routes only say who may see: a case the viewer may not see answers 404, like a missing one.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appealRequestSchema,
  assignRequestSchema,
  changeStatusRequestSchema,
  claimWorkRequestSchema,
  disputeHistoryResponseSchema,
  disputeListQuerySchema,
  disputeListResponseSchema,
  disputeResponseSchema,
  evidenceFieldsSchema,
  fileDisputeRequestSchema,
  fileDisputeResponseSchema,
  historyQuerySchema,
  postMessageRequestSchema,
  releaseHoldRequestSchema,
  requestEvidenceRequestSchema,
  resolveRequestSchema,
  respondRequestSchema,
  reviewDecisionRequestSchema,
  type Dispute,
} from '../../../domain/contracts/disputes';
import { allowedActionsOf, disputeDecider, isReferenceHolder, type DisputeEvent, type DisputeState } from '../../../domain/disputes/dispute.decider';
import { disputeStreamId } from '../../../domain/disputes/dispute.events';
import type { DisputeActionRequest, DisputeActor, DisputeCommands } from '../../../domain/disputes/ports';
import type { Viewer } from '../../../domain/identity/ports';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../../domain/shared/errors';
import type { RecordedEvent } from '../../../infra/eventstore/event-store';
import { findDispute, listDisputes, type StoredDispute } from '../../../projections/disputes/queries';
import { findUserByUsername } from '../../../projections/users/queries';
import { fileResponse } from '../../openapi';
import { viewerOf } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { idParams } from '../shared-schemas';
import { discardSentFile, MAX_SENT_FILE_MB, readSentFileForm } from '../sniffed-upload';
import { evidenceFormSchema, evidenceParamsSchema } from './schemas';
import { sendStoredFile } from '../stored-file-reply';

export const DISPUTE_NOT_FOUND = 'Dispute not found';
export const AUDITORS_NEVER_DOWNLOAD = "Auditors read a case's history but never download the parties' files";
export const DISPUTES_NEED_WORKFLOWS = 'Disputes need the workflow service, which is not running on this server';

/** Without a workflow service no case can run: said plainly rather than accepted and left waiting. */
const unavailableDisputes: DisputeCommands = {
  file: () => Promise.reject(new HttpError(503, DISPUTES_NEED_WORKFLOWS)),
  act: () => Promise.reject(new HttpError(503, DISPUTES_NEED_WORKFLOWS)),
};

const seesEveryCase = (viewer: Viewer) => viewer.roles.includes('reviewer') || viewer.roles.includes('auditor');
const actorOf = (viewer: Viewer): DisputeActor => ({ userId: viewer.userId, name: viewer.username, roles: viewer.roles });

function fold(events: readonly RecordedEvent[]): DisputeState {
  return events.reduce((state, e) => disputeDecider.evolve(state, { type: e.type, data: e.data } as DisputeEvent), disputeDecider.initialState);
}

/** The API's case: the stored one with what the viewer is to it and may do now. */
function present(stored: StoredDispute, state: DisputeState, viewer: Viewer): Dispute {
  const { claimantId, ownerId, assignedToId, checkId: _check, closedAt: _closed, evidence, ...rest } = stored;
  const isClaimant = claimantId === viewer.userId;
  const isRespondent = ownerId === viewer.userId;
  const isAssignedReviewer = assignedToId === viewer.userId;
  const mayDownload = isClaimant || isRespondent || isAssignedReviewer || viewer.roles.includes('reviewer');
  return {
    ...rest,
    evidence: { documents: evidence.documents.map(({ storedName, ...doc }) => ({ ...doc, downloadable: storedName !== null && mayDownload })) },
    // By title and holder only: a reference's id and its holder's id stay internal.
    references: state.references.map(({ title, holderName, holderId, kind, similarity, upload, reference }) => ({ title, holderName, kind, similarity, upload, reference, released: state.released.includes(holderId) })),
    viewer: { isClaimant, isRespondent, isAssignedReviewer, isReferenceHolder: isReferenceHolder(state, viewer.userId), roles: viewer.roles, allowedActions: allowedActionsOf(state, viewer) },
  };
}

export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { db, eventStore, projector, storage } = deps;
  const commands = deps.disputes ?? unavailableDisputes;

  const signedIn = async (request: FastifyRequest): Promise<Viewer> => {
    const viewer = await viewerOf(request);
    if (!viewer) throw new UnauthorizedError('Not signed in');
    return viewer;
  };

  /**
   * The stored case when the viewer may see it: a party, its reviewer, any reviewer or auditor, or
   * the holder of a reference the case is about (read from the case's events); 404 otherwise.
   */
  const visibleCase = async (viewer: Viewer, disputeId: string): Promise<StoredDispute> => {
    const stored = await findDispute(db, disputeId);
    const sees = stored && (seesEveryCase(viewer) || [stored.claimantId, stored.ownerId, stored.assignedToId].includes(viewer.userId));
    if (stored && !sees && isReferenceHolder(fold(await eventStore.readStream(disputeStreamId(disputeId))), viewer.userId)) return stored;
    if (!stored || !sees) throw new NotFoundError(DISPUTE_NOT_FOUND);
    return stored;
  };

  /** The case as the viewer sees it once the read model shows the stream up to `streamVersion` (all of it when absent). */
  const settledCase = async (disputeId: string, viewer: Viewer, streamVersion?: number): Promise<Dispute> => {
    const events = await eventStore.readStream(disputeStreamId(disputeId));
    const through = events.find((e) => e.streamVersion === streamVersion) ?? events.at(-1);
    if (through) await projector.waitFor(through.position);
    const stored = await findDispute(db, disputeId);
    if (!stored) throw new NotFoundError(DISPUTE_NOT_FOUND);
    return present(stored, fold(events), viewer);
  };

  /** Runs one action on a case the viewer may see; the decider (in the workflow) refuses what they may not do. */
  const act = async (request: FastifyRequest, disputeId: string, build: (viewer: Viewer) => Promise<DisputeActionRequest> | DisputeActionRequest) => {
    const viewer = await signedIn(request);
    await visibleCase(viewer, disputeId);
    const { streamVersion } = await commands.act(disputeId, await build(viewer), actorOf(viewer));
    return { dispute: await settledCase(disputeId, viewer, streamVersion) };
  };

  app.get(
    '/api/disputes',
    { schema: { summary: 'The cases the signed-in user may see (parties their own; reviewers and auditors all), filtered, with summary counts', tags: ['disputes'], querystring: disputeListQuerySchema, response: { 200: disputeListResponseSchema } } },
    async (request) => {
      const viewer = await signedIn(request);
      const list = await listDisputes(db, { everyone: seesEveryCase(viewer), userId: viewer.userId }, request.query);
      const states = await Promise.all(list.disputes.map(async (d) => fold(await eventStore.readStream(disputeStreamId(d.id)))));
      return { disputes: list.disputes.map((d, i) => present(d, states[i]!, viewer)), total: list.total, summary: list.summary };
    },
  );

  app.post(
    '/api/disputes/file',
    { schema: { summary: 'File a dispute about a registered work: opens the case, freezes its payouts and licensing, tells its owner', tags: ['disputes'], body: fileDisputeRequestSchema, response: { 201: fileDisputeResponseSchema } } },
    async (request, reply) => {
      const viewer = await signedIn(request);
      const filed = await commands.file({ kind: 'dispute', ...request.body }, actorOf(viewer));
      request.log.info({ disputeId: filed.disputeId, workId: request.body.workId, claimantId: viewer.userId }, 'dispute filed');
      const dispute = await settledCase(filed.disputeId, viewer);
      return reply.status(201).send({ disputeId: filed.disputeId, autoActions: filed.autoActions, dispute });
    },
  );

  app.get(
    '/api/disputes/:id',
    { schema: { summary: 'One case with its evidence, messages, deadlines and what the viewer may do', tags: ['disputes'], params: idParams, response: { 200: disputeResponseSchema } } },
    async (request) => {
      const viewer = await signedIn(request);
      await visibleCase(viewer, request.params.id);
      return { dispute: await settledCase(request.params.id, viewer) };
    },
  );

  app.post(
    '/api/disputes/:id/evidence',
    {
      schema: {
        summary: `Add evidence to a case (multipart: an optional file of at most ${MAX_SENT_FILE_MB} MB, its type and a description)`,
        tags: ['disputes'],
        consumes: ['multipart/form-data'],
        params: idParams,
        body: evidenceFormSchema.optional(),
        response: { 200: disputeResponseSchema },
      },
    },
    async (request) => {
      const viewer = await signedIn(request);
      await visibleCase(viewer, request.params.id);
      const evidenceId = randomUUID();
      const { fields, file } = await readSentFileForm(request, storage, { noun: 'evidence', storedNameOf: (extension) => `evidence-${evidenceId}.${extension}` });
      try {
        const parsed = evidenceFieldsSchema.safeParse(fields);
        if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid evidence form');
        const description = parsed.data.description || null;
        if (!file && !description) throw new ValidationError('Send a file or describe the evidence');
        const answer = await act(request, request.params.id, () => ({ action: 'add_evidence', evidenceId, type: parsed.data.type, description, file }));
        request.log.info({ disputeId: request.params.id, evidenceId, size: file?.size ?? 0 }, 'dispute evidence added');
        return answer;
      } catch (error) {
        // A refused or failed submission leaves no file behind that no event names.
        await discardSentFile(storage, file);
        throw error;
      }
    },
  );

  app.get(
    '/api/disputes/:id/evidence/:evidenceId',
    {
      schema: {
        summary: "Download an evidence file (the case's parties and reviewers; never auditors)",
        tags: ['disputes'],
        params: evidenceParamsSchema,
        response: { 200: fileResponse('application/octet-stream', 'The evidence file, with the type its content was identified as') },
      },
    },
    async (request, reply) => {
      const viewer = await signedIn(request);
      const stored = await visibleCase(viewer, request.params.id);
      const document = stored.evidence.documents.find((d) => d.id === request.params.evidenceId);
      if (!document?.storedName) throw new NotFoundError('Evidence file not found');
      const party = [stored.claimantId, stored.ownerId, stored.assignedToId].includes(viewer.userId);
      if (!party && !viewer.roles.includes('reviewer')) throw new ForbiddenError(AUDITORS_NEVER_DOWNLOAD);
      request.log.info({ disputeId: stored.id, evidenceId: document.id, userId: viewer.userId }, 'dispute evidence downloaded');
      reply.header('Cache-Control', 'private, no-store');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(document.filename)}`);
      return sendStoredFile(reply, storage, document.storedName, document.mimeType ?? 'application/octet-stream');
    },
  );

  const action = { tags: ['disputes'], params: idParams, response: { 200: disputeResponseSchema } };

  app.post('/api/disputes/:id/respond', { schema: { ...action, summary: "The respondent answers the claim (before the answer's deadline)", body: respondRequestSchema } }, (request) =>
    act(request, request.params.id, () => ({ action: 'respond', message: request.body.message })),
  );

  app.post('/api/disputes/:id/messages', { schema: { ...action, summary: 'Post a message on the case (its parties and its reviewer)', body: postMessageRequestSchema } }, (request) =>
    act(request, request.params.id, () => ({ action: 'message', messageId: randomUUID(), message: request.body.message })),
  );

  app.post('/api/disputes/:id/assign', { schema: { ...action, summary: 'Assign the case to a reviewer, or to oneself (reviewers; never a party of the case)', body: assignRequestSchema } }, (request) =>
    act(request, request.params.id, async (viewer) => {
      const name = request.body.reviewerUsername;
      if (!name || name === viewer.username) return { action: 'assign', reviewer: actorOf(viewer) };
      const user = await findUserByUsername(db, name, deps.knowledge.termsVersion);
      const named = user ? await app.rolesOf(user.user.id) : null;
      if (!named) throw new ValidationError(`No user is named "${name}"`);
      return { action: 'assign', reviewer: actorOf(named) };
    }),
  );

  app.post('/api/disputes/:id/status', { schema: { ...action, summary: "Move the case to another review status (the case's reviewer)", body: changeStatusRequestSchema } }, (request) =>
    act(request, request.params.id, () => ({ action: 'change_status', status: request.body.status, note: request.body.note || null })),
  );

  app.post(
    '/api/disputes/:id/request-evidence',
    { schema: { ...action, summary: "Ask a party for evidence, due in the evidence deadline (the case's reviewer)", body: requestEvidenceRequestSchema } },
    (request) => act(request, request.params.id, () => ({ action: 'request_evidence', from: request.body.from, note: request.body.note })),
  );

  app.post('/api/disputes/:id/resolve', { schema: { ...action, summary: "Resolve the case with an outcome and compensation (the case's reviewer)", body: resolveRequestSchema } }, (request) =>
    act(request, request.params.id, () => ({ action: 'resolve', outcome: request.body.outcome, details: request.body.details, compensationCents: request.body.compensationCents })),
  );

  app.post(
    '/api/disputes/:id/review-decision',
    { schema: { ...action, summary: "Clear or refuse a track the copyright oracle held (the case's reviewer; oracle_review cases)", body: reviewDecisionRequestSchema } },
    (request) => act(request, request.params.id, () => ({ action: 'review_decision', outcome: request.body.outcome, details: request.body.details })),
  );

  app.post(
    '/api/disputes/:id/release-hold',
    { schema: { ...action, summary: 'Release a hold on your reference: the held upload is licensed or not yours (the holder of a reference it matched)', body: releaseHoldRequestSchema } },
    (request) => act(request, request.params.id, () => ({ action: 'release_hold', note: request.body.note || null })),
  );

  app.post(
    '/api/disputes/:id/claim',
    { schema: { ...action, summary: 'Claim the held work as yours: you become the claimant and a reviewer decides (the holder of a reference it matched)', body: claimWorkRequestSchema } },
    (request) => act(request, request.params.id, () => ({ action: 'claim_work', note: request.body.note })),
  );

  app.post('/api/disputes/:id/appeal', { schema: { ...action, summary: 'Appeal the resolution (either party, once, within the appeal window)', body: appealRequestSchema } }, (request) =>
    act(request, request.params.id, () => ({ action: 'appeal', reason: request.body.reason })),
  );

  app.get(
    '/api/disputes/:id/history',
    {
      schema: {
        summary: "The case's raw events and the case as it stood after the first upTo of them (auditors, reviewers and the parties)",
        tags: ['disputes'],
        params: idParams,
        querystring: historyQuerySchema,
        response: { 200: disputeHistoryResponseSchema },
      },
    },
    async (request) => {
      const viewer = await signedIn(request);
      await visibleCase(viewer, request.params.id);
      const events = await eventStore.readStream(disputeStreamId(request.params.id));
      const foldedThrough = Math.min(request.query.upTo ?? events.length, events.length);
      return {
        disputeId: request.params.id,
        events: events.map((e) => ({ position: e.streamVersion, type: e.type, recordedAt: e.recordedAt.toISOString(), actor: e.metadata.actor, data: e.data as Record<string, unknown> })),
        foldedThrough,
        state: { ...fold(events.slice(0, foldedThrough)) },
        dispute: await settledCase(request.params.id, viewer),
      };
    },
  );
};
