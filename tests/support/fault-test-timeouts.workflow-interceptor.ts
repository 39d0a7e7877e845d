// Workflow interceptor for the killed-worker fault tests only (bundled into their workflow bundle by
// tests/support/fault-workflow-bundle.ts, never into the platform's): a SIGKILLed worker's activity
// is taken over once Temporal's timeout for it runs out (its heartbeat timeout, or without one its
// start-to-close timeout), so these tests waited out 10 s and 30 s for each kill. Capping the
// timeouts lets the new worker take over sooner; what is retried, and how often, is unchanged.
import type { ActivityInput, Next, WorkflowInterceptorsFactory, WorkflowOutboundCallsInterceptor } from '@temporalio/workflow';
import { msOptionalToNumber } from '@temporalio/common/lib/time';

/** Above the heartbeat interval of every activity that heartbeats (1–2 s), with room for a busy machine. */
export const FAULT_TEST_HEARTBEAT_TIMEOUT_MS = 5_000;
/** Activities without heartbeats are quick appends and reads: ample on a busy machine. */
export const FAULT_TEST_START_TO_CLOSE_TIMEOUT_MS = 10_000;

const capped = (value: number | undefined, cap: number): number | undefined => (value === undefined ? undefined : Math.min(value, cap));

function shorterTimeouts(input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>): Promise<unknown> {
  const heartbeat = msOptionalToNumber(input.options.heartbeatTimeout);
  const options =
    heartbeat === undefined
      ? { ...input.options, startToCloseTimeout: capped(msOptionalToNumber(input.options.startToCloseTimeout), FAULT_TEST_START_TO_CLOSE_TIMEOUT_MS) }
      : { ...input.options, heartbeatTimeout: capped(heartbeat, FAULT_TEST_HEARTBEAT_TIMEOUT_MS) };
  return next({ ...input, options });
}

export const interceptors: WorkflowInterceptorsFactory = () => ({
  outbound: [{ scheduleActivity: shorterTimeouts }],
});
