// Public previews of registered works (docs/ip-protection.md). GET /api/works/:id/preview hands
// anyone (visitor or signed in) a signed link, valid 30 to 40 minutes, to /media/previews/<id>.mp3:
// the first 30 s of the work, faded out, as a 128 kb/s MP3 (infra/media/previews.ts). The registry,
// the marketplace and the proof explorer play it; the original stays its owner's alone (/uploads).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PREVIEW_SECONDS } from '../../../domain/contracts/media';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import { ensurePreview, previewsDir } from '../../../infra/media/previews';
import { findStoredFileOwner, findTrack } from '../../../projections/vault/queries';
import { findWork } from '../../../projections/works/queries';
import { fileResponse, PUBLIC } from '../../openapi';
import { LINK_EXPIRED, LINK_NOT_VALID } from '../files';
import { idParams } from '../shared-schemas';
import { mediaLinkQuery, previewFileParams, workPreviewResponseSchema } from './schemas';

const NO_PREVIEW = 'This work has no audio to preview';
const PREVIEW_NOTE = `A ${PREVIEW_SECONDS}-second excerpt from the start of the work, faded out and compressed. Only the owner downloads the original.`;

export const mediaPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, mediaLinks } = app.services;

  /** The stored audio original of a registered work, or a 404. */
  const originalOf = async (workId: string) => {
    if (!(await findWork(db, workId))) throw new NotFoundError('Work not found');
    const track = await findTrack(db, workId);
    const state = track?.state;
    const storedName = state && 'file' in state ? state.file.storedName : null;
    const file = storedName ? await findStoredFileOwner(db, storedName) : null;
    if (!storedName || !file?.mimeType.startsWith('audio/')) throw new NotFoundError(NO_PREVIEW);
    return storedName;
  };

  app.get(
    '/api/works/:id/preview',
    {
      schema: {
        summary: `A signed link to a registered work's ${PREVIEW_SECONDS}-second preview (anyone; valid 30 to 40 minutes). The original is its owner's alone`,
        tags: ['registry'],
        ...PUBLIC,
        params: idParams,
        response: { 200: workPreviewResponseSchema },
      },
    },
    async (request, reply) => {
      await originalOf(request.params.id);
      void reply.header('Cache-Control', 'no-store');
      const { url, expiresAt } = mediaLinks.sign(`/media/previews/${request.params.id}.mp3`, request.userId ?? 'visitor');
      return { url, expiresAt: expiresAt.toISOString(), seconds: PREVIEW_SECONDS, note: PREVIEW_NOTE };
    },
  );

  app.get(
    '/media/previews/:name',
    {
      schema: {
        summary: `A registered work's ${PREVIEW_SECONDS}-second MP3 preview, through the signed link GET /api/works/{id}/preview hands out (403 without one, or when forged or expired); Range requests work`,
        tags: ['registry'],
        ...PUBLIC,
        params: previewFileParams,
        querystring: mediaLinkQuery,
        response: { 200: fileResponse('audio/mpeg', 'The preview'), 206: fileResponse('audio/mpeg', 'The requested range of the preview') },
      },
    },
    async (request, reply) => {
      const link = mediaLinks.verify(`/media/previews/${request.params.name}`, request.query);
      if (link.status === 'unsigned') throw new ForbiddenError('A preview is played through the signed link GET /api/works/{id}/preview hands out');
      if (link.status === 'invalid') throw new ForbiddenError(LINK_NOT_VALID);
      if (link.status === 'expired') throw new ForbiddenError(LINK_EXPIRED);
      const workId = request.params.name.slice(0, -'.mp3'.length).toLowerCase();
      const storedName = await originalOf(workId);
      // The original is fetched only to make the preview, once per process.
      const preview = await ensurePreview(previewsDir(storage.root), () => storage.localCopy(storedName), storedName);
      reply.header('Cache-Control', 'private, max-age=1800');
      reply.header('X-Content-Type-Options', 'nosniff');
      return reply.type('audio/mpeg').sendFile(preview.slice(previewsDir(storage.root).length + 1), previewsDir(storage.root), { contentType: false });
    },
  );
};
