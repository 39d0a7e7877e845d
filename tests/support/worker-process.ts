// A Temporal worker in a child process (node with the tsx loader, so a signal reaches the worker
// itself), for the fault tests that SIGKILL a worker mid-activity and start another. The script
// prints a JSON line with `"msg":"worker ready"` once it polls its task queue.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface WorkerProcess {
  /** Settles once the worker said it is ready; rejects if it exits first or is not ready within 60 s. */
  ready: Promise<void>;
  /** Its last 200 lines of output, for a failing test's message. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited within 15 s. */
  stop(): Promise<void>;
}

/** Starts `script` (a path from the repository root) with `env` over this process's environment. */
export function startWorkerProcess(script: string, env: Record<string, string>): WorkerProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = once(child, 'exit');
  let markReady: () => void = () => undefined;
  const readyOrExit = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    void exited.then(() => reject(new Error(`worker exited before it was ready:\n${lines.join('\n')}`)));
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      if (line.includes('"msg":"worker ready"')) markReady();
    });
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  const ready = Promise.race([
    readyOrExit,
    sleep(60_000).then(() => {
      throw new Error(`worker not ready after 60 s:\n${lines.join('\n')}`);
    }),
  ]);
  ready.catch(() => undefined);
  return {
    ready,
    output: () => lines.join('\n'),
    async kill(signal) {
      if (!alive()) return;
      child.kill(signal);
      await exited;
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
