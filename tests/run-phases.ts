// `npm test`: every check CI runs, step by step, stopping after the first step in which a phase
// fails, and then the time each phase took, so a slower suite shows where it grew. The lanes of one
// step run at the same time, each lane's phases in order: the static checks are each
// single-threaded, so on two cores they cost the longest one's time; the browser journeys and the
// fuzz mostly wait on their apps (workflows, the browser), so each runs in a lane of its own beside
// Vitest, whose suites mostly wait on Temporal and killed workers. One phase per step streams its output (`live`); the
// others' output is held and printed whole when each ends, so lines do not interleave. The closing
// line adds up Vitest's plain summaries ("Tests: N passed, N failed, N skipped") for CI to read.
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
  /** Ends with Vitest's plain summary, which the closing line adds up. */
  countsTests?: boolean;
}

/** Phases run one after the other; a lane stops at its first failure. */
type Lane = Phase[];

const npx = (...args: string[]): Pick<Phase, 'command' | 'args'> => ({ command: 'npx', args });

// The workflows are bundled once, beside the static checks, for every app, worker and suite of the
// later step (they load it through WORKFLOW_BUNDLE_PATH), instead of each running webpack again.
const bundleDir = mkdtempSync(path.join(os.tmpdir(), 'goose-test-workflows-'));
const workflowBundle = path.join(bundleDir, 'bundle.js');
// And the killed-worker fault tests' own (tests/support/fault-workflow-bundle.ts), in the same lane.
const faultWorkflowBundle = path.join(bundleDir, 'fault', 'bundle.js');

/** Vitest's projects (vitest.config.ts), split between two lanes. */
const WORKFLOW_PROJECTS = ['integration', 'process-state'];
const OTHER_PROJECTS = ['pure', 'pure-mocked', 'api', 'services'];
const projects = (names: string[]) => names.flatMap((name) => ['--project', name]);

/** The lanes of a step run at once; the steps run in order. */
const STEPS: Lane[][] = [
  [
    [{ name: 'lint', ...npx('eslint', '.') }],
    [{ name: 'typecheck', ...npx('tsc', '-p', 'tsconfig.json', '--noEmit') }],
    [
      // A machine without the Temporal CLI or ffmpeg gets the pinned ones (infra/toolchain) before the suites need them.
      { name: 'toolchain', command: 'npm', args: ['run', '-s', 'toolchain'] },
      { name: 'import graph', command: 'npm', args: ['run', '-s', 'lint:imports'] },
      { name: 'web build', command: 'npm', args: ['run', '-s', 'build:web'] },
      { name: 'workflow bundle', command: 'npm', args: ['run', '-s', 'build:workflows', '--', workflowBundle] },
      { name: 'fault workflow bundle', ...npx('tsx', 'tests/support/fault-workflow-bundle.ts', faultWorkflowBundle) },
    ],
  ],
  [
    [{ name: 'Playwright', ...npx('playwright', 'test', '-c', 'tests/e2e/playwright.config.ts') }],
    // The workflow suites mostly wait (Temporal, killed workers): they follow the fuzz in its lane,
    // so the suites that compute run beside the journeys and no lane is left alone at the end.
    [
      { name: 'API fuzz', command: 'npm', args: ['run', '-s', 'fuzz:api'] },
      { name: 'Vitest: workflows', ...npx('vitest', 'run', ...projects(WORKFLOW_PROJECTS)), countsTests: true },
    ],
    [{ name: 'Vitest', ...npx('vitest', 'run', ...projects(OTHER_PROJECTS)), live: true, countsTests: true }],
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

interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

function countsOf(summary: string): TestCounts {
  const count = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(summary)?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
}

async function runLane(lane: Lane): Promise<{ outcomes: Outcome[]; counts: TestCounts[] }> {
  const outcomes: Outcome[] = [];
  const counts: TestCounts[] = [];
  for (const phase of lane) {
    if (outcomes.some((outcome) => outcome.status === 'failed')) {
      outcomes.push({ name: phase.name, seconds: 0, status: 'not run' });
      continue;
    }
    const result = await run(phase);
    outcomes.push({ name: phase.name, seconds: result.seconds, status: result.ok ? 'passed' : 'failed' });
    if (phase.countsTests && result.summary) counts.push(countsOf(result.summary));
  }
  return { outcomes, counts };
}

function table(outcomes: Outcome[], total: number): string {
  const width = Math.max(...outcomes.map((o) => o.name.length), 'total'.length);
  const row = (name: string, seconds: string, status: string) => `  ${name.padEnd(width)}  ${seconds.padStart(8)}  ${status}`;
  const lines = outcomes.map((o) => row(o.name, o.status === 'not run' ? '' : `${o.seconds.toFixed(1)} s`, o.status));
  return ['', 'Phase times:', ...lines, row('total', `${total.toFixed(1)} s`, ''), ''].join('\n');
}

async function main(): Promise<number> {
  const started = performance.now();
  const outcomes: Outcome[] = [];
  let failed = false;
  const counts: TestCounts[] = [];
  for (const step of STEPS) {
    if (failed) {
      for (const phase of step.flat()) outcomes.push({ name: phase.name, seconds: 0, status: 'not run' });
      continue;
    }
    const lanes = await Promise.all(step.map((lane) => runLane(lane)));
    for (const lane of lanes) {
      outcomes.push(...lane.outcomes);
      counts.push(...lane.counts);
      if (lane.outcomes.some((outcome) => outcome.status === 'failed')) failed = true;
    }
  }
  process.stdout.write(table(outcomes, (performance.now() - started) / 1000));
  if (counts.length > 0) {
    const total = (key: keyof TestCounts) => counts.reduce((sum, count) => sum + count[key], 0);
    process.stdout.write(`\nTests: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped\n`);
  }
  return failed ? 1 : 0;
}

process.env.WORKFLOW_BUNDLE_PATH = workflowBundle;
process.env.FAULT_WORKFLOW_BUNDLE_PATH = faultWorkflowBundle;
try {
  process.exitCode = await main();
} finally {
  rmSync(bundleDir, { recursive: true, force: true });
}
