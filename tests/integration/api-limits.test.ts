// The developer API's limits under concurrent calls on the real PostgreSQL server: the
// month, day and minute windows admit exactly their limit however many calls race, survive a new
// guard (a restart), answer 429 with Retry-After; revoked and suspended keys are refused on the very
// next request; a key with too many failed calls is suspended; the IP allowlist holds. The guard runs
// on a tiny route in an encapsulated scope, as the v1 plugin uses it. With API_LIMITS_REPORT set the
// figures (admitted/refused, wall time) are printed for the report.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyDecider, evolveApiKey, initialApiKeyState, type ApiKeyCommand } from '../../domain/developer/api-key.decider';
import { apiKeyStreamId, type ApiKeyEvent } from '../../domain/developer/api-key.events';
import { API_TERMS_VERSION, type ApiTier } from '../../domain/developer/api-tiers';
import { eventRegistry } from '../../domain/registry';
import { InsufficientTokensError, ValidationError } from '../../domain/shared/errors';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { apiUsageMigrations, usageOf, usageOfKeys, windowStart } from '../../infra/developer/usage-store';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import type { ReadModelChange } from '../../projections/projection';
import { usersProjection } from '../../projections/users/projection';
import { apiCallerOf, apiKeyGuard, type ApiKeyGuard } from '../../api/plugins/api-key-guard';
import { registerErrorHandler } from '../../api/plugins/error-handler';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/postgres';

const postgresUp = await postgresAvailable();
const report = (label: string, figures: Record<string, unknown>) => {
  // eslint-disable-next-line no-console -- the figures the coordinator quotes, printed only when asked for
  if (process.env.API_LIMITS_REPORT) console.info(`api-limits ${label}: ${JSON.stringify(figures)}`);
};

/** 10 s before the minute ends, 11 h 25 min 10 s before midnight UTC, 4 days and that before December. */
const NOW = new Date('2026-11-26T12:34:50.000Z');

interface Harness {
  app: FastifyInstance;
  guard: ApiKeyGuard;
  close(): Promise<void>;
}

