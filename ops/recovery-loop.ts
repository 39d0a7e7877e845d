// The loop the recoveries share: a request records something and then starts its workflow, and a
// process killed between the two leaves it waiting for ever. The leading projector runs a pass as it
// starts (taking records of any age: they are from before the restart) and then every interval
// (taking only records older than the request that may be starting one right now).
import type { Logger } from 'pino';

export interface RecoveryLoopOptions {
  /** One pass; records younger than minAgeMs are left to the request that is starting them. */
  pass: (minAgeMs: number) => Promise<unknown>;
  intervalMs: number;
  minAgeMs: number;
  log: Logger;
}

/** Runs a pass now and then every intervalMs, one at a time; `stop` waits for a running pass. */
export function startRecoveryLoop({ pass, intervalMs, minAgeMs, log }: RecoveryLoopOptions): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = (age: number) => {
    running = running.then(() => pass(age)).catch((error: unknown) => log.error({ err: error }, 'recovery pass failed'));
  };
  run(0);
  const timer = setInterval(() => run(minAgeMs), intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
