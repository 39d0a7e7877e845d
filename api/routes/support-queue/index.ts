// The support users' side of the support centre: the queue of tickets (unassigned first, then by
// priority and age, filtered by status, priority, category and assignment) and the canned replies
// they insert into an answer. Support users only (403 for anyone else).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cannedRepliesResponseSchema, supportQueueQuerySchema, supportTicketListResponseSchema } from '../../../domain/contracts/support';
import { listSupportQueue } from '../../../projections/support-tickets/queries';
import { requireRole } from '../../plugins/auth';
import { presentTicket } from '../support-tickets';

/** The queue shows this many; the filters narrow it. */
const QUEUE_LIMIT = 200;

export const supportQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cannedReplies } = app.services;

  app.get(
    '/api/support/queue',
    {
      schema: {
        summary: 'The support queue (support users): unassigned tickets first, then by priority and age; open and in-progress unless a status is asked for',
        tags: ['support'],
        querystring: supportQueueQuerySchema,
        response: { 200: supportTicketListResponseSchema },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, 'support');
      const tickets = await listSupportQueue(db, { ...request.query, limit: QUEUE_LIMIT }, viewer.userId);
      return { tickets: tickets.map(presentTicket) };
    },
  );

  app.get(
    '/api/support/canned-replies',
    { schema: { summary: 'The canned replies support users insert into an answer (content/support/canned-replies.md)', tags: ['support'], response: { 200: cannedRepliesResponseSchema } } },
    async (request) => {
      await requireRole(request, 'support');
      return cannedReplies;
    },
  );
};