describe.skipIf(!postgresUp)(`API limits under concurrent calls on the real Postgres${postgresUp ? '' : ' (skipped: no Postgres server at TEST_DATABASE_URL)'}`, () => {
  let database: TestDatabase;
  let db: Db;
  let eventStore: PostgresEventStore;
  let harness: Harness;
  const announced: ReadModelChange[] = [];

  async function startHarness(): Promise<Harness> {
    const pool = postgresDb(database.url, 20);
    const guard = apiKeyGuard({ db: pool, eventStore: new PostgresEventStore(pool, eventRegistry), projector: { announce: (change) => announced.push(change) }, now: () => NOW });
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    await app.register(async (scope) => {
      scope.addHook('onRequest', guard.onRequest);
      scope.addHook('onResponse', guard.onResponse);
      scope.get('/t/ok', async (request) => ({ keyId: apiCallerOf(request).keyId }));
      scope.get('/t/fail', async () => {
        throw new ValidationError('contentId is required');
      });
      scope.get('/t/unpaid', async () => {
        throw new InsufficientTokensError(50_000, 0);
      });
    });
    await app.ready();
    return {
      app,
      guard,
      async close() {
        await app.close();
        await pool.close();
      },
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    db = postgresDb(database.url);
    await migrate(db, [...eventStoreMigrations, ...apiUsageMigrations]);
    // The guard refuses the keys of suspended accounts, read from the users model.
    await db.query(usersProjection.schema);
    eventStore = new PostgresEventStore(db, eventRegistry);
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
    await eventStore?.close();
    await db?.close();
    await database?.drop();
  });

  const command = (keyId: string, c: ApiKeyCommand) => handleCommand(eventStore, apiKeyStreamId(keyId), apiKeyDecider, c, { correlationId: randomUUID(), actor: 'test' });

  async function newKey(tier: ApiTier, ownerId = randomUUID()) {
    const keyId = randomBytes(8).toString('hex');
    const value = `gk_${keyId}_${randomBytes(32).toString('base64url')}`;
    await command(keyId, {
      type: 'CreateApiKey',
      data: { keyId, ownerId, keyName: `${tier} key`, tier, keyPrefix: `gk_${keyId}`, keySha256: createHash('sha256').update(value).digest('hex'), termsVersion: API_TERMS_VERSION, termsAcceptedAt: NOW.toISOString() },
    });
    return { keyId, value, ownerId };
  }

  const call = (key: string | undefined, path = '/t/ok', remoteAddress = '127.0.0.1') =>
    harness.app.inject({ method: 'GET', url: path, remoteAddress, headers: key === undefined ? {} : { 'x-api-key': key } });

  async function burst(key: string, n: number) {
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: n }, () => call(key)));
    const wallMs = Math.round(performance.now() - started);
    await harness.guard.idle();
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.statusCode, (byStatus.get(a.statusCode) ?? 0) + 1);
    return { answers, admitted: byStatus.get(200) ?? 0, refused: byStatus.get(429) ?? 0, others: answers.length - (byStatus.get(200) ?? 0) - (byStatus.get(429) ?? 0), wallMs };
  }

  async function seedCounter(keyId: string, kind: 'month' | 'day' | 'minute', calls: number) {
    await db.query('INSERT INTO api_call_counters (key_id, window_kind, window_start, calls) VALUES ($1, $2, $3, $4)', [keyId, kind, windowStart(kind, NOW).toISOString(), calls]);
  }

  async function counters(keyId: string) {
    const { rows } = await db.query<{ window_kind: string; calls: number }>('SELECT window_kind, calls FROM api_call_counters WHERE key_id = $1', [keyId]);
    return Object.fromEntries(rows.map((r) => [r.window_kind, r.calls]));
  }

  async function stateOf(keyId: string) {
    const recorded = await eventStore.readStream(apiKeyStreamId(keyId));
    return recorded.reduce((s, e) => evolveApiKey(s, { type: e.type, data: e.data } as ApiKeyEvent), initialApiKeyState);
  }

  it('a free key 3 calls short of its monthly quota admits exactly 3 of 50 concurrent calls; the rest get 429 with the renewal date', async () => {
    const { keyId, value, ownerId } = await newKey('free');
    await seedCounter(keyId, 'month', 497);
    const result = await burst(value, 50);
    report('monthly quota (free, 3 left, 50 concurrent)', { admitted: result.admitted, refused: result.refused, wallMs: result.wallMs });
    expect(result).toMatchObject({ admitted: 3, refused: 47, others: 0 });
    const refusal = result.answers.find((a) => a.statusCode === 429)!;
    expect(refusal.json()).toEqual({ error: 'Monthly quota of 500 calls used up; it renews on 2026-12-01' });
    expect(refusal.headers['retry-after']).toBe(String(4 * 86_400 + 11 * 3600 + 25 * 60 + 10));
    // Refused calls count nowhere: the day and minute windows hold the 3 admitted only.
    expect(await counters(keyId)).toEqual({ month: 500, day: 3, minute: 3 });
    // Every admitted call is in the usage log, and its owner's browsers heard of it.
    const usage = await usageOf(db, ownerId, NOW);
    expect(usage.stats.totalCalls).toBe(3);
    expect(usage.usage.map((u) => [u.endpoint, u.statusCode, u.keyName])).toEqual(Array(3).fill(['/t/ok', 200, 'free key']));
    expect(announced.filter((c) => c.subjectId === keyId)).toHaveLength(3);
    expect(announced.find((c) => c.subjectId === keyId)).toMatchObject({ readModel: 'developer', ownerId, streamId: `api-key-${keyId}`, eventType: 'ApiCallRecorded' });
    expect((await usageOfKeys(db, [keyId], NOW)).get(keyId)).toEqual({ monthCalls: 500, dayCalls: 3, lastUsed: NOW.toISOString() });
  });

  it('150 concurrent calls on a fresh pro key: exactly 100 admitted by the minute window, Retry-After the seconds left in the minute', async () => {
    const { keyId, value } = await newKey('pro');
    const result = await burst(value, 150);
    report('minute window (pro, fresh, 150 concurrent)', { admitted: result.admitted, refused: result.refused, wallMs: result.wallMs });
    expect(result).toMatchObject({ admitted: 100, refused: 50, others: 0 });
    const refusal = result.answers.find((a) => a.statusCode === 429)!;
    expect(refusal.json()).toEqual({ error: 'More than 100 requests a minute; slow down' });
    expect(refusal.headers['retry-after']).toBe('10');
    expect(await counters(keyId)).toEqual({ month: 100, day: 100, minute: 100 });
  });

  it('a free key 2 calls short of its daily limit admits exactly 2 of 50 concurrent calls; Retry-After runs to midnight UTC', async () => {
    const { keyId, value } = await newKey('free');
    await seedCounter(keyId, 'month', 200);
    await seedCounter(keyId, 'day', 98);
    const result = await burst(value, 50);
    report('daily limit (free, 2 left, 50 concurrent)', { admitted: result.admitted, refused: result.refused, wallMs: result.wallMs });
    expect(result).toMatchObject({ admitted: 2, refused: 48, others: 0 });
    const refusal = result.answers.find((a) => a.statusCode === 429)!;
    expect(refusal.json()).toEqual({ error: 'Daily limit of 100 calls reached; try again after midnight UTC' });
    expect(refusal.headers['retry-after']).toBe(String(11 * 3600 + 25 * 60 + 10));
    expect(await counters(keyId)).toEqual({ month: 202, day: 100, minute: 2 });
  });

  it('an enterprise key has no daily window: only the month and the minute are counted', async () => {
    const { keyId, value } = await newKey('enterprise');
    expect((await call(value)).statusCode).toBe(200);
    expect(await counters(keyId)).toEqual({ month: 1, minute: 1 });
  });

  it('the limits survive a new guard instance (a restart): a used-up key stays refused', async () => {
    const { keyId, value } = await newKey('free');
    await seedCounter(keyId, 'month', 499);
    expect((await call(value)).statusCode).toBe(200);
    await harness.guard.idle();
    await harness.close();
    harness = await startHarness();
    const after = await call(value);
    expect(after.statusCode).toBe(429);
    expect(after.json().error).toMatch(/^Monthly quota of 500 calls used up/);
  });

  it('two guards over one database (two API processes) share the windows: 150 calls spread over both admit exactly 100; ended minute and day windows are swept', async () => {
    const { keyId, value } = await newKey('pro');
    const minuteAgo = windowStart('minute', new Date(NOW.getTime() - 2 * 60_000));
    const daysAgo = windowStart('day', new Date(NOW.getTime() - 3 * 86_400_000));
    const lastMonth = windowStart('month', new Date(Date.UTC(2026, 9, 15)));
    for (const [kind, start] of [['minute', minuteAgo], ['day', daysAgo], ['month', lastMonth]] as const) {
      await db.query('INSERT INTO api_call_counters (key_id, window_kind, window_start, calls) VALUES ($1, $2, $3, 7)', [keyId, kind, start.toISOString()]);
    }
    const second = await startHarness();
    try {
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? harness : second).app.inject({ method: 'GET', url: '/t/ok', remoteAddress: '127.0.0.1', headers: { 'x-api-key': value } })),
      );
      await Promise.all([harness.guard.idle(), second.guard.idle()]);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(100);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(50);
      const { rows } = await db.query<{ window_kind: string; window_start: Date; calls: number }>('SELECT window_kind, window_start, calls FROM api_call_counters WHERE key_id = $1 ORDER BY window_start', [keyId]);
      // The new guard's first call swept the ended minute and day windows; last month's figure stays.
      expect(rows.map((r) => [r.window_kind, new Date(r.window_start).toISOString(), r.calls])).toEqual([
        ['month', lastMonth.toISOString(), 7],
        ['month', windowStart('month', NOW).toISOString(), 100],
        ['day', windowStart('day', NOW).toISOString(), 100],
        ['minute', windowStart('minute', NOW).toISOString(), 100],
      ]);
    } finally {
      await second.close();
    }
  });

  it('refuses a missing, malformed, unknown or wrong key with 401', async () => {
    const { keyId } = await newKey('free');
    expect((await call(undefined)).json()).toEqual({ error: 'An X-API-Key header is required' });
    for (const bad of ['nonsense', `gk_${keyId}_${'A'.repeat(43)}`, `gk_${randomBytes(8).toString('hex')}_${'A'.repeat(43)}`]) {
      const answer = await call(bad);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: 'This API key is not valid' });
    }
    expect(await counters(keyId)).toEqual({});
  });

  it('a revoked key and a suspended key are refused on the very next request', async () => {
    const revoked = await newKey('pro');
    expect((await call(revoked.value)).statusCode).toBe(200);
    await command(revoked.keyId, { type: 'RevokeApiKey', data: { keyId: revoked.keyId, revokedBy: revoked.ownerId } });
    const afterRevoke = await call(revoked.value);
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json()).toEqual({ error: 'This API key was deleted' });

    const suspended = await newKey('pro');
    expect((await call(suspended.value)).statusCode).toBe(200);
    await command(suspended.keyId, { type: 'SuspendApiKey', data: { keyId: suspended.keyId, reason: 'abuse reported', failedCalls: 0, windowCalls: 1 } });
    const afterSuspend = await call(suspended.value);
    expect(afterSuspend.statusCode).toBe(403);
    expect(afterSuspend.json()).toEqual({ error: 'This API key is suspended: abuse reported' });
  });

  it('a key with 7 of its 20 calls failed is suspended, the reason naming the figures, and refused next', async () => {
    const { keyId, value } = await newKey('pro');
    for (let i = 0; i < 20; i++) {
      const answer = await call(value, i % 3 === 0 ? '/t/fail' : '/t/ok');
      expect(answer.statusCode).toBe(i % 3 === 0 ? 400 : 200);
      await harness.guard.idle();
      if (i < 19) expect((await stateOf(keyId)).status).toBe('active');
    }
    const state = await stateOf(keyId);
    expect(state.status).toBe('suspended');
    expect(state.suspendedReason).toContain('7 of its last 20 calls failed');
    const next = await call(value);
    expect(next.statusCode).toBe(403);
    expect(next.json().error).toBe(`This API key is suspended: ${state.suspendedReason}`);
  });

  it('calls refused for want of tokens (402) are not failures: a key out of tokens stays active', async () => {
    const { keyId, value } = await newKey('pro');
    for (let i = 0; i < 20; i++) {
      expect((await call(value, '/t/unpaid')).statusCode).toBe(402);
      await harness.guard.idle();
    }
    expect((await stateOf(keyId)).status).toBe('active');
  });

  it('6 failed of 20 (30 %, not more) leaves the key active', async () => {
    const { keyId, value } = await newKey('pro');
    for (let i = 0; i < 20; i++) {
      await call(value, i < 6 ? '/t/fail' : '/t/ok');
      await harness.guard.idle();
    }
    expect((await stateOf(keyId)).status).toBe('active');
  });

  it('an allowlist with an exact IP and a CIDR range lets those in and refuses the rest with 403 naming the address', async () => {
    const { keyId, value, ownerId } = await newKey('free');
    await command(keyId, { type: 'ChangeApiKeyAllowlist', data: { keyId, ipAllowlist: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'], changedBy: ownerId } });
    expect((await call(value, '/t/ok', '203.0.113.7')).statusCode).toBe(200);
    expect((await call(value, '/t/ok', '198.51.100.42')).statusCode).toBe(200);
    expect((await call(value, '/t/ok', '::ffff:198.51.100.9')).statusCode).toBe(200);
    expect((await call(value, '/t/ok', '2001:db8::1')).statusCode).toBe(200);
    const refused = await call(value, '/t/ok', '203.0.113.8');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Requests from 203.0.113.8 are not allowed for this API key' });
    expect((await counters(keyId)).month).toBe(4);
  });
});
