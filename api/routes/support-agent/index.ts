// The support agent's routes (docs/support-agent.md): ask a question, vote on an answer, talk to a
// person. Signed-in users only; a conversation and its answers belong to the user who started it
// (another user's is answered as missing, 404). The agent records every exchange on the
// conversation's stream and opens a ticket through the support centre when it hands over.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth';
import {
  agentFeedbackBodySchema,
  agentFeedbackResponseSchema,
  agentHandoffBodySchema,
  agentHandoffResponseSchema,
  askAgentBodySchema,
  askAgentResponseSchema,
  idParams,
} from './schemas';

export const supportAgentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { supportAgent } = app.services;

  app.post(
    '/api/support/agent/messages',
    {
      schema: {
        summary:
          'Ask the support agent: an answer from your own account data, a quoted passage with its citation, the closest articles, or a ticket for a person (always for refunds, disputes, legal notices and account security); starts a conversation when none is given',
        tags: ['support'],
        body: askAgentBodySchema,
        response: { 200: askAgentResponseSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      return supportAgent.ask(userId, request.body.message, request.body.conversationId);
    },
  );

  app.post(
    '/api/support/agent/answers/:id/feedback',
    {
      schema: {
        summary: "Say whether one of the agent's answers helped (one vote per answer); the second unhelpful vote in a conversation hands it to a person and answers the handoff",
        tags: ['support'],
        params: idParams,
        body: agentFeedbackBodySchema,
        response: { 200: agentFeedbackResponseSchema },
      },
    },
    async (request) => supportAgent.feedback(requireUserId(request), request.params.id, request.body.helpful),
  );

  app.post(
    '/api/support/agent/handoff',
    {
      schema: {
        summary: 'Talk to a person: opens a ticket carrying the conversation (its transcript and the sources it was shown), or says plainly when this server cannot',
        tags: ['support'],
        body: agentHandoffBodySchema,
        response: { 200: agentHandoffResponseSchema },
      },
    },
    async (request) => ({ answer: await supportAgent.talkToPerson(requireUserId(request), request.body?.conversationId) }),
  );
};
