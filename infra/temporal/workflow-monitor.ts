// What the operations page asks Temporal: the workflows that are stuck or failing. Open runs are
// listed through visibility and described; a run is listed when one of its activities is failing
// and retrying, or has been pending longer than ACTIVITY_EXPECTED_MS; runs that failed, timed out
// or were terminated within FAILED_WITHIN_MS are listed too. When Temporal cannot be asked, the
// answer says so instead of showing an empty, healthy-looking list.
import type { Client } from '@temporalio/client';
import { optionalTsToMs } from '@temporalio/common/lib/time';
import type { TroubledWorkflow, WorkflowsResponse } from '../../domain/contracts/operations';

/** An activity pending longer than this is listed as slow (the platform's activities take seconds). */
export const ACTIVITY_EXPECTED_MS = 10 * 60_000;
/** Closed runs that failed this recently are listed. */
export const FAILED_WITHIN_MS = 7 * 24 * 3_600_000;
/** At most this many open runs are described per call. */
export const OPEN_RUNS_LIMIT = 200;

export interface WorkflowMonitor {
  troubled(now?: Date): Promise<WorkflowsResponse>;
}

/** Without a Temporal client (an app built without the workflow service). */
export const noWorkflowMonitor: WorkflowMonitor = {
  troubled: async () => ({ reachable: false, error: 'This server has no Temporal client: the workflow service is not running here', workflows: [] }),
};

export function temporalWorkflowMonitor(client: Client, address: string): WorkflowMonitor {
  return {
    async troubled(now = new Date()) {
      try {
        return { reachable: true, error: null, workflows: [...(await failingOpenRuns(client, now)), ...(await failedRuns(client, now))] };
      } catch (error) {
        return { reachable: false, error: `Temporal at ${address} could not be asked: ${error instanceof Error ? error.message : String(error)}`, workflows: [] };
      }
    },
  };
}

async function failingOpenRuns(client: Client, now: Date): Promise<TroubledWorkflow[]> {
  const listed: TroubledWorkflow[] = [];
  let seen = 0;
  for await (const run of client.workflow.list({ query: 'ExecutionStatus="Running"' })) {
    if (++seen > OPEN_RUNS_LIMIT) break;
    const description = await client.workflow.getHandle(run.workflowId, run.runId).describe();
    for (const activity of description.raw.pendingActivities ?? []) {
      const since = optionalTsToMs(activity.lastStartedTime) ?? optionalTsToMs(activity.scheduledTime) ?? null;
      const failing = Boolean(activity.lastFailure) && (activity.attempt ?? 1) > 1;
      const slow = since !== null && now.getTime() - since > ACTIVITY_EXPECTED_MS;
      if (!failing && !slow) continue;
      listed.push({
        workflowId: run.workflowId,
        runId: run.runId,
        type: run.type,
        status: run.status.name,
        startedAt: run.startTime.toISOString(),
        problem: failing ? 'activity_failing' : 'activity_slow',
        activity: activity.activityType?.name ?? null,
        attempt: activity.attempt ?? null,
        lastFailure: activity.lastFailure?.message ?? null,
        since: since === null ? null : new Date(since).toISOString(),
      });
    }
  }
  return listed;
}

async function failedRuns(client: Client, now: Date): Promise<TroubledWorkflow[]> {
  const after = new Date(now.getTime() - FAILED_WITHIN_MS).toISOString();
  const listed: TroubledWorkflow[] = [];
  const query = `(ExecutionStatus="Failed" OR ExecutionStatus="TimedOut" OR ExecutionStatus="Terminated") AND CloseTime > "${after}"`;
  for await (const run of client.workflow.list({ query })) {
    if (listed.length >= OPEN_RUNS_LIMIT) break;
    listed.push({
      workflowId: run.workflowId,
      runId: run.runId,
      type: run.type,
      status: run.status.name,
      startedAt: run.startTime.toISOString(),
      problem: 'run_failed',
      activity: null,
      attempt: null,
      lastFailure: null,
      since: run.closeTime ? run.closeTime.toISOString() : null,
    });
  }
  return listed;
}
