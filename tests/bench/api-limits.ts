// `npm run bench:api-limits`: how fast the API key guard admits calls on the local PostgreSQL
// server. Each call is one guarded request through a tiny route, as the v1 plugin runs it: the key
// folded from its stream, the month and minute windows counted in one transaction (an enterprise
// key: no day window), the answer, and the usage record written afterwards. All calls use one key,
// the worst case for the counters' row locks. The guard's clock moves on a minute every 25 calls
// started, so however the 50 in flight interleave no minute sees more than 76 and the minute window
// never refuses; a refusal would show as admitted < calls. Measured at 2-way and 50-way
// concurrency with the app's default pool of 10 connections. The last line is one JSON object.
// Needs a Postgres server: DATABASE_URL, else a fresh database on TEST_DATABASE_URL's server.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { apiCallerOf, apiKeyGuard } from '../../api/plugins/api-key-guard';
import { registerErrorHandler } from '../../api/plugins/error-handler';
import { apiKeyDecider } from '../../domain/developer/api-key.decider';
import { apiKeyStreamId } from '../../domain/developer/api-key.events';
import { API_TERMS_VERSION, REQUESTS_PER_MINUTE } from '../../domain/developer/api-tiers';
import { eventRegistry } from '../../domain/registry';
import { postgresDb } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { apiUsageMigrations } from '../../infra/developer/usage-store';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { createTestDatabase, postgresAvailable } from '../support/postgres';
import { intFromEnv } from './bench-env';

/** Calls started a (bench clock) minute: with 50 in flight, at most 25 + 51 of them read the same minute, below REQUESTS_PER_MINUTE. */
const CALLS_A_MINUTE = 25;
if (CALLS_A_MINUTE + 51 > REQUESTS_PER_MINUTE) throw new Error('the bench clock would let the minute window refuse');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<void> {
  const configured = process.env.DATABASE_URL;
  if (!configured && !(await postgresAvailable())) throw new Error('bench:api-limits needs a PostgreSQL server: set DATABASE_URL or TEST_DATABASE_URL');
  const database = configured ? null : await createTestDatabase({ prefix: 'goose_bench' });
  const db = postgresDb(configured ?? database!.url);
  const calls = intFromEnv('BENCH_API_LIMITS_CALLS', 2000);
  process.stderr.write(`api limits bench on ${database?.label ?? 'DATABASE_URL'}: ${calls} calls a run\n`);
  try {
    await migrate(db, [...eventStoreMigrations, ...apiUsageMigrations]);
    const eventStore = new PostgresEventStore(db, eventRegistry);
    const results: Record<string, unknown> = {};
    for (const concurrency of [2, 50]) {
      const keyId = randomBytes(8).toString('hex');
      const value = `gk_${keyId}_${randomBytes(32).toString('base64url')}`;
      await handleCommand(eventStore, apiKeyStreamId(keyId), apiKeyDecider, {
        type: 'CreateApiKey',
        data: { keyId, ownerId: 'bench-owner', keyName: 'bench', tier: 'enterprise', keyPrefix: `gk_${keyId}`, keySha256: createHash('sha256').update(value).digest('hex'), termsVersion: API_TERMS_VERSION, termsAcceptedAt: new Date().toISOString() },
      }, { correlationId: randomUUID(), actor: 'bench' });
      let next = 0;
      const base = Date.UTC(2026, 10, 2, 0, 0, 0);
      const now = () => new Date(base + Math.floor(next / CALLS_A_MINUTE) * 60_000);
      const guard = apiKeyGuard({ db, eventStore, projector: { announce: () => undefined }, now });
      const app = Fastify({ logger: false });
      registerErrorHandler(app);
      await app.register(async (scope) => {
        scope.addHook('onRequest', guard.onRequest);
        scope.addHook('onResponse', guard.onResponse);
        scope.get('/bench', async (request) => ({ keyId: apiCallerOf(request).keyId }));
      });
      await app.ready();
      const latencies: number[] = [];
      let admitted = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < calls) {
            next++;
            const t = performance.now();
            const answer = await app.inject({ method: 'GET', url: '/bench', headers: { 'x-api-key': value } });
            latencies.push(performance.now() - t);
            if (answer.statusCode === 200) admitted++;
          }
        }),
      );
      await guard.idle();
      const seconds = (performance.now() - started) / 1000;
      await app.close();
      const round = (n: number) => Math.round(n * 100) / 100;
      results[`concurrency${concurrency}`] = { calls, admitted, admissionsPerSecond: round(admitted / seconds), p95Ms: round(percentile(latencies, 95)), medianMs: round(percentile(latencies, 50)) };
      process.stderr.write(`${concurrency}-way: ${JSON.stringify(results[`concurrency${concurrency}`])}\n`);
    }
    process.stdout.write(`${JSON.stringify({ ...results, poolSize: 10, database: 'postgres' })}\n`);
  } finally {
    await db.close();
    await database?.drop();
  }
}

await main();
