// A rights holder's reference catalogue (docs/reference-catalogues.md): deliveries of reference
// recordings with a CSV of metadata, as a multipart upload or from a folder on the delivery
// partner's SFTP, indexed by the reference-delivery workflow; the holder's deliveries with their
// progress and per-file results; their references, paged and searchable; and removing one. Every
// route needs the rights_holder role; another user's delivery or reference answers 404.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { referenceDeliveryDecider } from '../../../domain/references/reference-delivery.decider';
import { MAX_REFERENCES_PER_DELIVERY, referenceDeliveryStreamId } from '../../../domain/references/reference-delivery.events';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { removeReference } from '../../../infra/audio/oracle';
import { PartnerUnreachable, withPartnerSftp } from '../../../infra/distribution/partner-sftp';
import { handleCommandWithRetry, readState } from '../../../infra/eventstore/command-handler';
import { MAX_DELIVERY_CSV_BYTES, readDeliveryCsv } from '../../../infra/references/delivery-csv';
import { findReference, findReferenceDelivery, listReferenceDeliveries, listReferences } from '../../../projections/references/queries';
import { multipartForm, noBody } from '../../openapi';
import { requireRole } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { controlCharacterAt } from '../../plugins/request-guard';
import { TOO_LARGE } from '../upload/accept';
import { DELIVERIES_NEED_WORKFLOWS, recordDelivery, recordingsOf } from './intake';
import {
  deliveryFormSchema,
  deliveryStartedSchema,
  idParams,
  referenceDeliveryDetailSchema,
  referenceDeliveryListSchema,
  referenceListQuerySchema,
  referenceListSchema,
  referenceRemovedSchema,
  sftpDeliveryRequestSchema,
} from './schemas';

export const NO_DELIVERY_PARTNER = "SFTP deliveries come from the delivery partner's SFTP server, and no delivery partner is configured on this server (DELIVERY_PARTNER_* settings); upload the files instead";

const holderOnly = (request: Parameters<typeof requireRole>[0]) => requireRole(request, 'rights_holder');

