// Vitest global setup: the workflows bundled once for the whole run, into a temporary file that
// every suite and every worker process it starts loads through WORKFLOW_BUNDLE_PATH (the forks and
// their children inherit the variable), instead of each bundling the same code again with webpack.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeWorkflowBundle } from '../../workflows/worker';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // `npm test` bundles them before this step, for the browser journeys' apps too.
  if (process.env.WORKFLOW_BUNDLE_PATH && existsSync(process.env.WORKFLOW_BUNDLE_PATH)) return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'goose-workflow-bundle-'));
  const file = path.join(dir, 'bundle.js');
  await writeWorkflowBundle(file);
  process.env.WORKFLOW_BUNDLE_PATH = file;
  return () => rm(dir, { recursive: true, force: true });
}
