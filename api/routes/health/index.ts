// GET /api/health: whether the database answers; used by start scripts and tests to wait for the app.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get('/api/health', async () => {
    await db.query('SELECT 1', []);
    return { ok: true, database: db.kind };
  });
};
