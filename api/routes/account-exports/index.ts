// Export my data: start an export (recorded on its stream, then built by the account-export
// workflow), list the user's exports with their progress, and download a ready archive. Another
// user's export answers 404, as a missing one does.
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountExportDecider } from '../../../domain/account-data/account-export.decider';
import { accountExportStreamId } from '../../../domain/account-data/account-export.events';
import { IllegalStateError, NotFoundError } from '../../../domain/shared/errors';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { findAccountExport, listAccountExports } from '../../../projections/account-exports/queries';
import { fileResponse, noBody } from '../../openapi';
import { HttpError } from '../../plugins/error-handler';
import { requireUserId } from '../../plugins/auth';
import { accountExportListSchema, accountExportStartedSchema, idParams } from './schemas';

export const EXPORTS_NEED_WORKFLOWS = 'Data exports are built by the workflow service, which is not running on this server';
export const EXPORT_ALREADY_RUNNING = 'An export of your data is already being built; wait for it to finish';
export const EXPORT_NOT_READY = 'This export is not ready: only a finished export can be downloaded';

export const accountExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, storage, accountExports } = app.services;

  app.post(
    '/api/account/exports',
    { schema: { summary: 'Start an export of your data: an archive of your events and documents, built by a workflow', tags: ['auth'], body: noBody, response: { 202: accountExportStartedSchema } } },
    async (request, reply) => {
      const userId = requireUserId(request);
      if (!accountExports) throw new HttpError(503, EXPORTS_NEED_WORKFLOWS);
      if ((await listAccountExports(db, userId)).some((existing) => existing.status === 'running')) throw new IllegalStateError(EXPORT_ALREADY_RUNNING);
      const exportId = randomUUID();
      const context = { correlationId: request.id, actor: `user:${userId}` };
      const { result } = await handleCommand(eventStore, accountExportStreamId(exportId), accountExportDecider, { type: 'RequestAccountExport', data: { exportId, userId, requestedAt: new Date().toISOString() } }, context);
      if (result) await projector.waitFor(result.lastPosition);
      await accountExports.start({ exportId, userId, ...context });
      const started = await findAccountExport(db, userId, exportId);
      if (!started) throw new Error(`Export ${exportId} was recorded but is not in the read model`);
      return reply.status(202).send({ export: started.view });
    },
  );

  app.get(
    '/api/account/exports',
    { schema: { summary: 'Your data exports, newest first, with their progress', tags: ['auth'], response: { 200: accountExportListSchema } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return { exports: await listAccountExports(db, requireUserId(request)) };
    },
  );

  app.get(
    '/api/account/exports/:id/download',
    { schema: { summary: 'Download a finished export of your data (a zip archive)', tags: ['auth'], params: idParams, response: { 200: fileResponse('application/zip', 'The archive'), 302: z.null().describe('With object storage: the archive comes from the store on the Location link, good for a minute') } } },
    async (request, reply) => {
      const found = await findAccountExport(db, requireUserId(request), request.params.id);
      if (!found) throw new NotFoundError('Export not found');
      if (!found.storedName) throw new IllegalStateError(EXPORT_NOT_READY);
      const size = await storage.size(found.storedName);
      if (size === null) throw new NotFoundError('This archive is no longer stored; start a new export');
      const fileName = `goose-data-export-${found.view.requestedAt.slice(0, 10)}.zip`;
      // With object storage the browser fetches the archive from the store itself, on a link good for a minute.
      const presigned = await storage.signedUrl(found.storedName, 60, { fileName, contentType: 'application/zip' });
      if (presigned) return (reply as FastifyReply).header('Cache-Control', 'private, no-store').redirect(presigned, 302);
      const { body } = await storage.openRead(found.storedName);
      // The schema describes a file; the typed reply would expect the JSON schema's type.
      return (reply as FastifyReply)
        .type('application/zip')
        .header('Content-Length', size)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
};
