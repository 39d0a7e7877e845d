// The disk adapter behind the storage port: the stored file is the working copy, a file written
// elsewhere is moved in, and ranges, deletion and missing files behave as the S3 adapter's do.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStorage } from './file-storage';
import { StoredFileMissingError } from './storage';

let dir: string;
let storage: FileStorage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-disk-storage-'));
  storage = new FileStorage(dir);
  await storage.init();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const read = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('the disk storage adapter', () => {
  it('stores what is written at the working path, and moves in a file written elsewhere', async () => {
    expect(storage.workingPath('a.txt')).toBe(path.join(dir, 'uploads', 'a.txt'));
    await writeFile(storage.workingPath('a.txt'), 'written in place');
    await storage.save('a.txt');
    expect(await readFile(await storage.localCopy('a.txt'), 'utf8')).toBe('written in place');

    const elsewhere = path.join(dir, 'render.out');
    await writeFile(elsewhere, 'rendered');
    await storage.save('b.txt', elsewhere);
    await expect(stat(elsewhere)).rejects.toThrow();
    expect(await storage.size('b.txt')).toBe('rendered'.length);
  });

  it('reads a range, has no link of its own, and deletes', async () => {
    await writeFile(storage.workingPath('c.txt'), '0123456789');
    const part = await storage.openRead('c.txt', { start: 2, end: 5 });
    expect(part.size).toBe(10);
    expect(await read(part.body)).toBe('2345');
    expect(await storage.signedUrl('c.txt')).toBeNull();
    await storage.delete('c.txt');
    await storage.delete('c.txt');
    await expect(storage.localCopy('c.txt')).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storage.openRead('c.txt')).rejects.toBeInstanceOf(StoredFileMissingError);
    expect(await storage.size('c.txt')).toBeNull();
  });

  it('stores a staged upload once, and a retry finds it stored', async () => {
    const staged = storage.newStagingPath();
    await writeFile(staged.path, 'upload');
    await storage.handOverStaged(staged.name);
    const first = await storage.storeStaged(staged.name, 'track.wav');
    expect(first.size).toBe(6);
    expect(await storage.storeStaged(staged.name, 'track.wav')).toEqual(first);
    await expect(storage.storeStaged('gone.part', 'other.wav')).rejects.toThrow('never stored');
    expect(() => storage.stagingPath('../x')).toThrow('Invalid file name');
  });
});
