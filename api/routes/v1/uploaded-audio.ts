// The audio a v1 analysis call uploads (multipart field `file`, at most 50 MB, optional `metadata`
// as a JSON object): streamed to staging, identified by its bytes (as POST /api/upload does), and
// accepted only when it is audio, or video with a sound track. The caller discards the staged file.
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { V1_MAX_UPLOAD_BYTES } from '../../../domain/developer/api-tiers';
import { ValidationError } from '../../../domain/shared/errors';
import { probeFile, UnreadableMediaError } from '../../../infra/media/probe';
import { sniffContent, type SniffedContent } from '../../../infra/storage/content-sniffer';
import type { ContentStorage } from '../../../infra/storage/storage';
import { HttpError } from '../../plugins/error-handler';
import { refuseControlCharacters } from '../../plugins/request-guard';

export const FILE_PATH_REFUSED = 'filePath is not accepted: send contentId, or upload the audio as multipart field "file"';
export const TOO_LARGE = `The file is larger than ${V1_MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

export interface UploadedAudio {
  stagingName: string;
  stagingPath: string;
  sniffed: SniffedContent;
  metadata: Record<string, unknown> | null;
}

/** Reads the form; on any refusal the staged file is already gone. */
export async function receiveAudio(request: FastifyRequest, storage: ContentStorage): Promise<UploadedAudio> {
  let staged: { name: string; path: string } | null = null;
  let metadataField: string | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: V1_MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 64 * 1024 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new ValidationError(`Unexpected file field "${part.fieldname}"; send the audio as "file"`);
        }
        staged = storage.newStagingPath();
        await pipeline(part.file, createWriteStream(staged.path));
        if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
      } else if (part.fieldname === 'filePath') {
        throw new ValidationError(FILE_PATH_REFUSED);
      } else if (part.fieldname === 'metadata') {
        metadataField = String(part.value);
        refuseControlCharacters(metadataField, 'metadata');
      } else {
        throw new ValidationError(`Unexpected field "${part.fieldname}"; the form takes "file" and an optional "metadata"`);
      }
    }
    if (!staged) throw new ValidationError('No file: upload the audio as multipart field "file", or send JSON with contentId');
    if ((await stat(staged.path)).size === 0) throw new ValidationError('The file is empty');
    const metadata = metadataField === null ? null : parseMetadata(metadataField);
    const sniffed = await sniffContent(staged.path);
    if (!sniffed || !sniffed.contentTypes.some((type) => type === 'music' || type === 'video')) {
      throw new HttpError(415, `Unsupported file type: the file is ${sniffed ? sniffed.label : 'not a recognised format'}; send audio (MP3, WAV, FLAC…) or a video with sound`);
    }
    await requireAudio(staged.path, sniffed);
    return { stagingName: staged.name, stagingPath: staged.path, sniffed, metadata };
  } catch (error) {
    if (staged) await rm(staged.path, { force: true });
    throw error;
  }
}

function parseMetadata(field: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(field);
  } catch {
    throw new ValidationError('metadata must be a JSON object');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ValidationError('metadata must be a JSON object');
  // Escapes inside the JSON decode to characters the raw field did not show.
  refuseControlCharacters(parsed, 'metadata');
  return parsed as Record<string, unknown>;
}

/** Refuses a file with no readable audio stream (422), e.g. a video without sound or a broken header. */
async function requireAudio(file: string, sniffed: SniffedContent): Promise<void> {
  try {
    await probeFile(file, { extension: sniffed.extension, mimeType: sniffed.mimeType, requireAudio: true, timeoutMs: 30_000 });
  } catch (error) {
    if (error instanceof UnreadableMediaError) throw new HttpError(422, error.reason);
    throw error;
  }
}
