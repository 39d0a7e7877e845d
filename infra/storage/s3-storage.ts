// The storage port's S3-compatible adapter (STORAGE_S3_*): the bucket is the source of truth and
// each process keeps local working copies under DATA_DIR/object-cache, fetched on first use and
// kept, since ffmpeg, the renderer and the packager work on files. Stored names are written once
// (a file is rewritten only by the activity that made it, before anyone is told of it), so a kept
// copy never goes stale. A server that is briefly down is retried: the SDK's own retries for each
// request, then a backoff over ~15 s around the whole operation (which also re-reads an upload's
// file from the start); after that StorageUnavailableError says which server did not answer.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config';
import { logger } from '../logger/logger';
import { exists, moveFile, sha256File } from './file-storage';
import { LocalStaging } from './local-staging';
import { checkedName, StorageUnavailableError, StoredFileMissingError, type ByteRange, type ContentStorage, type DownloadAs, type StoredRead } from './storage';

/** Waits between whole-operation attempts once the SDK's own retries gave up: ~15.7 s in all. */
const RETRY_DELAYS_MS = [200, 500, 1000, 2000, 4000, 8000];
/** Requests the SDK makes for one call (standard mode: exponential backoff with jitter). */
const SDK_MAX_ATTEMPTS = 3;
const log = logger.child({ component: 'object-storage' });
const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'ECONNABORTED']);

export interface S3StorageOptions {
  /** Waits between whole-operation retries (tests shorten them). */
  retryDelaysMs?: readonly number[];
}

export class S3Storage extends LocalStaging implements ContentStorage {
  readonly kind = 's3';
  /** This process's working copies of stored files. */
  readonly cacheDir: string;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly retryDelaysMs: readonly number[];
  private readonly fetching = new Map<string, Promise<string>>();

  constructor(
    root: string,
    readonly config: StorageConfig,
    options: S3StorageOptions = {},
  ) {
    super(root);
    this.cacheDir = path.join(root, 'object-cache');
    this.bucket = config.bucket;
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.client = new S3Client(s3ClientConfig(config));
  }

  async init(): Promise<void> {
    await mkdir(this.stagingDir, { recursive: true });
    await mkdir(this.cacheDir, { recursive: true });
  }

  async handOverStaged(name: string): Promise<void> {
    await this.put(stagingKey(name), this.stagingPath(name));
    await rm(this.stagingPath(name), { force: true });
  }

