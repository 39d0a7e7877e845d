// One GOOSE role (ops/start.ts with GOOSE_ROLE) in a child process, for the multi-process tests:
// node with tsx's loader (so a signal reaches the process itself), its JSON log lines kept to wait
// on ("leading", "standing by", "… is running") and to show when a test fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MILESTONE = /"msg":"(leading|standing by[^"]*|left the leadership|worker ready|GOOSE [a-z]+ is running)"/;

export interface RoleProcess {
  readonly name: string;
  readonly pid: number;
  /** Resolves with the time (performance.now() of this process) the first line matching `pattern` came, from the start of the process; rejects if it exits first or after `timeoutMs`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<number>;
  /** Its last 300 lines of output. */
  output(): string;
  /** Whether it ever said a line matching `pattern` among its milestones (leading, standing by, ready, running). */
  said(pattern: RegExp): boolean;
  alive(): boolean;
  /** Sends `signal` and resolves with the exit code (null when killed by a signal) once it exited. */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export function startRoleProcess(name: string, role: string, env: Record<string, string>): RoleProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'ops/start.ts', '--role', role], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: { at: number; text: string }[] = [];
  // Kept whole, however long the process talks: the tests ask about them after the fact.
  const milestones: { at: number; text: string }[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (at: number) => void }>();
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (text) => {
      const line = { at: performance.now(), text };
      lines.push(line);
      if (lines.length > 300) lines.shift();
      if (MILESTONE.test(text)) milestones.push(line);
      for (const waiter of waiters) {
        if (waiter.pattern.test(text)) {
          waiters.delete(waiter);
          waiter.resolve(line.at);
        }
      }
    });
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  const output = () => lines.map((line) => line.text).join('\n');
  return {
    name,
    pid: child.pid!,
    output,
    alive,
    said: (pattern) => milestones.some((line) => pattern.test(line.text)),
    waitForLine(pattern, timeoutMs = 60_000) {
      const seen = milestones.find((line) => pattern.test(line.text)) ?? lines.find((line) => pattern.test(line.text));
      if (seen) return Promise.resolve(seen.at);
      return new Promise<number>((resolve, reject) => {
        const waiter = { pattern, resolve };
        waiters.add(waiter);
        const fail = (why: string) => {
          if (!waiters.delete(waiter)) return;
          reject(new Error(`${name}: ${why} before a line matching ${pattern}:\n${output()}`));
        };
        void exited.then(() => fail('exited'));
        void sleep(timeoutMs).then(() => fail(`${timeoutMs / 1000} s passed`));
      });
    },
    async kill(signal) {
      if (alive()) child.kill(signal);
      const [code] = child.exitCode !== null || child.signalCode !== null ? [child.exitCode] : await exited;
      return code;
    },
  };
}
