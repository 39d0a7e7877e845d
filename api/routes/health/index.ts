// GET /api/health: whether the database answers; used by start scripts and tests to wait for the app.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../openapi';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const healthSchema = z.object({ ok: z.literal(true), database: z.string().describe('pglite or postgres') });
  app.get('/api/health', { schema: { summary: 'Whether the app and its database answer', tags: ['platform'], ...PUBLIC, response: { 200: healthSchema } } }, async () => {
    await db.query('SELECT 1', []);
    return { ok: true as const, database: db.kind };
  });
};
