// Key files under data/keys/: a generated key is published without ever replacing one another
// process wrote first. It is written to a temporary file and hard-linked into place, which fails if
// the key file exists; then that process's key is the one used, so nothing is signed or sealed
// with a key that is later lost.
import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Publishes `contents` at keyPath (mode 0600) unless a key is there already; answers the key in use. */
export async function publishKeyFileOnce(keyPath: string, contents: string): Promise<string> {
  await mkdir(path.dirname(keyPath), { recursive: true, mode: 0o700 });
  const tempPath = `${keyPath}.${randomUUID()}.tmp`;
  await writeFile(tempPath, contents, { mode: 0o600, flag: 'wx' });
  try {
    await link(tempPath, keyPath);
    return contents;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFile(keyPath, 'utf8');
  } finally {
    await rm(tempPath, { force: true });
  }
}

/** The key file's contents, or null when there is none yet. */
export async function readKeyFileIfExists(keyPath: string): Promise<string | null> {
  try {
    return await readFile(keyPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A 32-byte HMAC key kept as hex at `<dataDir>/keys/<name>`, generated on first use. */
export async function loadHmacKey(dataDir: string, name: string): Promise<Buffer> {
  const keyPath = path.join(dataDir, 'keys', name);
  const hex = (await readKeyFileIfExists(keyPath)) ?? (await publishKeyFileOnce(keyPath, `${randomBytes(32).toString('hex')}\n`));
  return Buffer.from(hex.trim(), 'hex');
}
