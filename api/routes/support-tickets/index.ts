// The support centre's ticket routes: a user's own tickets (list, open, read, reply, attach a file,
// close), and what support users do on any ticket (read it with its internal notes, reply, write an
// internal note, take it, move its status). The ticket's decider decides who may act; these routes
// only say who may see: a ticket the viewer may not see (another user's, to anyone but support
// users) answers 404, like a missing one.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeSupportTicketStatusBodySchema,
  createSupportTicketBodySchema,
  DEFAULT_SUPPORT_TICKET_CATEGORY,
  DEFAULT_SUPPORT_TICKET_PRIORITY,
  postSupportMessageBodySchema,
  SUPPORT_TICKET_REQUIRED_MESSAGE,
  supportMessageResponseSchema,
  supportTicketDetailResponseSchema,
  supportTicketListResponseSchema,
  supportTicketMessagesResponseSchema,
  supportTicketResponseSchema,
  type SupportTicket,
  type SupportTicketDetail,
  type SupportTicketMessage,
} from '../../../domain/contracts/support';
import type { Viewer } from '../../../domain/identity/ports';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../../domain/shared/errors';
import { allowedStatusMoves, SUPPORT_TICKET_NOT_FOUND, supportTicketDecider, type SupportActor, type SupportTicketCommand } from '../../../domain/support/support-ticket.decider';
import { supportTicketStreamId, type SupportAttachmentFile } from '../../../domain/support/support-ticket.events';
import { readState } from '../../../infra/eventstore/command-handler';
import { runSupportTicketCommand } from '../../../infra/support/tickets';
import { findSupportTicket, listRequesterTickets, listSupportMessages, type StoredSupportMessage, type StoredSupportTicket } from '../../../projections/support-tickets/queries';
import { fileResponse, noBody } from '../../openapi';
import { viewerOf } from '../../plugins/auth';
import { idParams } from '../shared-schemas';
import { discardSentFile, MAX_SENT_FILE_MB, readSentFileForm } from '../sniffed-upload';
import { attachmentFieldsSchema, attachmentFormSchema, attachmentParamsSchema } from './schemas';
import { sendStoredFile } from '../stored-file-reply';

const isSupport = (viewer: Viewer) => viewer.roles.includes('support');
const actorOf = (viewer: Viewer): SupportActor => ({ userId: viewer.userId, name: viewer.username, isSupport: isSupport(viewer) });

/** The API's ticket: the stored one without the ids visibility is decided by. */
export function presentTicket(stored: StoredSupportTicket): SupportTicket {
  const { requesterId: _requester, assigneeId: _assignee, ...ticket } = stored;
  return ticket;
}

function presentMessage(ticketId: string, stored: StoredSupportMessage): SupportTicketMessage {
  return {
    id: stored.id,
    message: stored.message,
    isFromAI: false,
    authorRole: stored.authorRole,
    authorName: stored.authorName,
    internal: stored.internal,
    createdAt: stored.createdAt,
    attachments: stored.attachments.map((file) => ({
      id: file.attachmentId,
      filename: file.filename,
      mimeType: file.mimeType,
      sizeBytes: file.size,
      sha256: file.sha256,
      downloadUrl: `/api/support/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(file.attachmentId)}`,
    })),
  };
}