interface StagedFile {
  originalName: string;
  stagingName: string;
}

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const { db, eventStore, projector, storage } = services;

  app.post(
    '/api/references/deliveries',
    {
      schema: {
        summary: `Deliver reference recordings: a multipart form of up to ${MAX_REFERENCES_PER_DELIVERY} audio files ("recordings") and their CSV of metadata ("csv"), indexed by a workflow`,
        tags: ['references'],
        consumes: ['multipart/form-data'],
        body: deliveryFormSchema.optional(),
        ...multipartForm(deliveryFormSchema),
        response: { 202: deliveryStartedSchema },
      },
    },
    async (request, reply) => {
      const holder = await holderOnly(request);
      if (!services.referenceDeliveries) throw new HttpError(503, DELIVERIES_NEED_WORKFLOWS);
      if (!request.isMultipart()) throw new HttpError(415, 'A delivery is a multipart/form-data form with the recordings and their CSV');
      const staged: StagedFile[] = [];
      const stored: string[] = [];
      try {
        let csv: Buffer | null = null;
        for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_REFERENCES_PER_DELIVERY + 1, fields: 0 } })) {
          if (part.type !== 'file') continue;
          if (part.fieldname === 'csv') {
            if (csv) throw skip(part, new ValidationError('Send one CSV ("csv") with the delivery'));
            csv = await receiveCsv(part);
          } else if (part.fieldname === 'recordings') {
            staged.push(await receiveRecording(part, staged, storage.newStagingPath()));
          } else {
            throw skip(part, new ValidationError(`Unexpected file field "${part.fieldname}"; send the audio files as "recordings" and the CSV as "csv"`));
          }
        }
        if (!csv) throw new ValidationError('No CSV: send the metadata as "csv" (columns file,title,artist,isrc,owner,territories)');
        if (staged.length === 0) throw new ValidationError('No recordings: send the audio files as "recordings"');
        const recordings = recordingsOf(await readDeliveryCsv(csv, staged.map((file) => file.originalName)));
        const stagingOf = new Map(staged.map((file) => [file.originalName, file.stagingName]));
        for (const recording of recordings) {
          await storage.storeStaged(stagingOf.get(recording.file)!, recording.storedName);
          stored.push(recording.storedName);
        }
        // Once recorded, the files belong to the delivery: a failure after that (starting its workflow) keeps them.
        const delivery = await recordDelivery(services, { deliveryId: randomUUID(), holder, via: 'upload', folder: null, recordings, correlationId: request.id }, () => stored.splice(0));
        request.log.info({ deliveryId: delivery.id, recordings: recordings.length }, 'reference delivery received');
        return reply.status(202).send({ delivery });
      } catch (error) {
        await Promise.all([...staged.map((file) => storage.discardStaged(file.stagingName)), ...stored.map((name) => storage.delete(name))]);
        throw error;
      }
    },
  );

  app.post(
    '/api/references/deliveries/sftp',
    { schema: { summary: "Deliver reference recordings from a folder on the delivery partner's SFTP: its audio files and one CSV of metadata, fetched and indexed by a workflow", tags: ['references'], body: sftpDeliveryRequestSchema, response: { 202: deliveryStartedSchema } } },
    async (request, reply) => {
      const holder = await holderOnly(request);
      if (!services.referenceDeliveries) throw new HttpError(503, DELIVERIES_NEED_WORKFLOWS);
      const partner = services.referenceSftp;
      if (!partner) throw new HttpError(503, NO_DELIVERY_PARTNER);
      const folder = referenceFolder(partner, request.body.folder);
      const { csvText, files } = await readPartnerFolder(partner, folder);
      const recordings = recordingsOf(await readDeliveryCsv(csvText, files));
      const delivery = await recordDelivery(services, { deliveryId: randomUUID(), holder, via: 'sftp', folder, recordings, correlationId: request.id });
      request.log.info({ deliveryId: delivery.id, folder, recordings: recordings.length }, 'reference delivery received from the partner\'s SFTP');
      return reply.status(202).send({ delivery });
    },
  );

  app.get(
    '/api/references/deliveries',
    { schema: { summary: 'Your deliveries of reference recordings, newest first, with their progress', tags: ['references'], response: { 200: referenceDeliveryListSchema } } },
    async (request, reply) => {
      const holder = await holderOnly(request);
      void reply.header('Cache-Control', 'no-store');
      return { deliveries: await listReferenceDeliveries(db, holder.userId) };
    },
  );

  app.get(
    '/api/references/deliveries/:id',
    { schema: { summary: 'One of your deliveries: its progress and each recording\'s result (indexed, failed and why, matched works and their review cases)', tags: ['references'], params: idParams, response: { 200: referenceDeliveryDetailSchema } } },
    async (request, reply) => {
      const holder = await holderOnly(request);
      const found = await findReferenceDelivery(db, holder.userId, request.params.id);
      if (!found) throw new NotFoundError('Delivery not found');
      void reply.header('Cache-Control', 'no-store');
      return found;
    },
  );

  app.get(
    '/api/references',
    { schema: { summary: 'Your indexed reference recordings, newest first, searchable by title or ISRC (never public)', tags: ['references'], querystring: referenceListQuerySchema, response: { 200: referenceListSchema } } },
    async (request, reply) => {
      const holder = await holderOnly(request);
      void reply.header('Cache-Control', 'no-store');
      return listReferences(db, holder.userId, request.query);
    },
  );

  app.delete(
    '/api/references/:id',
    { schema: { summary: 'Remove one of your references: uploads are no longer compared with it', tags: ['references'], params: idParams, body: noBody, response: { 200: referenceRemovedSchema } } },
    async (request) => {
      const holder = await holderOnly(request);
      const found = await findReference(db, holder.userId, request.params.id);
      if (!found) throw new NotFoundError('Reference not found');
      const streamId = referenceDeliveryStreamId(found.deliveryId);
      const command = { type: 'RemoveReference' as const, data: { referenceId: request.params.id, by: holder.userId, at: new Date().toISOString() } };
      // Refused (still indexing, never indexed) before anything is taken out of the index.
      referenceDeliveryDecider.decide(command, await readState(eventStore, streamId, referenceDeliveryDecider));
      // Out of the index first: a reference recorded as removed must never still match.
      await removeReference(db, request.params.id);
      // The delivery's workflow may be recording another of its files meanwhile: decided again on a concurrent write.
      const { result } = await handleCommandWithRetry(eventStore, streamId, referenceDeliveryDecider, command, { correlationId: request.id, actor: `user:${holder.userId}` });
      if (result) await projector.waitFor(result.lastPosition);
      await storage.delete(found.storedName);
      return { removed: true as const, referenceId: request.params.id };
    },
  );
};

