// GET /uploads/{name}: a stored file, served only to the user who owns it (others get 404, so
// the route does not reveal which files exist). Range requests work, so audio can seek.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../../domain/shared/errors';
import { findStoredFileOwner } from '../../../projections/vault/queries';
import { fileResponse } from '../../openapi';
import { requireUserId } from '../../plugins/auth';

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.services;
  app.get(
    '/uploads/:name',
    {
      schema: {
        summary: 'A stored file of the signed-in user (another user\'s answers 404); Range requests work',
        tags: ['vault'],
        params: z.object({ name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Invalid file name') }),
        response: { 200: fileResponse('application/octet-stream', 'The file, with the type its content was identified as'), 206: fileResponse('application/octet-stream', 'The requested range of the file') },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const file = await findStoredFileOwner(db, request.params.name);
      if (!file || file.ownerId !== userId) throw new NotFoundError('File not found');
      reply.header('Cache-Control', 'private, max-age=3600');
      reply.header('X-Content-Type-Options', 'nosniff');
      // The recorded type is what the content sniffer found; @fastify/static would guess from the name instead.
      return reply.type(file.mimeType).sendFile(request.params.name, storage.uploadsDir, { contentType: false });
    },
  );
};
