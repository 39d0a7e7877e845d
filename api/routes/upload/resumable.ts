// Resumable uploads with the tus protocol (@tus/server mounted here, @tus/file-store on the disk or
// @tus/s3-store with object storage), so a master of a few hundred MB goes up in chunks, is
// streamed to the store as it arrives and survives a dropped connection: the client asks how much
// arrived (HEAD) and sends the rest (PATCH).
// Each request is checked here before tus sees it: a session, the cap, and that the upload is the
// caller's (another user's upload answers 404 as a missing one does). The form's fields travel in
// Upload-Metadata and are checked when the upload is created, so a bad title fails before any
// bytes are sent. The finished file goes through the same acceptance as POST /api/upload
// (./accept.ts) and starts its track workflow once: the track's id is the upload's, recorded on
// the upload, and a finished upload is accepted again only if that record is missing.
// Unfinished uploads are deleted RESUMABLE_UPLOAD_EXPIRY_HOURS after their creation. With several
// API processes the uploads are locked through Postgres (services.uploadLocker): one request writes
// an upload at a time, and one process accepts a finished one.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { copyFile, link, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCEPTED_FILE_NAME_EXTENSIONS, MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { RESUMABLE_UPLOAD_EXPIRY_HOURS, RESUMABLE_UPLOAD_METADATA_KEYS, RESUMABLE_UPLOAD_PATH, uploadFieldsSchema, type UploadFields } from '../../../domain/contracts/vault';
import { DomainError } from '../../../domain/shared/errors';
import { claimedExtension } from '../../../infra/storage/content-sniffer';
import { FileStorage } from '../../../infra/storage/file-storage';
import type { ContentStorage } from '../../../infra/storage/storage';
import { logger } from '../../../infra/logger/logger';
import { binarySchema } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { controlCharacterAt } from '../../plugins/request-guard';
import { acceptUpload, TOO_LARGE } from './accept';
import type { ResumableUploads } from './resumable-uploads';

const EXPIRY_MS = RESUMABLE_UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const TUS_BODY = 'application/offset+octet-stream';
const NOT_FOUND = 'No such upload';

/** The folder tus keeps uploads in while they arrive: beside staging, so a finished one is linked there without a copy. */
export function resumableUploadStore(storage: FileStorage): FileStore {
  return new FileStore({ directory: path.join(storage.root, 'resumable'), expirationPeriodInMilliseconds: EXPIRY_MS });
}

async function resumableUploads(storage: ContentStorage): Promise<ResumableUploads> {
  // Loaded only with object storage: the disk does not pay for the AWS SDK.
  if (storage.kind === 's3') return (await import('./resumable-s3')).objectStoreUploads(storage);
  if (!(storage instanceof FileStorage)) throw new Error(`No resumable upload store for ${storage.kind} storage`);
  const store = resumableUploadStore(storage);
  return {
    datastore: store,
    record: (id) => store.configstore.get(id),
    // The record as tus wrote it (its offset still 0, which its expiry sweep relies on), plus the track.
    markAccepted: (id, recorded, metadata) => store.configstore.set(id, Object.assign(recorded, { metadata: { ...metadata, trackId: id } })),
    copyFinished: (upload, to) => linkOrCopy(upload.storage!.path, to),
  };
}

const uploadIdParams = z.object({ id: z.uuid('Upload ids are UUIDs') });
const tusHeaders = z.looseObject({ 'tus-resumable': z.string().describe('The tus protocol version, 1.0.0') });
const emptyAnswer = z.null().describe('No body; the tus headers (Location, Upload-Offset, Upload-Length) carry the answer');

