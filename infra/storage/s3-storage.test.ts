// The S3-compatible adapter against a real S3 server (SeaweedFS on loopback): two adapters with
// their own data folders stand for two machines sharing one bucket; the server is stopped to show
// a brief outage retried through and a lasting one reported plainly.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seaweedBinary, startSeaweedS3, type SeaweedS3 } from '../../tests/support/seaweedfs';
import { ERN_FILE, releaseDirectory } from '../distribution/release-package';
import { ensurePackage, readPackageErn, sharePackage } from '../distribution/stored-package';
import { S3Storage } from './s3-storage';
import { StorageUnavailableError, StoredFileMissingError } from './storage';

const binary = seaweedBinary();
const suite = binary ? describe : describe.skip;
const title = binary ? 'S3 storage adapter against SeaweedFS' : 'S3 storage adapter against SeaweedFS (skipped: the weed binary is not installed; .ci/run builds it)';

suite(title, () => {
  let server: SeaweedS3;
  let dirs: string[] = [];
  const machine = async (retryDelaysMs?: number[]) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'goose-s3-machine-'));
    dirs.push(dir);
    const storage = new S3Storage(dir, server.config, retryDelaysMs ? { retryDelaysMs } : {});
    await storage.init();
    return storage;
  };
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const text = async (body: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  beforeAll(async () => {
    server = await startSeaweedS3(binary!);
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    dirs = [];
  });

  it('stores a file on one machine that another reads, whole or by range, and keeps its copy', async () => {
    const [writer, reader] = [await machine(), await machine()];
    const bytes = randomBytes(300_000);
    await writeFile(writer.workingPath('song.wav'), bytes);
    await writer.save('song.wav');

    const copy = await reader.localCopy('song.wav');
    expect(copy.startsWith(reader.root)).toBe(true);
    expect(sha256(await readFile(copy))).toBe(sha256(bytes));
    expect(await reader.size('song.wav')).toBe(bytes.length);

    const whole = await reader.openRead('song.wav');
    expect(whole.size).toBe(bytes.length);
    expect((await text(whole.body)).equals(bytes)).toBe(true);
    const part = await reader.openRead('song.wav', { start: 1000, end: 1999 });
    expect(part.size).toBe(bytes.length);
    expect((await text(part.body)).equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await reader.openRead('song.wav', { start: bytes.length - 10 });
    expect((await text(tail.body)).equals(bytes.subarray(bytes.length - 10))).toBe(true);
  });

  it('hands a staged upload to another machine, which stores and hashes it once', async () => {
    const [api, worker] = [await machine(), await machine()];
    const bytes = randomBytes(50_000);
    const staged = api.newStagingPath();
    await writeFile(staged.path, bytes);
    await api.handOverStaged(staged.name);

    const stored = await worker.storeStaged(staged.name, 'track-1.mp3');
    expect(stored).toEqual({ sha256: sha256(bytes), size: bytes.length });
    // A retried activity finds the staged file gone and answers from the stored one.
    expect(await (await machine()).storeStaged(staged.name, 'track-1.mp3')).toEqual(stored);
    expect((await readFile(await api.localCopy('track-1.mp3'))).equals(bytes)).toBe(true);
    await expect(worker.storeStaged('never-staged.part', 'track-2.mp3')).rejects.toThrow('never stored');

    // Stored where it arrived (dispute evidence, a cover): straight from the local staging file.
    const evidence = api.newStagingPath();
    await writeFile(evidence.path, 'a signed letter');
    expect(await api.storeStaged(evidence.name, 'evidence-1.pdf')).toEqual({ sha256: sha256(Buffer.from('a signed letter')), size: 15 });
    await expect(readFile(evidence.path)).rejects.toThrow();
    expect(await readFile(await worker.localCopy('evidence-1.pdf'), 'utf8')).toBe('a signed letter');
  });

  it('signs a link the server itself answers, as a download under the given name', async () => {
    const storage = await machine();
    const bytes = Buffer.from('PK\u0003\u0004 an archive');
    await writeFile(storage.workingPath('export-1.zip'), bytes);
    await storage.save('export-1.zip');

    const url = await storage.signedUrl('export-1.zip', 60, { fileName: 'goose-data-export-2026-11-29.zip', contentType: 'application/zip' });
    expect(url.startsWith(server.config.endpoint)).toBe(true);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="goose-data-export-2026-11-29.zip"');
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    // The signature covers the name: another file on the same link is refused.
    expect((await fetch(url.replace('export-1.zip', 'song.wav'))).status).toBe(403);
  });

  it('deletes a file everywhere it is asked, and a missing file is said to be missing', async () => {
    const [one, two] = [await machine(), await machine()];
    await writeFile(one.workingPath('cover-1.png'), 'png');
    await one.save('cover-1.png');
    await one.delete('cover-1.png');
    expect(await two.size('cover-1.png')).toBeNull();
    await expect(two.localCopy('cover-1.png')).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(two.openRead('cover-1.png')).rejects.toBeInstanceOf(StoredFileMissingError);
    await one.delete('cover-1.png');
    expect(() => one.workingPath('../keys/secret')).toThrow('Invalid file name');
  });

  it('carries a release package built on one worker to another and to the API', async () => {
    const [builder, deliverer, api] = [await machine(), await machine(), await machine()];
    const distributionId = randomUUID();
    const files = [{ name: ERN_FILE }, { name: 'resources/A1.wav' }, { name: 'certificate.pdf' }];
    const built = path.join(builder.root, releaseDirectory(distributionId));
    await mkdir(path.join(built, 'resources'), { recursive: true });
    for (const file of files) await writeFile(path.join(built, file.name), `${file.name} of ${distributionId}`);
    expect(await readPackageErn(api, api.root, distributionId)).toBeNull();

    await sharePackage(builder, builder.root, distributionId, files);
    await ensurePackage(deliverer, deliverer.root, distributionId, files);
    for (const file of files) expect(await readFile(path.join(deliverer.root, releaseDirectory(distributionId), file.name), 'utf8')).toBe(`${file.name} of ${distributionId}`);
    expect((await readPackageErn(api, api.root, distributionId))?.toString()).toBe(`${ERN_FILE} of ${distributionId}`);
  });

  it('retries through a server that is down for a moment, and says plainly which server did not answer when it stays down', async () => {
    // Patient: the default waits and then some, for a slow machine (this server takes ~15 s to take writes again).
    const [writer, patient, impatient] = [await machine(), await machine([250, 500, 1000, 2000, 4000, 8000, 8000, 8000]), await machine([50, 100])];
    const bytes = randomBytes(20_000);
    await writeFile(writer.workingPath('master-1.wav'), bytes);
    await writer.save('master-1.wav');
    await writeFile(patient.workingPath('master-2.wav'), bytes);

    await server.stop();
    const settled = <T>(running: Promise<T>) => running.then((value) => ({ value }), (error: unknown) => ({ error }));
    const copying = settled(patient.localCopy('master-1.wav'));
    const saving = settled(patient.save('master-2.wav'));
    try {
      const error = await impatient.size('master-1.wav').catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as Error).message).toMatch(new RegExp(`^The object store at ${server.config.endpoint} \\(bucket goose-test\\) did not answer: look up uploads/master-1.wav failed 3 times over \\d+\\.\\d s \\(ECONNREFUSED`));
      await sleep(500);
    } finally {
      await server.start();
    }
    const copied = await copying;
    expect('value' in copied && (await readFile(copied.value)).equals(bytes)).toBe(true);
    expect(await saving).toEqual({ value: undefined });
    expect(await writer.size('master-2.wav')).toBe(bytes.length);
  }, 120_000);
});
