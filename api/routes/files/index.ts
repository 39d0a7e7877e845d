// GET /uploads/{name}: a stored file, served only to the user who owns it (others get 404, so
// the route does not reveal which files exist). Range requests work, so audio can seek. A browser
// element reads it through a signed, expiring link (GET /api/uploads/{name}/link hands one to the
// owner; docs/ip-protection.md): a forged or altered link, or one past its expiry, answers 403. The
// owner's own session still reads the file without a signature (API clients, the exports).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaLinkResponseSchema } from '../../../domain/contracts/media';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import { findStoredFileOwner } from '../../../projections/vault/queries';
import { fileResponse, PUBLIC } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { sendStoredFile } from '../stored-file-reply';

const storedName = z.object({ name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Invalid file name') });
/** A signed link's query (infra/media/media-links.ts); absent on an unsigned request. */
export const mediaLinkQuery = z.object({ exp: z.string().max(20).optional(), sub: z.string().max(40).optional(), sig: z.string().max(64).optional() });

export const LINK_NOT_VALID = 'This media link is not valid';
export const LINK_EXPIRED = 'This media link has expired: reload the page for a new one';

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, mediaLinks } = app.services;
  app.get(
    '/uploads/:name',
    {
      schema: {
        summary: 'A stored file, through a signed link issued to its owner or on the owner\'s session (another user\'s answers 404; a forged or expired link 403); Range requests work',
        tags: ['vault'],
        ...PUBLIC,
        params: storedName,
        querystring: mediaLinkQuery,
        response: { 200: fileResponse('application/octet-stream', 'The file, with the type its content was identified as'), 206: fileResponse('application/octet-stream', 'The requested range of the file') },
      },
    },
    async (request, reply) => {
      const link = mediaLinks.verify(`/uploads/${request.params.name}`, request.query);
      if (link.status === 'invalid') throw new ForbiddenError(LINK_NOT_VALID);
      if (link.status === 'expired') throw new ForbiddenError(LINK_EXPIRED);
      const reader = link.status === 'valid' ? link.subject : requireUserId(request);
      const file = await findStoredFileOwner(db, request.params.name);
      if (!file || file.ownerId !== reader) throw new NotFoundError('File not found');
      // A signed link may be opened by a download manager or a new tab: still nobody's cache but the browser's.
      reply.header('Cache-Control', 'private, max-age=3600');
      reply.header('X-Content-Type-Options', 'nosniff');
      // The recorded type is what the content sniffer found; @fastify/static would guess from the name instead.
      return sendStoredFile(reply, storage, request.params.name, file.mimeType);
    },
  );

  app.get(
    '/api/uploads/:name/link',
    {
      schema: {
        summary: 'A signed link to one of the signed-in user\'s stored files, for an audio player or a download; it works for 30 to 40 minutes (another user\'s file answers 404)',
        tags: ['vault'],
        params: storedName,
        response: { 200: mediaLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const file = await findStoredFileOwner(db, request.params.name);
      if (!file || file.ownerId !== userId) throw new NotFoundError('File not found');
      void reply.header('Cache-Control', 'no-store');
      const { url, expiresAt } = mediaLinks.sign(`/uploads/${request.params.name}`, userId);
      return { url, expiresAt: expiresAt.toISOString() };
    },
  );
};
