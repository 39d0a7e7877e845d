// Which storage adapter a process uses: the disk under DATA_DIR unless STORAGE_S3_* name an
// S3-compatible object store (docs/storage.md). The AWS SDK is loaded only then: a process on the
// disk does not pay its ~0.3 s of loading.
import type { StorageConfig } from '../config';
import { logger } from '../logger/logger';
import { FileStorage } from './file-storage';
import type { ContentStorage } from './storage';

/** The disk under dataDir, or the object store when configured (its working copies under dataDir). */
export async function openStorage(dataDir: string, config: StorageConfig | null): Promise<ContentStorage> {
  if (!config) return new FileStorage(dataDir);
  logger.info({ endpoint: config.endpoint, bucket: config.bucket }, 'stored files are kept in the object store; this process keeps working copies under its data folder');
  const { S3Storage } = await import('./s3-storage');
  return new S3Storage(dataDir, config);
}