  async storeStaged(stagingName: string, storedName: string): Promise<{ sha256: string; size: number }> {
    const local = this.stagingPath(stagingName);
    const target = this.workingPath(storedName);
    if (!(await exists(local)) && !(await this.download(stagingKey(stagingName), local))) {
      // An earlier attempt stored it and removed the staged copy.
      if ((await this.size(storedName)) === null) throw new Error(`Staged upload ${stagingName} is missing and was never stored`);
      const copy = await this.localCopy(storedName);
      return { sha256: await sha256File(copy), size: (await stat(copy)).size };
    }
    await moveFile(local, target);
    await this.put(storedKey(storedName), target);
    await this.retrying(`delete ${stagingKey(stagingName)}`, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: stagingKey(stagingName) })));
    return { sha256: await sha256File(target), size: (await stat(target)).size };
  }

  async discardStaged(name: string): Promise<void> {
    await rm(this.stagingPath(name), { force: true });
    await this.retrying(`delete ${stagingKey(name)}`, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: stagingKey(name) })));
  }

  workingPath(name: string): string {
    return path.join(this.cacheDir, checkedName(name));
  }

  async save(name: string, localPath?: string): Promise<void> {
    const target = this.workingPath(name);
    if (localPath !== undefined && path.resolve(localPath) !== target) await moveFile(localPath, target);
    await this.put(storedKey(name), target);
  }

  async localCopy(name: string): Promise<string> {
    const target = this.workingPath(name);
    if (await exists(target)) return target;
    const running = this.fetching.get(name) ?? this.fetch(name, target).finally(() => this.fetching.delete(name));
    this.fetching.set(name, running);
    return running;
  }

  async size(name: string): Promise<number | null> {
    const key = storedKey(name);
    try {
      const head = await this.retrying(`look up ${key}`, () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async openRead(name: string, range?: ByteRange): Promise<StoredRead> {
    const key = storedKey(name);
    const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
    try {
      const answer = await this.retrying(`read ${key}`, () => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range })));
      const size = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : (answer.ContentLength ?? 0);
      return { body: answer.Body as Readable, size };
    } catch (error) {
      if (isMissing(error)) throw new StoredFileMissingError(name);
      throw error;
    }
  }

  async signedUrl(name: string, seconds: number, downloadAs?: DownloadAs): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: storedKey(name),
      ...(downloadAs ? { ResponseContentType: downloadAs.contentType, ResponseContentDisposition: `attachment; filename="${downloadAs.fileName.replace(/["\\]/g, '')}"` } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: seconds });
  }

  async delete(name: string): Promise<void> {
    const key = storedKey(name);
    await this.retrying(`delete ${key}`, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
    await rm(this.workingPath(name), { force: true });
  }

  private async fetch(name: string, target: string): Promise<string> {
    if (!(await this.download(storedKey(name), target))) throw new StoredFileMissingError(name);
    return target;
  }

  /** Writes the object to target (through a temporary file, so a cut-off download is never taken for the file); false when there is no such object. */
  private async download(key: string, target: string): Promise<boolean> {
    const partial = `${target}.${randomUUID()}.download`;
    try {
      await this.retrying(`download ${key}`, async () => {
        const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
        await pipeline(answer.Body as Readable, createWriteStream(partial));
      });
      await rename(partial, target);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    } finally {
      await rm(partial, { force: true });
    }
  }

  /** Uploads a local file; each attempt opens the file again, so a retried upload sends it whole. */
  private async put(key: string, file: string): Promise<void> {
    await this.retrying(`upload ${key}`, async () => {
      const { size } = await stat(file);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentLength: size }));
    });
  }

  /** Runs an operation again after a pause while the server seems down; other errors (missing, refused) at once. */
  private async retrying<T>(what: string, operation: () => Promise<T>): Promise<T> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (!isTransient(error)) throw error;
        const delay = this.retryDelaysMs[attempt];
        if (delay === undefined) {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          throw new StorageUnavailableError(
            `The object store at ${this.config.endpoint} (bucket ${this.bucket}) did not answer: ${what} failed ${attempt + 1} times over ${seconds} s (${describe(error)})`,
            { cause: error },
          );
        }
        await sleep(delay);
      }
    }
  }
}

export function s3ClientConfig(config: StorageConfig): S3ClientConfig {
  return {
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    maxAttempts: SDK_MAX_ATTEMPTS,
    retryMode: 'standard',
    // A server that is down refuses at once; one that hangs is given up on rather than waited for.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 120_000 },
    // Checksums only where S3 requires them: self-hosted servers do not all speak the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK's own notes (each failed request, a streamed upload it cannot retry: ours retries it whole) go to the debug log, not the console.
    logger: { debug: () => undefined, info: () => undefined, warn: (...notes: unknown[]) => log.debug({ notes }, 'S3 client note'), error: (...notes: unknown[]) => log.debug({ notes }, 'S3 client error') },
  };
}

const storedKey = (name: string) => `uploads/${checkedName(name)}`;
const stagingKey = (name: string) => `staging/${checkedName(name)}`;

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

function isTransient(error: unknown): boolean {
  const failure = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number }; $retryable?: unknown; cause?: unknown };
  const status = failure.$metadata?.httpStatusCode;
  if (status !== undefined && status >= 500) return true;
  if (failure.$retryable) return true;
  if (failure.name === 'TimeoutError' || failure.name === 'RequestTimeout') return true;
  if (failure.code && NETWORK_ERRORS.has(failure.code)) return true;
  // Node's fetch and some handlers wrap the socket error.
  return failure.cause !== undefined && failure.cause !== error && isTransient(failure.cause);
}

function describe(error: unknown): string {
  const failure = error as { code?: string; message?: string; name?: string };
  return [failure.code, failure.message || failure.name].filter(Boolean).join(' ');
}
