// GET /api/developer/usage (spec 3 §9 "Usage"; issue 17): the signed-in developer's latest calls
// over all their keys and the current UTC month's stats, read from the metering log the API key
// guard writes (infra/developer/usage-store.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiUsageResponseSchema } from '../../../domain/contracts/developer';
import { usageOf } from '../../../infra/developer/usage-store';
import { requireUserId } from '../../plugins/auth';
import { usageQuerySchema } from './schemas';

export const developerUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  app.get(
    '/api/developer/usage',
    {
      schema: {
        summary: "The signed-in developer's latest API calls over all their keys and this month's (UTC) stats: calls, cost in cents, average response time, error rate",
        tags: ['developer'],
        querystring: usageQuerySchema,
        response: { 200: apiUsageResponseSchema },
      },
    },
    async (request) => usageOf(db, requireUserId(request), new Date(), request.query.recent),
  );
};
