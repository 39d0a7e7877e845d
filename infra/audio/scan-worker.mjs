// Entry of the shortlist's scan thread: a worker does not inherit the loader the app and the tests
// run TypeScript under, so it loads its TypeScript body through tsx itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./scan-worker.ts', import.meta.url);
