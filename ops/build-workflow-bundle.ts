// `npm run build:workflows [file]`: bundles every workflow once (Temporal's webpack) into `file`
// (default dist/workflows/bundle.js) and its source map beside it. A worker started with
// WORKFLOW_BUNDLE_PATH=<file> loads it instead of bundling at start.
import path from 'node:path';
import { logger } from '../infra/logger/logger';
import { writeWorkflowBundle } from '../workflows/worker';

const file = path.resolve(process.argv[2] ?? 'dist/workflows/bundle.js');
await writeWorkflowBundle(file);
logger.info({ file }, 'workflow bundle written');