export const resumableUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, lifecycle, uploadLocker } = app.services;
  const uploads = await resumableUploads(storage);
  const store = uploads.datastore;
  /** Who sent each request in flight and its request id, for tus's hooks (they see the raw request only). */
  const senders = new WeakMap<IncomingMessage, { ownerId: string; requestId: string }>();
  /** Finishing uploads, so two requests that find one finished accept it once. */
  const finishing = new Map<string, Promise<void>>();

  const tus = new TusServer({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: store,
    ...(uploadLocker ? { locker: uploadLocker } : {}),
    relativeLocation: true,
    maxSize: MAX_UPLOAD_BYTES,
    namingFunction: () => randomUUID(),
    onUploadCreate: async (request, upload) => {
      const ownerId = senders.get(nodeRequest(request))?.ownerId;
      if (!ownerId) throw tusRefusal(401, 'Sign in to upload');
      // Only the form's keys are kept: the owner and, later, the track are the server's to write.
      const given = Object.fromEntries(RESUMABLE_UPLOAD_METADATA_KEYS.map((key) => [key, upload.metadata?.[key] ?? null]));
      try {
        checkedFields(given);
      } catch (error) {
        throw refusalOf(error);
      }
      return { metadata: { ...given, ownerId } };
    },
    onUploadFinish: async (request, upload) => {
      try {
        await finish(upload.id, senders.get(nodeRequest(request))?.requestId ?? upload.id);
      } catch (error) {
        throw refusalOf(error);
      }
      return {};
    },
    onResponseError: (_request, error) => {
      if ('status_code' in error) return undefined;
      logger.error({ err: error }, 'resumable upload failed');
      return { status_code: 500, body: JSON.stringify({ error: 'Internal server error' }) };
    },
  });

  /** Accepts a finished upload once: links its file into staging and starts its track workflow; a refused file is deleted. */
  function finish(id: string, correlationId: string): Promise<void> {
    const running = finishing.get(id) ?? acrossProcesses(`finish:${id}`, () => acceptFinished(id, correlationId)).finally(() => finishing.delete(id));
    finishing.set(id, running);
    return running;
  }

  /** Runs `work` holding the shared lock `key` when uploads are locked across processes; else at once (this process's map suffices). */
  async function acrossProcesses<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (!uploadLocker) return work();
    const lock = uploadLocker.newLock(key);
    // Accepting is short and nobody can hurry it: a release request is not acted on.
    await lock.lock(new AbortController().signal, () => undefined);
    try {
      return await work();
    } finally {
      await lock.unlock();
    }
  }

  async function acceptFinished(id: string, correlationId: string): Promise<void> {
    const upload = await store.getUpload(id);
    const metadata = upload.metadata ?? {};
    if (metadata.trackId) return;
    const recorded = await uploads.record(id);
    const staged = storage.newStagingPath();
    try {
      const fields = checkedFields(metadata);
      await uploads.copyFinished(upload, staged.path);
      await acceptUpload(lifecycle, storage, {
        trackId: id,
        ownerId: metadata.ownerId!,
        fields,
        originalName: metadata.filename!.trim(),
        stagingName: staged.name,
        stagingPath: staged.path,
        size: upload.size!,
        correlationId,
      });
    } catch (error) {
      await storage.discardStaged(staged.name);
      // A refused file is deleted; after a fault the finished upload waits for the client's next HEAD.
      if (error instanceof HttpError ? error.statusCode < 500 : error instanceof DomainError) await store.remove(id);
      throw error;
    }
    await uploads.markAccepted(id, recorded!, metadata);
    logger.info({ trackId: id, ownerId: metadata.ownerId }, 'resumable upload accepted');
  }

  /** The caller's upload, or 404 as for one that does not exist. */
  async function ownUpload(id: string, ownerId: string): Promise<Upload> {
    const info = await uploads.record(id);
    if (!info || info.metadata?.ownerId !== ownerId) throw new HttpError(404, NOT_FOUND);
    return info;
  }

  // tus reads the request body itself, as a stream: Fastify must leave it unread.
  app.addContentTypeParser(TUS_BODY, (_request, _payload, done) => done(null));

  app.post(
    RESUMABLE_UPLOAD_PATH,
    {
      schema: {
        summary: `Start a resumable upload (tus protocol, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB); Upload-Metadata carries filename and the upload form's fields`,
        tags: ['upload'],
        consumes: [TUS_BODY],
        headers: tusHeaders,
        body: binarySchema.optional(),
        response: { 201: emptyAnswer },
      },
    },
    async (request, reply) => {
      const ownerId = requireUserId(request);
      const length = request.headers['upload-length'];
      if (typeof length !== 'string' || !/^\d+$/.test(length)) throw new HttpError(400, 'Upload-Length is required: say the file\'s size in bytes');
      if (Number(length) > MAX_UPLOAD_BYTES) throw new HttpError(413, TOO_LARGE);
      if (Number(length) === 0) throw new HttpError(400, 'The file is empty');
      senders.set(request.raw, { ownerId, requestId: request.id });
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    },
  );

  app.head(
    `${RESUMABLE_UPLOAD_PATH}/:id`,
    {
      // The API document leaves HEAD routes out unless told: this one is the protocol's, not a GET's shadow.
      config: { swagger: { exposeHeadRoute: true } },
      schema: {
        summary: 'How much of your resumable upload has arrived (Upload-Offset of Upload-Length); a finished one is accepted here if it was not yet',
        tags: ['upload'],
        params: uploadIdParams,
        headers: tusHeaders,
        response: { 200: emptyAnswer },
      },
    },
    async (request, reply) => {
      const upload = await ownUpload(request.params.id, requireUserId(request));
      if (!upload.metadata?.trackId) {
        const arrived = await store.getUpload(upload.id).catch(() => null);
        if (arrived && arrived.size !== undefined && arrived.offset === arrived.size) await finish(upload.id, request.id);
      }
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    },
  );

  app.patch(
    `${RESUMABLE_UPLOAD_PATH}/:id`,
    {
      schema: {
        summary: 'Send the next bytes of your resumable upload from Upload-Offset; the last ones start its track workflow',
        tags: ['upload'],
        consumes: [TUS_BODY],
        params: uploadIdParams,
        headers: tusHeaders,
        body: binarySchema.optional(),
        response: { 204: emptyAnswer },
      },
    },
    async (request, reply) => {
      const ownerId = requireUserId(request);
      await ownUpload(request.params.id, ownerId);
      senders.set(request.raw, { ownerId, requestId: request.id });
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    },
  );

  // Every API process sweeps; across processes they take turns, so two never delete the same files at once.
  const cleanUp = () =>
    acrossProcesses('cleanup', () => tus.cleanUpExpiredUploads())
      .then((deleted) => deleted > 0 && logger.info({ deleted }, 'abandoned resumable uploads deleted'))
      .catch((error: unknown) => logger.warn({ err: error }, 'deleting abandoned resumable uploads failed'));
  const timer = setInterval(cleanUp, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => void cleanUp());
  app.addHook('onClose', async () => clearInterval(timer));
};

