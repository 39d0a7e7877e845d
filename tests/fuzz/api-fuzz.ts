// `npm run fuzz:api`: schemathesis (PyPI) fuzzes every operation of the API document against the
// whole platform as `npm start` runs it (embedded defaults, a fresh data directory), signed in as a
// creator who has uploaded a track, and fails on any server error (5xx) or a crash. Logout is left
// out: it would end the fuzzer's own session. FUZZ_MAX_EXAMPLES bounds the cases per operation
// (CI runs a bounded pass; by hand, e.g. FUZZ_MAX_EXAMPLES=300). Without schemathesis installed
// it says so and is skipped. The last line of stdout is one JSON object with the counts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sineWav } from '../support/audio';
import { multipartBody } from '../support/multipart';

const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 25);
const PORT = Number(process.env.FUZZ_PORT ?? 3299);
const base = `http://127.0.0.1:${PORT}`;

function schemathesis(): string | null {
  for (const candidate of ['st', 'schemathesis']) {
    if (spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

async function waitForHealth(app: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the platform exited with code ${app.exitCode} before it answered`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the platform did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** A creator's session with one uploaded track, so the vault and file routes have content. */
async function creatorSession(): Promise<string> {
  const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: `fuzz_${Date.now()}`, password: 'fuzzing the api in ci' }) });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('goose_session='))!.split(';')[0]!;
  const { payload, headers } = multipartBody({ title: 'Fuzz take', contentType: 'music' }, { filename: 'take.wav', contentType: 'audio/wav', content: sineWav({ seconds: 2 }) });
  const upload = await fetch(`${base}/api/upload`, { method: 'POST', headers: { ...headers, cookie }, body: payload });
  if (upload.status !== 202) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  return cookie;
}

interface JunitCounts {
  tests: number;
  failures: number;
  errors: number;
}

async function junitCounts(file: string): Promise<JunitCounts> {
  const xml = await readFile(file, 'utf8');
  const suite = /<testsuite\b[^>]*>/.exec(xml)?.[0] ?? '';
  const attr = (name: string) => Number(new RegExp(`${name}="(\\d+)"`).exec(suite)?.[1] ?? 0);
  return { tests: attr('tests'), failures: attr('failures'), errors: attr('errors') };
}

async function main(): Promise<void> {
  const st = schemathesis();
  if (!st) {
    process.stdout.write(`${JSON.stringify({ skipped: 'schemathesis is not installed (pip install schemathesis)' })}\n`);
    return;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'goose-fuzz-'));
  // The operator API is on, and the fuzzer holds its token, so its operation is exercised too.
  const opsToken = randomUUID();
  const app = spawn('npx', ['tsx', 'ops/start.ts'], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'error', OPS_TOKEN: opsToken }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  try {
    await waitForHealth(app, 180_000);
    const cookie = await creatorSession();
    const junitPath = path.join(dataDir, 'junit.xml');
    const started = Date.now();
    const run = spawnSync(
      st,
      [
        'run',
        `${base}/api/openapi.json`,
        '--url',
        base,
        '--checks',
        'not_a_server_error',
        '--max-examples',
        String(MAX_EXAMPLES),
        '--exclude-path',
        '/api/auth/logout',
        '--header',
        `Cookie: ${cookie}`,
        '--header',
        `X-Operator-Token: ${opsToken}`,
        '--workers',
        '2',
        '--seed',
        process.env.FUZZ_SEED ?? '20261125',
        '--suppress-health-check',
        'all',
        '--request-timeout',
        '60',
        '--no-color',
        '--report',
        'junit',
        '--report-junit-path',
        junitPath,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'], timeout: 15 * 60_000 },
    );
    const counts = await junitCounts(junitPath).catch(() => null);
    const summary = {
      schemathesis: st,
      maxExamplesPerOperation: MAX_EXAMPLES,
      operations: counts?.tests ?? null,
      failedOperations: counts ? counts.failures + counts.errors : null,
      exitCode: run.status,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    if (run.status !== 0) process.exitCode = 1;
  } finally {
    if (app.exitCode === null && app.pid) {
      const exited = new Promise((resolve) => app.once('exit', resolve));
      process.kill(-app.pid, 'SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
