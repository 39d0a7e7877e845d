// GET /api/analytics: the signed-in creator's overview for a period (content, copyright checks,
// tokens, royalties from statements with estimates apart, payouts, license sales, top tracks and
// recent activity), read from the read models by projections/analytics/queries.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsOverview } from '../../../projections/analytics/queries';
import { requireUserId } from '../../plugins/auth';
import { analyticsQuerySchema, analyticsSchema } from './schemas';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  app.get(
    '/api/analytics',
    {
      schema: {
        summary:
          "The signed-in creator's analytics for a period (30d, 90d, 12m or all; series by day for 30d and 90d, by month otherwise): content by type and status, copyright checks by outcome, tokens earned, spent and balance, royalties from payable statements with self-reported estimates apart, payouts, license sales, top tracks and recent activity",
        tags: ['analytics'],
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema },
      },
    },
    async (request) => analyticsOverview(db, requireUserId(request), request.query.period),
  );
};
