// `npm run fuzz:api`: schemathesis (PyPI) fuzzes every operation of the API document against the
// whole platform as `npm start` runs it (embedded defaults, a fresh data directory), signed in as a
// creator who has uploaded a track and holds a pro API key (sent as X-API-Key for the v1 routes),
// and fails on any server error (5xx) or a crash. Logout is left out: it would end the fuzzer's
// own session. FUZZ_MAX_EXAMPLES bounds the cases per operation
// (CI runs a bounded pass; by hand, e.g. FUZZ_MAX_EXAMPLES=300 FUZZ_WORKERS=2). Without schemathesis installed
// it says so and is skipped. The last line of stdout is one JSON object with the counts.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createApiKeyResponseSchema } from '../../domain/contracts/developer';
import { API_KEY_HEADER } from '../../domain/developer/api-tiers';
import { sineWav } from '../support/audio';
import { signUpCreator, startPlatformProcess, uploadWav } from '../support/platform-process';
import { startStripeMock, stripeMockBinary, type StripeMock } from '../support/stripe-mock';

const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 10);
/** Concurrent fuzzing workers: one in the bounded run, so it finds faults rather than races; by hand, FUZZ_WORKERS=2 puts concurrent commands on the same track too. */
const WORKERS = Number(process.env.FUZZ_WORKERS ?? 1);
const PORT = Number(process.env.FUZZ_PORT ?? 3299);

function schemathesis(): string | null {
  for (const candidate of ['st', 'schemathesis']) {
    if (spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
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
  // The operator API is on, and the fuzzer holds its token, so its operation is exercised too.
  // QXMP Pay sign-in is configured (with a key no one signs with), so its routes verify rather than answer 503.
  const opsToken = randomUUID();
  const qxmpPayKey = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
  // Payments on against stripe-mock when it is installed; without it the payment routes answer 503
  // by design (not configured), so they are left out rather than counted as server errors.
  const stripeMockPath = stripeMockBinary();
  const stripeMock: StripeMock | null = stripeMockPath ? await startStripeMock(stripeMockPath) : null;
  const stripeEnv: Record<string, string> = stripeMock
    ? { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: `whsec_${randomUUID()}`, STRIPE_API_URL: stripeMock.url }
    : {};
  const exclusions = stripeMock ? [] : ['--exclude-path', '/api/create-payment-intent', '--exclude-path', '/api/create-subscription', '--exclude-path', '/api/webhooks/stripe'];
  // Withdrawals need a Polygon node and a token contract (tested in api/routes/wallets/withdraw.test.ts);
  // unconfigured they answer 503 by design.
  exclusions.push('--exclude-path', '/api/goose-tokens/withdraw');
  // The resumable uploads speak the tus protocol (bodies of application/offset+octet-stream, which
  // schemathesis cannot generate); a real tus client tests them in api/routes/upload/resumable.test.ts.
  exclusions.push('--exclude-path-regex', '^/api/resumable-uploads');
  const platform = await startPlatformProcess({ port: PORT, env: { OPS_TOKEN: opsToken, QXMP_PAY_ORIGIN: 'https://pay.qxmp.example', QXMP_PAY_PUBLIC_KEY: qxmpPayKey, ...stripeEnv } }).catch(async (error: unknown) => {
    await stripeMock?.stop();
    throw error;
  });
  const base = platform.baseUrl;
  try {
    // A creator with an uploaded track, so the vault and file routes have content; long enough for
    // the copyright check to run rather than refuse it.
    const { cookie } = await signUpCreator(base, `fuzz_${Date.now()}`);
    await uploadWav(base, cookie, 'Fuzz take', sineWav({ seconds: 5 }));
    // A pro key, so the v1 routes are fuzzed past the key guard and charged (the welcome tokens pay
    // for them); the guard's 429 or 403 (limits, a key suspended for failing calls) are documented 4XX answers.
    const apiKey = await createApiKey(base, cookie);
    const junitPath = path.join(platform.dataDir, 'junit.xml');
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
        ...exclusions,
        '--header',
        `Cookie: ${cookie}`,
        '--header',
        `X-Operator-Token: ${opsToken}`,
        '--header',
        `${API_KEY_HEADER}: ${apiKey}`,
        '--workers',
        String(WORKERS),
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
      { stdio: ['ignore', 'pipe', 'pipe'], timeout: 15 * 60_000, maxBuffer: 256 * 1024 * 1024 },
    );
    // Schemathesis closes with a pytest-style line ("N warnings in 48s") that CI reads as a run
    // that tested nothing; its report is shown only when it failed, and the JSON below says the rest.
    if (run.status !== 0) {
      process.stdout.write(run.stdout ?? '');
      process.stderr.write(run.stderr ?? '');
    }
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
    await platform.stop();
    await stripeMock?.stop();
  }
}

/** A pro API key of the signed-in user, created as the Developer tab creates one; answers the whole key. */
async function createApiKey(base: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}/api/developer/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ keyName: 'Fuzz key', tier: 'pro', termsAccepted: true }),
  });
  if (response.status !== 201) throw new Error(`creating the API key failed: ${response.status} ${await response.text()}`);
  return createApiKeyResponseSchema.parse(await response.json()).apiKey.keyValue;
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