export const supportTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, storage } = app.services;

  const signedIn = async (request: FastifyRequest): Promise<Viewer> => {
    const viewer = await viewerOf(request);
    if (!viewer) throw new UnauthorizedError('Not signed in');
    return viewer;
  };

  /** The ticket when the viewer may see it: its requester or a support user; 404 otherwise. */
  const visibleTicket = async (viewer: Viewer, ticketId: string): Promise<StoredSupportTicket> => {
    const stored = await findSupportTicket(db, ticketId);
    if (!stored || (stored.requesterId !== viewer.userId && !isSupport(viewer))) throw new NotFoundError(SUPPORT_TICKET_NOT_FOUND);
    return stored;
  };

  /** Internal notes are support users' (never the requester's, even one who holds the role on their own ticket). */
  const seesInternal = (viewer: Viewer, stored: StoredSupportTicket) => isSupport(viewer) && stored.requesterId !== viewer.userId;

  const detail = async (viewer: Viewer, ticketId: string): Promise<SupportTicketDetail> => {
    const stored = await visibleTicket(viewer, ticketId);
    const messages = await listSupportMessages(db, ticketId, seesInternal(viewer, stored));
    const state = await readState(eventStore, supportTicketStreamId(ticketId), supportTicketDecider);
    return {
      ticket: presentTicket(stored),
      messages: messages.map((m) => presentMessage(ticketId, m)),
      allowedStatuses: allowedStatusMoves(state, actorOf(viewer)),
      viewerIsSupport: seesInternal(viewer, stored),
    };
  };

  const run = (request: FastifyRequest, ticketId: string, command: SupportTicketCommand) =>
    runSupportTicketCommand(eventStore, projector, ticketId, command, { correlationId: request.id, actor: `user:${request.userId}` });

  /** Posts a message on a ticket the viewer may see and answers it as stored. */
  const postMessage = async (request: FastifyRequest, viewer: Viewer, ticketId: string, message: string, internal: boolean, attachments: SupportAttachmentFile[]) => {
    const messageId = randomUUID();
    await run(request, ticketId, { type: 'PostSupportMessage', data: { ticketId, messageId, actor: actorOf(viewer), internal, message, attachments, at: new Date().toISOString() } });
    const stored = (await listSupportMessages(db, ticketId, true)).find((m) => m.id === messageId);
    if (!stored) throw new Error(`Support message ${messageId} not in the read model after its command`);
    request.log.info({ ticketId, messageId, internal, attachments: attachments.length, userId: viewer.userId }, 'support message posted');
    return { message: presentMessage(ticketId, stored) };
  };

  app.get(
    '/api/support/tickets',
    { schema: { summary: "The signed-in user's own support tickets, the most recently active first", tags: ['support'], response: { 200: supportTicketListResponseSchema } } },
    async (request) => {
      const viewer = await signedIn(request);
      return { tickets: (await listRequesterTickets(db, viewer.userId)).map(presentTicket) };
    },
  );

  app.post(
    '/api/support/tickets',
    {
      schema: {
        summary: "Open a support ticket (title and description required, else 'Please fill in all required fields.'; category and priority default to general and medium)",
        tags: ['support'],
        body: createSupportTicketBodySchema,
        response: { 201: supportTicketResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await signedIn(request);
      const { title, description } = request.body;
      if (!title.trim() || !description.trim()) throw new ValidationError(SUPPORT_TICKET_REQUIRED_MESSAGE);
      const ticketId = randomUUID();
      await run(request, ticketId, {
        type: 'OpenSupportTicket',
        data: {
          ticketId,
          requester: { userId: viewer.userId, name: viewer.username },
          title,
          description,
          category: request.body.category ?? DEFAULT_SUPPORT_TICKET_CATEGORY,
          priority: request.body.priority ?? DEFAULT_SUPPORT_TICKET_PRIORITY,
          handoff: null,
          at: new Date().toISOString(),
        },
      });
      request.log.info({ ticketId, userId: viewer.userId }, 'support ticket opened');
      return reply.status(201).send({ ticket: presentTicket(await visibleTicket(viewer, ticketId)) });
    },
  );

  app.get(
    '/api/support/tickets/:id',
    {
      schema: {
        summary: 'One ticket with its messages (internal notes for support users only), its times and the status moves the viewer may make',
        tags: ['support'],
        params: idParams,
        response: { 200: supportTicketDetailResponseSchema },
      },
    },
    async (request) => detail(await signedIn(request), request.params.id),
  );

  app.get(
    '/api/support/tickets/:id/messages',
    { schema: { summary: "A ticket's messages in order (internal notes for support users only)", tags: ['support'], params: idParams, response: { 200: supportTicketMessagesResponseSchema } } },
    async (request) => {
      const viewer = await signedIn(request);
      const stored = await visibleTicket(viewer, request.params.id);
      const messages = await listSupportMessages(db, stored.id, seesInternal(viewer, stored));
      return { messages: messages.map((m) => presentMessage(stored.id, m)) };
    },
  );

  /** A reply (`internal` false) and an internal note (true) are the same post on a ticket the viewer may see. */
  const messageRoute = (path: string, summary: string, internal: boolean) =>
    app.post(
      path,
      { schema: { summary, tags: ['support'], params: idParams, body: postSupportMessageBodySchema, response: { 201: supportMessageResponseSchema } } },
      async (request, reply) => {
        const viewer = await signedIn(request);
        await visibleTicket(viewer, request.params.id);
        return reply.status(201).send(await postMessage(request, viewer, request.params.id, request.body.message, internal, []));
      },
    );
  messageRoute(
    '/api/support/tickets/:id/messages',
    "Reply on a ticket (its requester or a support user); a support reply starts work on an open ticket, a requester's reply reopens a resolved one",
    false,
  );
  messageRoute('/api/support/tickets/:id/notes', 'Write an internal note on a ticket (support users; never shown to the requester)', true);

  app.post(
    '/api/support/tickets/:id/attachments',
    {
      schema: {
        summary: `Send a file on a ticket (multipart: the file, at most ${MAX_SENT_FILE_MB} MB and of the types dispute evidence takes, an optional message, and internal for support users' notes)`,
        tags: ['support'],
        consumes: ['multipart/form-data'],
        params: idParams,
        body: attachmentFormSchema.optional(),
        response: { 201: supportMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await signedIn(request);
      const ticketId = request.params.id;
      await visibleTicket(viewer, ticketId);
      const attachmentId = randomUUID();
      const { fields, file } = await readSentFileForm(request, storage, { noun: 'an attachment', storedNameOf: (extension) => `support-${attachmentId}.${extension}` });
      try {
        if (!file) throw new ValidationError('No file selected');
        const parsed = attachmentFieldsSchema.safeParse(fields);
        if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid attachment form');
        const answer = await postMessage(request, viewer, ticketId, parsed.data.message, parsed.data.internal === 'true', [{ attachmentId, ...file }]);
        return reply.status(201).send(answer);
      } catch (error) {
        // A refused message leaves no file behind that no event names.
        await discardSentFile(storage, file);
        throw error;
      }
    },
  );

  app.get(
    '/api/support/tickets/:id/attachments/:attachmentId',
    {
      schema: {
        summary: "Download a ticket's attachment (its requester, except internal notes' files, and support users)",
        tags: ['support'],
        params: attachmentParamsSchema,
        response: { 200: fileResponse('application/octet-stream', 'The attachment, with the type its content was identified as') },
      },
    },
    async (request, reply) => {
      const viewer = await signedIn(request);
      const stored = await visibleTicket(viewer, request.params.id);
      const messages = await listSupportMessages(db, stored.id, seesInternal(viewer, stored));
      const file = messages.flatMap((m) => m.attachments).find((a) => a.attachmentId === request.params.attachmentId);
      if (!file) throw new NotFoundError('Attachment not found');
      request.log.info({ ticketId: stored.id, attachmentId: file.attachmentId, userId: viewer.userId }, 'support attachment downloaded');
      reply.header('Cache-Control', 'private, no-store');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
      return sendStoredFile(reply, storage, file.storedName, file.mimeType);
    },
  );

  app.post(
    '/api/support/tickets/:id/assign',
    { schema: { summary: 'Take a ticket: assign it to oneself (support users)', tags: ['support'], params: idParams, body: noBody, response: { 200: supportTicketDetailResponseSchema } } },
    async (request) => {
      const viewer = await signedIn(request);
      const ticketId = request.params.id;
      await visibleTicket(viewer, ticketId);
      const actor = actorOf(viewer);
      await run(request, ticketId, { type: 'AssignSupportTicket', data: { ticketId, assignee: { userId: actor.userId, name: actor.name }, actor, at: new Date().toISOString() } });
      return detail(viewer, ticketId);
    },
  );

  app.post(
    '/api/support/tickets/:id/status',
    {
      schema: {
        summary: "Move a ticket's status (support users: open → in-progress → resolved → closed, or back to in-progress from resolved; the requester: close it); closed is final",
        tags: ['support'],
        params: idParams,
        body: changeSupportTicketStatusBodySchema,
        response: { 200: supportTicketDetailResponseSchema },
      },
    },
    async (request) => {
      const viewer = await signedIn(request);
      const ticketId = request.params.id;
      await visibleTicket(viewer, ticketId);
      await run(request, ticketId, { type: 'ChangeSupportTicketStatus', data: { ticketId, to: request.body.status, actor: actorOf(viewer), at: new Date().toISOString() } });
      request.log.info({ ticketId, status: request.body.status, userId: viewer.userId }, 'support ticket status changed');
      return detail(viewer, ticketId);
    },
  );
};
