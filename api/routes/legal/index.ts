// The six legal documents, public (anyone may read what they would accept), and the signed-in
// user's acceptance of the current Terms of Service, recorded as TermsAccepted on their stream.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideUser, evolveUser, initialUserState } from '../../../domain/identity/user.decider';
import { userStreamId } from '../../../domain/identity/user.events';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { requireUserId } from '../../plugins/auth';
import { PUBLIC } from '../../openapi';
import { acceptSchema, documentSchema, listSchema } from './schemas';

const userDecider = { decide: decideUser, evolve: evolveUser, initialState: initialUserState };

export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { knowledge, eventStore, projector } = app.services;

  app.get(
    '/api/legal',
    { schema: { ...listSchema, summary: 'The six legal documents: id, title, version, effective date and summary', tags: ['legal'], ...PUBLIC } },
    () => ({ documents: knowledge.legal.map(({ id, title, version, effective, summary }) => ({ id, title, version, effective, summary })) }),
  );

  app.get(
    '/api/legal/:id',
    { schema: { ...documentSchema, summary: 'One legal document with its Markdown body and its sections', tags: ['legal'], ...PUBLIC } },
    (request) => {
      const document = knowledge.document(request.params.id);
      if (!document) throw new NotFoundError(`No legal document is called "${request.params.id}"`);
      return document;
    },
  );

  app.post(
    '/api/legal/terms/accept',
    { schema: { ...acceptSchema, summary: 'Accept the current version of the Terms of Service (recorded as TermsAccepted)', tags: ['legal'] } },
    async (request) => {
      const userId = requireUserId(request);
      const { version } = request.body;
      if (version !== knowledge.termsVersion) {
        throw new ValidationError(`The current Terms of Service are version ${knowledge.termsVersion}; accept that version`);
      }
      const { result } = await handleCommand(
        eventStore,
        userStreamId(userId),
        userDecider,
        { type: 'AcceptTerms', data: { userId, version, acceptedAt: new Date().toISOString() } },
        { correlationId: request.id, actor: `user:${userId}` },
      );
      if (result) await projector.waitFor(result.lastPosition);
      return { termsAccepted: true as const, version };
    },
  );
};
