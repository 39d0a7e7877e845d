// GET /api/capabilities: what this server can really do now, each with a plain-words reason when
// off. The web derives every "available" and every sold tier or price-list line from it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { capabilitiesResponseSchema } from '../../../domain/contracts/capabilities';
import { PUBLIC } from '../../openapi';

export const capabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { capabilities } = app.services;
  app.get(
    '/api/capabilities',
    { schema: { summary: 'What this server can do now: ledger submission, card payments, XRP deposits, delivery, mail and more, each with a reason when off', tags: ['platform'], ...PUBLIC, response: { 200: capabilitiesResponseSchema } } },
    () => ({ capabilities }),
  );
};
