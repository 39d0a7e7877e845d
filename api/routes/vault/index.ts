// GET /api/vault: the signed-in user's content items, from the vault read model.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vaultListSchema } from '../../../domain/contracts/vault';
import { requireUserId } from '../../plugins/auth';

export const vaultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vaultLists } = app.services;
  app.get('/api/vault', { schema: { summary: 'The signed-in user\'s content items, newest first, with each workflow\'s steps', tags: ['vault'], response: { 200: vaultListSchema } } }, (request) => vaultLists.list(requireUserId(request)));
};