/** Drains a part that is refused, so the request can end, and hands the refusal back. */
function skip(part: MultipartFile, error: Error): Error {
  part.file.resume();
  return error;
}

async function receiveRecording(part: MultipartFile, earlier: readonly StagedFile[], target: { name: string; path: string }): Promise<StagedFile> {
  const originalName = part.filename?.trim();
  if (!originalName) throw skip(part, new ValidationError('A recording has no file name'));
  if (controlCharacterAt(originalName, 'file name')) throw skip(part, new ValidationError('file name: must not contain control characters'));
  if (earlier.some((file) => file.originalName === originalName)) throw skip(part, new ValidationError(`"${originalName}" is delivered twice`));
  try {
    await pipeline(part.file, createWriteStream(target.path));
    if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
    if ((await stat(target.path)).size === 0) throw new ValidationError(`"${originalName}" is empty`);
    return { originalName, stagingName: target.name };
  } catch (error) {
    await rm(target.path, { force: true });
    throw error;
  }
}

/** The CSV part, read into memory only up to its limit. */
async function receiveCsv(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_DELIVERY_CSV_BYTES) throw skip(part, new ValidationError(`The CSV is larger than ${MAX_DELIVERY_CSV_BYTES / 1024} KB`));
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const folderPath = (folder: string): string => path.posix.normalize(folder).replace(/(.)\/+$/, '$1');
const isInside = (folder: string, root: string): boolean => folder === root || folder.startsWith(`${root}/`);

/**
 * The folder a holder names, inside the partner's references folder (a relative name is taken from
 * there): the rest of the partner's SFTP holds other users' releases and reports, never read here.
 */
function referenceFolder(partner: Parameters<typeof withPartnerSftp>[0], asked: string): string {
  const root = folderPath(partner.folders.references);
  const named = folderPath(asked);
  const folder = named.startsWith('/') ? named : folderPath(path.posix.join(root, named));
  const reserved = [partner.folders.inbox, partner.folders.acknowledgements, partner.folders.reports].map(folderPath);
  if (!isInside(folder, root) || folder === root || reserved.some((other) => isInside(folder, other))) {
    throw new ValidationError(`folder: reference deliveries are read from folders inside "${root}" on the delivery partner's SFTP; "${asked}" is not one`);
  }
  return folder;
}

/** The folder's one CSV and its other files, read over the partner's SFTP; an unreachable partner is a 502 in plain words. */
async function readPartnerFolder(partner: Parameters<typeof withPartnerSftp>[0], folder: string): Promise<{ csvText: Buffer; files: string[] }> {
  try {
    return await withPartnerSftp(partner, async (sftp) => {
      if ((await sftp.exists(folder)) !== 'd') throw new ValidationError(`folder: "${folder}" is not a folder on the delivery partner's SFTP`);
      const entries = (await sftp.list(folder)).filter((entry) => entry.type === '-' && !entry.name.startsWith('.'));
      const csvs = entries.filter((entry) => entry.name.toLowerCase().endsWith('.csv'));
      if (csvs.length !== 1) throw new ValidationError(`folder: "${folder}" must hold exactly one CSV of metadata; it holds ${csvs.length}`);
      if (csvs[0]!.size > MAX_DELIVERY_CSV_BYTES) throw new ValidationError(`The CSV is larger than ${MAX_DELIVERY_CSV_BYTES / 1024} KB`);
      const csvText = (await sftp.get(`${folder}/${csvs[0]!.name}`)) as Buffer;
      return { csvText, files: entries.filter((entry) => entry !== csvs[0]).map((entry) => entry.name) };
    });
  } catch (error) {
    if (error instanceof PartnerUnreachable) throw new HttpError(502, `The delivery partner's SFTP could not be reached; try again later`);
    throw error;
  }
}
