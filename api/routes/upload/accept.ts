// What a received file goes through before it becomes a track, whichever way it arrived (one
// multipart request, POST /api/upload, or a resumable tus upload): identified by its content, its
// name and chosen type checked against that content, music probed for readable audio, and handed to
// a new TrackLifecycle workflow, which stores, hashes and probes it.
import { ACCEPTED_FILE_NAME_EXTENSIONS, MAX_UPLOAD_BYTES } from '../../../domain/constants';
import type { UploadFields } from '../../../domain/contracts/vault';
import { probeFile, UnreadableMediaError } from '../../../infra/media/probe';
import { claimedExtension, nameFits, sniffContent, type SniffedContent } from '../../../infra/storage/content-sniffer';
import type { ContentStorage } from '../../../infra/storage/storage';
import type { TrackLifecycleClient } from '../../../workflows/track-lifecycle/client';
import { HttpError } from '../../plugins/error-handler';

export const MAX_UPLOAD_MB = Math.round(MAX_UPLOAD_BYTES / 1024 / 1024);
export const TOO_LARGE = `File too large: the limit is ${MAX_UPLOAD_MB} MB a file`;
const ACCEPTED_LIST = ACCEPTED_FILE_NAME_EXTENSIONS.join(', ');

/** A file in staging with the form's fields, ready to be checked and handed to its workflow. */
export interface ReceivedUpload {
  trackId: string;
  ownerId: string;
  fields: UploadFields;
  originalName: string;
  stagingName: string;
  stagingPath: string;
  size: number;
  correlationId: string;
}

/** Checks the staged file against its name and type and starts its track workflow; throws a 4xx refusal otherwise. */
export async function acceptUpload(lifecycle: TrackLifecycleClient, storage: ContentStorage, upload: ReceivedUpload): Promise<{ workflowId: string }> {
  const { fields, originalName } = upload;
  const sniffed = await sniffContent(upload.stagingPath);
  if (!sniffed) {
    throw new HttpError(415, `Unsupported file type: the content of "${originalName}" is not one of ${ACCEPTED_LIST}`);
  }
  const claimed = claimedExtension(originalName);
  if (!nameFits(sniffed, claimed)) {
    const fits = sniffed.names.map((name) => `.${name}`).join(' or ');
    const named = claimed ? `its name ends in ".${claimed}"` : 'its name has no extension';
    throw new HttpError(415, `The file's content is ${sniffed.label} but ${named} (expected ${fits})`);
  }
  if (!sniffed.contentTypes.includes(fields.contentType)) {
    throw new HttpError(400, `A ${sniffed.label} file cannot be uploaded as ${fields.contentType}`);
  }
  if (fields.contentType === 'music') await requireAudio(upload.stagingPath, sniffed);
  // The workflow may store it on a worker on another machine.
  await storage.handOverStaged(upload.stagingName);
  return lifecycle.start({
    trackId: upload.trackId,
    ownerId: upload.ownerId,
    title: fields.title,
    description: fields.description,
    contentType: fields.contentType,
    royaltySplit: fields.royaltySplit,
    genre: fields.metadata.genre ?? null,
    originalName,
    stagingName: upload.stagingName,
    detectedExtension: sniffed.extension,
    detectedMimeType: sniffed.mimeType,
    size: upload.size,
    correlationId: upload.correlationId,
    actor: `user:${upload.ownerId}`,
  });
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
