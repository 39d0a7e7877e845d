// The storage port's disk adapter, the default: content files on the local disk under DATA_DIR.
// Uploads land in staging/ while the request is checked, and the track workflow moves them into
// uploads/ under their track id, hashing them on the way. Every process must share this folder.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { LocalStaging } from './local-staging';
import { checkedName, StoredFileMissingError, type ByteRange, type ContentStorage, type StoredRead } from './storage';

export class FileStorage extends LocalStaging implements ContentStorage {
  readonly kind = 'disk';
  readonly uploadsDir: string;

  constructor(root: string) {
    super(root);
    this.uploadsDir = path.join(root, 'uploads');
  }

  async init(): Promise<void> {
    await mkdir(this.stagingDir, { recursive: true });
    await mkdir(this.uploadsDir, { recursive: true });
  }

  /** Staging is on the shared disk already. */
  async handOverStaged(name: string): Promise<void> {
    checkedName(name);
  }

  /** Absolute path of a stored file; rejects names that could escape the uploads folder. */
  storedPath(storedName: string): string {
    return path.join(this.uploadsDir, checkedName(storedName));
  }

  async storeStaged(stagingName: string, storedName: string): Promise<{ sha256: string; size: number }> {
    const from = this.stagingPath(stagingName);
    const to = this.storedPath(storedName);
    if (await exists(from)) {
      await moveFile(from, to);
    } else if (!(await exists(to))) {
      throw new Error(`Staged upload ${stagingName} is missing and was never stored`);
    }
    return { sha256: await sha256File(to), size: (await stat(to)).size };
  }

  async discardStaged(stagingName: string): Promise<void> {
    await rm(this.stagingPath(stagingName), { force: true });
  }

  workingPath(name: string): string {
    return this.storedPath(name);
  }

  async save(name: string, localPath?: string): Promise<void> {
    const to = this.storedPath(name);
    if (localPath !== undefined && path.resolve(localPath) !== to) await moveFile(localPath, to);
  }

  async localCopy(name: string): Promise<string> {
    const file = this.storedPath(name);
    if (!(await exists(file))) throw new StoredFileMissingError(name);
    return file;
  }

  async size(name: string): Promise<number | null> {
    return stat(this.storedPath(name)).then((info) => info.size, () => null);
  }

  async openRead(name: string, range?: ByteRange): Promise<StoredRead> {
    const size = await this.size(name);
    if (size === null) throw new StoredFileMissingError(name);
    return { body: createReadStream(this.storedPath(name), range ? { start: range.start, end: range.end } : {}), size };
  }

  async signedUrl(name: string): Promise<string | null> {
    checkedName(name);
    return null;
  }

  async delete(name: string): Promise<void> {
    await rm(this.storedPath(name), { force: true });
  }
}

export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Renames a file, copying it where the two folders are on different disks. */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from);
  }
}

export async function exists(filePath: string): Promise<boolean> {
  try {
    await stat(filePath);
    return true;
  } catch {
    return false;
  }
}
