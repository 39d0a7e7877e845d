// The bootstrap operator token of an app started without OPS_TOKEN: made once, kept in the data
// directory readable by its owner only, so `npm run ops -- grant-role … --api <url>` on the same
// machine can make the first operators and reviewers while the app (and its embedded database) runs.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export function opsTokenPath(dataDir: string): string {
  return path.join(dataDir, 'ops-token');
}

/** The token kept under `dataDir`, or null when none was made. */
export async function readOpsToken(dataDir: string): Promise<string | null> {
  try {
    return (await readFile(opsTokenPath(dataDir), 'utf8')).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The token kept under `dataDir`, made (mode 0600) when there is none yet. */
export async function bootstrapOpsToken(dataDir: string): Promise<string> {
  const existing = await readOpsToken(dataDir);
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  try {
    await writeFile(opsTokenPath(dataDir), `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readOpsToken(dataDir)) ?? token;
    throw error;
  }
}
