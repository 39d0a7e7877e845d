// `npm test`: every check CI runs, in lanes that run at the same time, each lane's phases in order,
// and then the time each phase took, so a slower suite shows where it grew. The static checks are
// each single-threaded, so on two cores they cost the longest one's time; Vitest, whose suites mostly
// wait on Temporal and killed workers, starts as soon as the workflows are bundled (it is the
// longest phase, so it should not wait for lint and the type check); the browser journeys and the
// fuzz mostly wait on their app, and follow the type check once the web app is built. A lane stops
// at its first failure, and a phase waiting on one that failed does not run. One phase streams its
// output (`live`); the others' output is held and printed whole when each ends, so lines do not
// interleave. The closing line repeats Vitest's plain summary ("Tests: N passed, N failed, N
// skipped") for CI to read.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

interface Phase {
  name: string;
  command: string;
  args: string[];
  /** Streams its output as it comes instead of holding it. */
  live?: boolean;
  /** Phases of other lanes that must have passed before this one starts. */
  after?: string[];
}

/** Phases run one after the other; a lane stops at its first failure. */
type Lane = Phase[];

const npx = (...args: string[]): Pick<Phase, 'command' | 'args'> => ({ command: 'npx', args });

// The workflows are bundled once, beside the static checks, for every app, worker and suite that
// follows (they load it through WORKFLOW_BUNDLE_PATH), instead of each running webpack again.
const bundleDir = mkdtempSync(path.join(os.tmpdir(), 'goose-test-workflows-'));
const workflowBundle = path.join(bundleDir, 'bundle.js');

/** The lanes run at once. */
const LANES: Lane[] = [
  [{ name: 'lint', ...npx('eslint', '.') }],
  [
    { name: 'typecheck', ...npx('tsc', '-p', 'tsconfig.json', '--noEmit') },
    { name: 'Playwright', ...npx('playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'), after: ['web build', 'workflow bundle'] },
    { name: 'API fuzz', command: 'npm', args: ['run', '-s', 'fuzz:api'] },
  ],
  [
    { name: 'workflow bundle', command: 'npm', args: ['run', '-s', 'build:workflows', '--', workflowBundle] },
    { name: 'Vitest', ...npx('vitest', 'run'), live: true },
  ],
  [
    { name: 'web build', command: 'npm', args: ['run', '-s', 'build:web'] },
    { name: 'import graph', command: 'npm', args: ['run', '-s', 'lint:imports'] },
  ],
];

interface Outcome {
  name: string;
  seconds: number;
  status: 'passed' | 'failed' | 'not run';
}

const SUMMARY_LINE = /^(?:\S+: )?\d+ passed, \d+ failed(?:, \d+ skipped)?$/;

function run(phase: Phase): Promise<{ ok: boolean; seconds: number; summary: string | null }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(phase.command, phase.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const held: Buffer[] = [];
    let summary: string | null = null;
    let tail = '';
    const take = (chunk: Buffer, sink: NodeJS.WriteStream) => {
      if (phase.live) sink.write(chunk);
      else held.push(chunk);
      // The plain summary is one line; a chunk may end inside it, hence the carried tail.
      const lines = (tail + chunk.toString('utf8')).split('\n');
      tail = lines.pop() ?? '';
      for (const line of lines) if (SUMMARY_LINE.test(line.trim())) summary = line.trim();
    };
    child.stdout.on('data', (chunk: Buffer) => take(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => take(chunk, process.stderr));
    const finish = (ok: boolean) => {
      if (SUMMARY_LINE.test(tail.trim())) summary = tail.trim();
      if (!phase.live) {
        process.stdout.write(`\n── ${phase.name} (${phase.command} ${phase.args.join(' ')}) ──\n`);
        process.stdout.write(Buffer.concat(held));
      }
      resolve({ ok, seconds: (performance.now() - started) / 1000, summary });
    };
    child.once('error', (error) => {
      held.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.once('close', (code) => finish(code === 0));
  });
}

/** Each phase's result once it has ended (false when it failed or did not run), for the phases that wait on it. */
const ended = new Map<string, { promise: Promise<boolean>; settle: (passed: boolean) => void }>();
for (const phase of LANES.flat()) {
  let settle!: (passed: boolean) => void;
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  ended.set(phase.name, { promise, settle });
}

async function runLane(lane: Lane): Promise<{ outcomes: Outcome[]; summary: string | null }> {
  const outcomes: Outcome[] = [];
  let summary: string | null = null;
  for (const phase of lane) {
    const waitedOn = await Promise.all((phase.after ?? []).map((name) => ended.get(name)!.promise));
    if (outcomes.some((outcome) => outcome.status !== 'passed') || waitedOn.includes(false)) {
      outcomes.push({ name: phase.name, seconds: 0, status: 'not run' });
      ended.get(phase.name)!.settle(false);
      continue;
    }
    const result = await run(phase);
    outcomes.push({ name: phase.name, seconds: result.seconds, status: result.ok ? 'passed' : 'failed' });
    ended.get(phase.name)!.settle(result.ok);
    summary = result.summary ?? summary;
  }
  return { outcomes, summary };
}

function table(outcomes: Outcome[], total: number): string {
  const width = Math.max(...outcomes.map((o) => o.name.length), 'total'.length);
  const row = (name: string, seconds: string, status: string) => `  ${name.padEnd(width)}  ${seconds.padStart(8)}  ${status}`;
  const lines = outcomes.map((o) => row(o.name, o.status === 'not run' ? '' : `${o.seconds.toFixed(1)} s`, o.status));
  return ['', 'Phase times:', ...lines, row('total', `${total.toFixed(1)} s`, ''), ''].join('\n');
}

async function main(): Promise<number> {
  const started = performance.now();
  const lanes = await Promise.all(LANES.map((lane) => runLane(lane)));
  const outcomes = lanes.flatMap((lane) => lane.outcomes);
  const summary = lanes.map((lane) => lane.summary).find((line) => line !== null) ?? null;
  process.stdout.write(table(outcomes, (performance.now() - started) / 1000));
  if (summary) process.stdout.write(`\n${summary}\n`);
  return outcomes.some((outcome) => outcome.status !== 'passed') ? 1 : 0;
}

process.env.WORKFLOW_BUNDLE_PATH = workflowBundle;
try {
  process.exitCode = await main();
} finally {
  rmSync(bundleDir, { recursive: true, force: true });
}