/** The upload form's fields from Upload-Metadata, checked as POST /api/upload checks its form. */
function checkedFields(metadata: Record<string, string | null>): UploadFields {
  const filename = metadata.filename?.trim();
  if (!filename) throw new HttpError(400, 'Upload-Metadata must name the file (filename)');
  for (const [key, value] of Object.entries(metadata)) {
    if (controlCharacterAt(value ?? '', key)) throw new HttpError(400, `${key}: must not contain control characters`);
  }
  const extension = claimedExtension(filename);
  if (!(ACCEPTED_FILE_NAME_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new HttpError(415, `Unsupported file type: "${filename}" is not one of ${ACCEPTED_FILE_NAME_EXTENSIONS.join(', ')}`);
  }
  const parsed = uploadFieldsSchema.safeParse({
    title: metadata.title ?? undefined,
    description: metadata.description ?? undefined,
    contentType: metadata.contentType ?? undefined,
    royaltySplit: metadata.royaltySplit ?? undefined,
    metadata: metadata.metadata ?? undefined,
  });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid upload form');
  return parsed.data;
}

/** A refusal in the shape tus answers with: the status and our JSON error body. */
function tusRefusal(status: number, message: string): { status_code: number; body: string } {
  return { status_code: status, body: JSON.stringify({ error: message }) };
}

function refusalOf(error: unknown): { status_code: number; body: string } {
  if (error instanceof HttpError) return tusRefusal(error.statusCode, error.statusCode === 500 ? 'Internal server error' : error.message);
  if (error instanceof DomainError && error.kind === 'validation') return tusRefusal(400, error.message);
  logger.error({ err: error }, 'accepting a resumable upload failed');
  return tusRefusal(500, 'Internal server error');
}

function nodeRequest(request: object): IncomingMessage {
  return (request as unknown as { runtime: { node: { req: IncomingMessage } } }).runtime.node.req;
}

/** A second name for the finished file in staging (same disk: no copy); a copy where links cannot be made. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    if (!['EXDEV', 'EPERM', 'ENOTSUP'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    await rm(to, { force: true });
    await copyFile(from, to);
  }
}
