// Committed workflow histories: each workflow's suite records one real run on the Temporal dev
// server into workflows/<package>/histories/ (with RECORD_WORKFLOW_HISTORIES=1), and
// workflows/replay.test.ts replays every committed history with today's workflow code, so a change
// to a workflow's commands that is not behind a patch() fails there.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

export type History = temporal.api.history.v1.IHistory;

/** The folder holding the workflow packages (workflows/). */
export const WORKFLOWS_DIR = fileURLToPath(new URL('../../workflows/', import.meta.url));

/** Where a workflow package keeps its committed history called `name`. */
export function historyFile(workflowPackage: string, name: string): string {
  return path.join(WORKFLOWS_DIR, workflowPackage, 'histories', `${name}.history.pb`);
}

/** Whether this test run refreshes the committed histories (RECORD_WORKFLOW_HISTORIES=1). */
export const recordingHistories = Boolean(process.env.RECORD_WORKFLOW_HISTORIES);

/**
 * The history of the run `handle` points at, once it has closed (completed, failed or continued as
 * new), so a committed history holds the whole run. Gives up after `timeoutMs`.
 */
export async function closedHistory(handle: WorkflowHandle, timeoutMs = 20_000): Promise<History> {
  const deadline = Date.now() + timeoutMs;
  while ((await handle.describe()).status.name === 'RUNNING') {
    if (Date.now() > deadline) throw new Error(`Workflow ${handle.workflowId} is still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return handle.fetchHistory();
}

/** Writes `history` as the committed history `file` when this run records histories. */
export async function keepHistory(file: string, history: History): Promise<void> {
  if (recordingHistories) await writeFile(file, temporal.api.history.v1.History.encode(history).finish());
}

/** Every committed history under workflows/<package>/histories/, with the package it belongs to. */
export async function committedHistories(): Promise<{ workflowPackage: string; name: string; file: string }[]> {
  const found: { workflowPackage: string; name: string; file: string }[] = [];
  for (const entry of await readdir(WORKFLOWS_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(WORKFLOWS_DIR, entry.name, 'histories');
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.history.pb')).sort()) {
      found.push({ workflowPackage: entry.name, name: file.replace(/\.history\.pb$/, ''), file: path.join(dir, file) });
    }
  }
  return found;
}

export async function readHistory(file: string): Promise<History> {
  return temporal.api.history.v1.History.decode(await readFile(file));
}
