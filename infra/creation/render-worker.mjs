// Entry of a render worker thread when its bundle cannot be written (render-worker-entry.ts): a
// worker does not inherit the loader the app and the tests run TypeScript under, so it loads its
// TypeScript body through tsx itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./render-worker.ts', import.meta.url);
