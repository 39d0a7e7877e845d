// Answers a stored file through @fastify/static (Range requests, conditional GETs) from a local
// path: the file itself on the disk adapter, this process's working copy with object storage.
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { StoredFileMissingError, type ContentStorage } from '../../infra/storage/storage';

/** The stored file with the given type (never guessed from its name); a missing one answers as an unknown route does. */
export async function sendStoredFile(reply: FastifyReply, storage: ContentStorage, storedName: string, mimeType: string): Promise<FastifyReply> {
  let file: string;
  try {
    file = await storage.localCopy(storedName);
  } catch (error) {
    if (!(error instanceof StoredFileMissingError)) throw error;
    reply.callNotFound();
    return reply;
  }
  return reply.type(mimeType).sendFile(path.basename(file), path.dirname(file), { contentType: false });
}
