// Resumable uploads with object storage (./resumable.ts loads this only then): the parts go to
// the bucket as they arrive through @tus/s3-store, so each PATCH or HEAD of one upload may land on
// any API process; the acceptance mark is a small stored object beside them.
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { S3Store } from '@tus/s3-store';
import { RESUMABLE_UPLOAD_EXPIRY_HOURS } from '../../../domain/contracts/vault';
import { s3ClientConfig, S3Storage } from '../../../infra/storage/s3-storage';
import type { ContentStorage } from '../../../infra/storage/storage';
import type { ResumableUploads } from './resumable-uploads';

const EXPIRY_MS = RESUMABLE_UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000;

/** The tus datastore in the bucket, with the routes' record of each upload. */
export function objectStoreUploads(content: ContentStorage): ResumableUploads {
  if (!(content instanceof S3Storage)) throw new Error('The object-store upload needs the S3 storage adapter');
  const storage = content;
  const store = new S3Store({
    s3ClientConfig: { ...s3ClientConfig(storage.config), bucket: storage.config.bucket },
    expirationPeriodInMilliseconds: EXPIRY_MS,
    // Expiry by the upload's creation date, not object tags: not every S3-compatible server keeps tags.
    useTags: false,
  });
  const acceptedMark = (id: string) => `resumable-${id}-accepted`;
  return {
    datastore: store,
    async record(id) {
      const upload = await store.getUpload(id).catch((error: unknown) => {
        if ((error as { status_code?: number }).status_code === 404) return undefined;
        throw error;
      });
      if (!upload) return undefined;
      if ((await storage.size(acceptedMark(id))) !== null) upload.metadata = { ...upload.metadata, trackId: id };
      return upload;
    },
    async markAccepted(id) {
      await writeFile(storage.workingPath(acceptedMark(id)), id);
      await storage.save(acceptedMark(id));
    },
    async copyFinished(upload, to) {
      await pipeline(await store.read(upload.id), createWriteStream(to));
    },
  };
}
