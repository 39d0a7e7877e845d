// A release package in the store: with object storage the package's files are saved when built, so
// validation and delivery (which may run on another worker's machine) and the API's ERN download
// find them. On the disk every process reads data/releases already, so there is nothing to do.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { StoredFileMissingError, type ContentStorage } from '../storage/storage';
import { exists } from '../storage/file-storage';
import { ERN_FILE, releaseDirectory, type PackageFile } from './release-package';

/** The stored name of one package file: the release's id and the file's path, flattened. */
export const packageObjectName = (distributionId: string, fileName: string) => `release-${distributionId}-${fileName.replaceAll('/', '-')}`;

/** Saves the built package's files to the object store. */
export async function sharePackage(storage: ContentStorage, dataDir: string, distributionId: string, files: readonly Pick<PackageFile, 'name'>[]): Promise<void> {
  if (storage.kind === 'disk') return;
  for (const file of files) {
    const name = packageObjectName(distributionId, file.name);
    await copyFile(path.join(dataDir, releaseDirectory(distributionId), file.name), storage.workingPath(name));
    await storage.save(name);
  }
}

/** Puts back the package's files this machine does not have, from the object store. */
export async function ensurePackage(storage: ContentStorage, dataDir: string, distributionId: string, files: readonly Pick<PackageFile, 'name'>[]): Promise<void> {
  if (storage.kind === 'disk') return;
  for (const file of files) {
    const target = path.join(dataDir, releaseDirectory(distributionId), file.name);
    if (await exists(target)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(await storage.localCopy(packageObjectName(distributionId, file.name)), target);
  }
}

/** The package's ERN message, or null when it is not built yet. */
export async function readPackageErn(storage: ContentStorage, dataDir: string, distributionId: string): Promise<Buffer | null> {
  if (storage.kind === 'disk') return readFile(path.join(dataDir, releaseDirectory(distributionId), ERN_FILE)).catch(() => null);
  try {
    return await readFile(await storage.localCopy(packageObjectName(distributionId, ERN_FILE)));
  } catch (error) {
    if (error instanceof StoredFileMissingError) return null;
    throw error;
  }
}
