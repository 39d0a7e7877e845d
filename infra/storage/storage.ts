// The storage port: where stored files (uploads, masters, certificates' evidence, release
// packages, exports, generated songs, covers) live, so any process on any machine reads what
// another wrote. Two adapters: the local disk (./file-storage.ts, the default) and an
// S3-compatible object store (./s3-storage.ts), chosen by STORAGE_S3_* (./open-storage.ts).
// Callers work on local paths (ffmpeg and the renderer need files): `localCopy` gives one for a
// stored file, `workingPath` + `save` store one that was written locally.
import type { Readable } from 'node:stream';

/** Bytes start..end of a file, both inclusive (as in an HTTP Range header); end absent: to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredRead {
  body: Readable;
  /** The whole file's size. */
  size: number;
}

/** A presigned link's answer headers: the browser saves it under this name and type. */
export interface DownloadAs {
  fileName: string;
  contentType: string;
}

export interface ContentStorage {
  /** 'disk' or 's3': which adapter, for logs and the docs' words. */
  readonly kind: 'disk' | 's3';
  /** This process's local data folder: keys, the outbox, work folders, caches (never shared). */
  readonly root: string;
  init(): Promise<void>;

  /** A fresh local path in staging for an incoming upload. */
  newStagingPath(): { name: string; path: string };
  stagingPath(name: string): string;
  /** Hands a staged file to whichever process stores it (a worker elsewhere): with object storage it is uploaded and this process's copy removed; nothing to do on disk. */
  handOverStaged(name: string): Promise<void>;
  /**
   * Moves a staged upload into the store under storedName and hashes it. Idempotent: when the
   * staged file is gone because an earlier attempt stored it, the stored file is used as is.
   */
  storeStaged(stagingName: string, storedName: string): Promise<{ sha256: string; size: number }>;
  discardStaged(name: string): Promise<void>;

  /** Where to write a file that `save(name)` then stores; readable at once in this process. */
  workingPath(name: string): string;
  /** Stores the file at localPath (by default workingPath(name)) under name. */
  save(name: string, localPath?: string): Promise<void>;
  /** A local path holding the stored file (fetched once, then kept); StoredFileMissingError when there is none. */
  localCopy(name: string): Promise<string>;
  /** The stored file's size, or null when there is none. */
  size(name: string): Promise<number | null>;
  /** The stored file, or a range of it, as a stream; StoredFileMissingError when there is none. */
  openRead(name: string, range?: ByteRange): Promise<StoredRead>;
  /** A link the object store itself answers for `seconds`; null on the disk, where the app's own signed route serves files. */
  signedUrl(name: string, seconds: number, downloadAs?: DownloadAs): Promise<string | null>;
  /** Removes the stored file (and this process's copy); a missing one is fine. */
  delete(name: string): Promise<void>;
}

export class StoredFileMissingError extends Error {
  constructor(readonly storedName: string) {
    super(`Stored file ${storedName} does not exist`);
    this.name = 'StoredFileMissingError';
  }
}

/** The object store did not answer through every retry: what was tried, for how long, and why. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A stored name as given, or an error: names never hold a path, so none escapes its folder or prefix. */
export function checkedName(name: string): string {
  if (!STORED_NAME.test(name)) throw new Error(`Invalid file name: ${name}`);
  return name;
}
