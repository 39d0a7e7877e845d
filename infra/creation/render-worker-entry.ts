// What a render worker thread runs: render-worker.ts and the project's modules it imports, bundled
// by esbuild into plain JavaScript once per process (packages stay imports from node_modules). A
// worker that loads its TypeScript through tsx holds a loader and the modules' sources of its own:
// about 55 MB more per worker, with a worker per core. The bundle is written under
// node_modules/.cache, so its package imports resolve as the sources' do, and named by its content,
// so processes running the same code share one file. Its modules' `import.meta.url` is the
// bundle's: they may resolve packages from it, not files beside their sources.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { logger } from '../logger/logger';

const log = logger.child({ module: 'creation-render-pool' });

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The entry that loads the TypeScript through tsx, when no bundle can be written. */
const tsxEntry = new URL('./render-worker.mjs', import.meta.url);

let entry: URL | null = null;

/** The module render workers start from: the bundle, built on the first call. */
export function renderWorkerEntry(): URL {
  entry ??= bundleRenderWorker();
  return entry;
}

function bundleRenderWorker(): URL {
  try {
    const [bundle] = buildSync({
      entryPoints: [fileURLToPath(new URL('./render-worker.ts', import.meta.url))],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    }).outputFiles;
    const dir = path.join(projectRoot, 'node_modules', '.cache', 'goose');
    const file = path.join(dir, `render-worker-${createHash('sha256').update(bundle!.contents).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      // Written whole, then renamed: another process starting a pool never reads half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, bundle!.contents);
      renameSync(partial, file);
    }
    return pathToFileURL(file);
  } catch (error) {
    log.warn({ err: error }, 'the render worker bundle could not be built or written; render workers load their TypeScript through tsx and take more memory');
    return tsxEntry;
  }
}
