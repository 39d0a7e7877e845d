// POST /api/upload (spec 1 §7): a multipart form with the file and its fields. The file is
// streamed to staging with a size limit, identified by its content, and handed to a new
// TrackLifecycle workflow, which stores, hashes and probes it. Music is probed here already: a
// file with no readable audio (a silent video, a broken header) is refused at once, not after the
// workflow has taken it.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCEPTED_FILE_NAME_EXTENSIONS, MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { uploadFieldsSchema, uploadFormSchema, uploadResponseSchema } from '../../../domain/contracts/vault';
import { ValidationError } from '../../../domain/shared/errors';
import { probeFile, UnreadableMediaError } from '../../../infra/media/probe';
import { claimedExtension, nameFits, sniffContent, type SniffedContent } from '../../../infra/storage/content-sniffer';
import { HttpError } from '../../plugins/error-handler';
import { requireUserId } from '../../plugins/auth';
import { controlCharacterAt, refuseControlCharacters } from '../../plugins/request-guard';

const MAX_MB = Math.round(MAX_UPLOAD_BYTES / 1024 / 1024);
const ACCEPTED_LIST = ACCEPTED_FILE_NAME_EXTENSIONS.join(', ');

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, lifecycle } = app.services;
  app.post(
    '/api/upload',
    {
      schema: {
        summary: `Upload a file (at most ${MAX_MB} MB) and start its track workflow`,
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
      const sniffed = await sniffContent(file.stagingPath);
      if (!sniffed) {
        throw new HttpError(415, `Unsupported file type: the content of "${file.originalName}" is not one of ${ACCEPTED_LIST}`);
      }
      const claimed = claimedExtension(file.originalName);
      if (!nameFits(sniffed, claimed)) {
        const fits = sniffed.names.map((name) => `.${name}`).join(' or ');
        const named = claimed ? `its name ends in ".${claimed}"` : 'its name has no extension';
        throw new HttpError(415, `The file's content is ${sniffed.label} but ${named} (expected ${fits})`);
      }
      if (!sniffed.contentTypes.includes(parsed.data.contentType)) {
        throw new ValidationError(`A ${sniffed.label} file cannot be uploaded as ${parsed.data.contentType}`);
      }
      if (parsed.data.contentType === 'music') await requireAudio(file.stagingPath, sniffed);

      const trackId = randomUUID();
      const { workflowId } = await lifecycle.start({
        trackId,
        ownerId,
        title: parsed.data.title,
        description: parsed.data.description,
        contentType: parsed.data.contentType,
        royaltySplit: parsed.data.royaltySplit,
        genre: parsed.data.metadata.genre ?? null,
        originalName: file.originalName,
        stagingName: file.stagingName,
        detectedExtension: sniffed.extension,
        detectedMimeType: sniffed.mimeType,
        size: file.size,
        correlationId: request.id,
        actor: `user:${ownerId}`,
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
    if (part.file.truncated) throw new HttpError(413, `File too large: the limit is ${MAX_MB} MB`);
    const { size } = await stat(target.path);
    if (size === 0) throw new ValidationError(`"${originalName}" is empty`);
    return { stagingName: target.name, stagingPath: target.path, originalName, size };
  } catch (error) {
    await rm(target.path, { force: true });
    throw error;
  }
}

/** Refuses music with no readable audio stream (422), e.g. a video without sound. */
async function requireAudio(stagingPath: string, sniffed: SniffedContent): Promise<void> {
  try {
    await probeFile(stagingPath, { extension: sniffed.extension, mimeType: sniffed.mimeType, requireAudio: true, timeoutMs: 30_000 });
  } catch (error) {
    if (error instanceof UnreadableMediaError) throw new HttpError(422, error.reason);
    throw error;
  }
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid upload form';
  return issue.message;
}
