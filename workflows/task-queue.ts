// The one task queue: one worker (workflows/worker.ts) serves every workflow and activity on it, so
// every client starts its workflows here. The name predates the other workflows; running workflows
// are on it, so it stays.
export const TASK_QUEUE = 'track-lifecycle';
