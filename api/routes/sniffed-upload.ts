// One multipart form carrying at most one file, as dispute evidence and support attachments take
// it: the file streamed to staging within the limit, refused when empty, identified by its content
// (never its name), hashed and stored under a name the caller chooses; the text fields read beside
// it, control characters refused. Both areas take files with the same limits and the same sniffing.
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_EVIDENCE_BYTES } from '../../domain/contracts/disputes';
import { ValidationError } from '../../domain/shared/errors';
import { sniffContent } from '../../infra/storage/content-sniffer';
import type { ContentStorage } from '../../infra/storage/storage';
import { HttpError } from '../plugins/error-handler';
import { controlCharacterAt, refuseControlCharacters } from '../plugins/request-guard';

/** The most a sent file (evidence, an attachment) may weigh. */
export const MAX_SENT_FILE_BYTES = MAX_EVIDENCE_BYTES;
export const MAX_SENT_FILE_MB = MAX_SENT_FILE_BYTES / 1024 / 1024;
export const UNSUPPORTED_SENT_FILE = 'send audio, video, a JPEG or PNG image, a PDF or Word document, or plain text';

/** A stored file: its name as given, the type its content was identified as, size, SHA-256 and stored name. */
export interface SentFile {
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
  storedName: string;
}

export interface SentFileOptions {
  /** How the file is named in refusals: "evidence", "an attachment". */
  noun: string;
  /** The stored name for the identified extension. */
  storedNameOf: (extension: string) => string;
}

/** Reads the form's fields and its one file (field "file"), storing the file; removes it again if the form is refused. */
export async function readSentFileForm(request: FastifyRequest, storage: ContentStorage, options: SentFileOptions): Promise<{ fields: Record<string, string>; file: SentFile | null }> {
  if (!request.isMultipart()) throw new HttpError(415, `${capitalised(options.noun)} must be a multipart/form-data form`);
  const fields: Record<string, string> = {};
  let file: SentFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_SENT_FILE_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new ValidationError(`Unexpected file field "${part.fieldname}"; send the file as "file"`);
        }
        file = await storeSentFile(storage, part, options);
      } else {
        fields[part.fieldname] = String(part.value);
        refuseControlCharacters(fields[part.fieldname], part.fieldname);
      }
    }
    return { fields, file };
  } catch (error) {
    await discardSentFile(storage, file);
    throw error;
  }
}

/** Removes a stored file no event names (its submission was refused or failed). */
export async function discardSentFile(storage: ContentStorage, file: SentFile | null): Promise<void> {
  if (file) await storage.delete(file.storedName);
}

async function storeSentFile(storage: ContentStorage, part: MultipartFile, options: SentFileOptions): Promise<SentFile> {
  const filename = part.filename?.trim();
  if (!filename) {
    part.file.resume();
    throw new ValidationError('No file selected');
  }
  if (controlCharacterAt(filename, 'file name')) {
    part.file.resume();
    throw new ValidationError('file name: must not contain control characters');
  }
  const staged = storage.newStagingPath();
  try {
    await pipeline(part.file, createWriteStream(staged.path));
    if (part.file.truncated) throw new HttpError(413, `File too large: ${options.noun} may be at most ${MAX_SENT_FILE_MB} MB`);
    if ((await stat(staged.path)).size === 0) throw new ValidationError(`"${filename}" is empty`);
    const sniffed = await sniffContent(staged.path);
    if (!sniffed) throw new HttpError(415, `Unsupported ${options.noun.replace(/^an? /, '')} file: ${UNSUPPORTED_SENT_FILE}`);
    const storedName = options.storedNameOf(sniffed.extension);
    const { sha256, size } = await storage.storeStaged(staged.name, storedName);
    return { filename: filename.slice(0, 255), mimeType: sniffed.mimeType, size, sha256, storedName };
  } finally {
    await storage.discardStaged(staged.name);
  }
}

function capitalised(text: string): string {
  const bare = text.replace(/^an? /, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
