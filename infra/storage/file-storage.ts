// Content files on local disk: uploads land in staging/ while the request is checked, and the
// track workflow moves them into uploads/ under their track id, hashing them on the way.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import path from 'node:path';

const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export class FileStorage {
  readonly stagingDir: string;
  readonly uploadsDir: string;

  constructor(readonly root: string) {
    this.stagingDir = path.join(root, 'staging');
    this.uploadsDir = path.join(root, 'uploads');
  }

  async init(): Promise<void> {
    await mkdir(this.stagingDir, { recursive: true });
    await mkdir(this.uploadsDir, { recursive: true });
  }

  /** A fresh path in staging for an incoming upload. */
  newStagingPath(): { name: string; path: string } {
    const name = `${randomUUID()}.part`;
    return { name, path: path.join(this.stagingDir, name) };
  }

  stagingPath(name: string): string {
    return path.join(this.stagingDir, this.checkName(name));
  }

  /** Absolute path of a stored file; rejects names that could escape the uploads folder. */
  storedPath(storedName: string): string {
    return path.join(this.uploadsDir, this.checkName(storedName));
  }

  /**
   * Moves a staged upload into the store under storedName. Idempotent: when the staged file is
   * gone because an earlier attempt already moved it, the stored file is used as is.
   */
  async storeStaged(stagingName: string, storedName: string): Promise<{ sha256: string; size: number }> {
    const from = this.stagingPath(stagingName);
    const to = this.storedPath(storedName);
    if (await exists(from)) {
      try {
        await rename(from, to);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(from, to);
        await rm(from);
      }
    } else if (!(await exists(to))) {
      throw new Error(`Staged upload ${stagingName} is missing and was never stored`);
    }
    return { sha256: await sha256File(to), size: (await stat(to)).size };
  }

  async discardStaged(stagingName: string): Promise<void> {
    await rm(this.stagingPath(stagingName), { force: true });
  }

  private checkName(name: string): string {
    if (!STORED_NAME.test(name)) throw new Error(`Invalid file name: ${name}`);
    return name;
  }
}

export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function exists(filePath: string): Promise<boolean> {
  try {
    await stat(filePath);
    return true;
  } catch {
    return false;
  }
}
