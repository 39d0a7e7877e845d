// The workflow bundle of the killed-worker fault tests: every workflow, as the platform bundles
// them, plus tests/support/fault-test-timeouts.workflow-interceptor.ts, which shortens the activity
// timeouts a new worker waits out before it takes over a killed one's activity. `npm test` builds it
// beside the platform's bundle (FAULT_WORKFLOW_BUNDLE_PATH); otherwise the first suite of a worker
// process that asks builds it once (a few seconds of webpack). Workers get it as WORKFLOW_BUNDLE_PATH.
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@temporalio/common';
import { bundleWorkflowCode } from '@temporalio/worker';
import { logger } from '../../infra/logger/logger';
import { TRACK_LIFECYCLE_WORKFLOWS_PATH } from '../../workflows/worker';

const INTERCEPTOR = fileURLToPath(new URL('./fault-test-timeouts.workflow-interceptor.ts', import.meta.url));

// webpack's build report only at debug level, as the platform's bundler logs it.
const bundlerLogger: Logger = {
  log: (level, message, meta) => (level === 'WARN' ? logger.warn(meta ?? {}, message) : level === 'ERROR' ? logger.error(meta ?? {}, message) : logger.debug(meta ?? {}, message)),
  trace: (message, meta) => logger.trace(meta ?? {}, message),
  debug: (message, meta) => logger.debug(meta ?? {}, message),
  info: (message, meta) => logger.debug(meta ?? {}, message),
  warn: (message, meta) => logger.warn(meta ?? {}, message),
  error: (message, meta) => logger.error(meta ?? {}, message),
};

/** Bundles the workflows with the fault tests' interceptor into `file` (and its source map beside it). */
export async function writeFaultWorkflowBundle(file: string): Promise<void> {
  const { code, sourceMap } = await bundleWorkflowCode({ workflowsPath: TRACK_LIFECYCLE_WORKFLOWS_PATH, workflowInterceptorModules: [INTERCEPTOR], logger: bundlerLogger });
  await mkdir(path.dirname(file), { recursive: true });
  await Promise.all([writeFile(file, code), writeFile(`${file}.map`, sourceMap)]);
}

let built: Promise<string> | null = null;

/** The fault tests' bundle file: FAULT_WORKFLOW_BUNDLE_PATH when it exists, else built once per process. */
export function faultWorkflowBundlePath(): Promise<string> {
  const prebuilt = process.env.FAULT_WORKFLOW_BUNDLE_PATH;
  if (prebuilt && existsSync(prebuilt)) return Promise.resolve(prebuilt);
  built ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'goose-fault-workflows-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'bundle.js');
    await writeFaultWorkflowBundle(file);
    return file;
  })().catch((error: unknown) => {
    built = null;
    throw error;
  });
  return built;
}

// `tsx tests/support/fault-workflow-bundle.ts <file>`: what `npm test` runs before the suites.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx tests/support/fault-workflow-bundle.ts <file>');
  await writeFaultWorkflowBundle(path.resolve(file));
}
