// POST /api/upload: a multipart form with the file and its fields, in one request (for the API and
// scripts; the web uploads resumably, ./resumable.ts). The file is streamed to staging with a size
// limit and goes through ./accept.ts: identified by its content and handed to a new TrackLifecycle
// workflow. Music is probed here already: a file with no readable audio (a silent video, a broken
// header) is refused at once, not after the workflow has taken it.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { uploadFieldsSchema, uploadFormSchema, uploadResponseSchema } from '../../../domain/contracts/vault';
import { ValidationError } from '../../../domain/shared/errors';
import { HttpError } from '../../plugins/error-handler';
import { requireUserId } from '../../plugins/auth';
import { controlCharacterAt, refuseControlCharacters } from '../../plugins/request-guard';
import { acceptUpload, MAX_UPLOAD_MB, TOO_LARGE } from './accept';
import { resumableUploadRoutes } from './resumable';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, lifecycle } = app.services;
  await app.register(resumableUploadRoutes);
  app.post(
    '/api/upload',
    {
      schema: {
        summary: `Upload a file (at most ${MAX_UPLOAD_MB} MB) in one request and start its track workflow; the web uses the resumable upload`,
        tags: ['upload'],
        consumes: ['multipart/form-data'],
        // Documents the form; the parts are read as a stream below, not parsed into a body.
        body: uploadFormSchema.optional(),
        response: { 202: uploadResponseSchema },
      },
    },
    async (request, reply) => {
    const ownerId = requireUserId(request);
    if (!request.isMultipart()) throw new HttpError(415, 'Upload must be a multipart/form-data form');

    const fields: Record<string, string> = {};
    let file: Awaited<ReturnType<typeof receiveFile>> | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            part.file.resume();
            throw new ValidationError(`Unexpected file field "${part.fieldname}"; send the file as "file"`);
          }
          file = await receiveFile(part, storage.newStagingPath());
        } else {
          fields[part.fieldname] = String(part.value);
          refuseControlCharacters(fields[part.fieldname], part.fieldname);
        }
      }
      if (!file) throw new ValidationError('No file selected');

      const parsed = uploadFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new ValidationError(describeIssue(parsed.error));
      // Escapes inside the metadata's JSON decode to characters the raw field did not show.
      refuseControlCharacters(parsed.data.metadata, 'metadata');
      const trackId = randomUUID();
      const { workflowId } = await acceptUpload(lifecycle, storage, {
        trackId,
        ownerId,
        fields: parsed.data,
        originalName: file.originalName,
        stagingName: file.stagingName,
        stagingPath: file.stagingPath,
        size: file.size,
        correlationId: request.id,
      });
      request.log.info({ trackId, workflowId, ownerId }, 'upload accepted');
      return reply.status(202).send({ id: trackId, workflowId, status: 'processing', message: 'Upload received; the track workflow is storing and checking it' });
    } catch (error) {
      if (file) await storage.discardStaged(file.stagingName);
      throw error;
    }
    },
  );
};

async function receiveFile(part: MultipartFile, target: { name: string; path: string }) {
  const originalName = part.filename?.trim();
  if (!originalName) {
    part.file.resume();
    throw new ValidationError('No file selected');
  }
  if (controlCharacterAt(originalName, 'file name')) {
    part.file.resume();
    throw new ValidationError('file name: must not contain control characters');
  }
  try {
    await pipeline(part.file, createWriteStream(target.path));
    if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
    const { size } = await stat(target.path);
    if (size === 0) throw new ValidationError(`"${originalName}" is empty`);
    return { stagingName: target.name, stagingPath: target.path, originalName, size };
  } catch (error) {
    await rm(target.path, { force: true });
    throw error;
  }
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid upload form';
  return issue.message;
}
