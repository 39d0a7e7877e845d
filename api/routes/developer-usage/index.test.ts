// GET /api/developer/usage through app.inject on PGlite: calls made through the real API key guard
// (on a tiny route, as the v1 plugin uses it) show up for their key's owner only, newest first,
// with the month's stats; a visitor is refused; a bad `recent` is a 400.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUsageResponseSchema } from '../../../domain/contracts/developer';
import { apiKeyDecider } from '../../../domain/developer/api-key.decider';
import { apiKeyStreamId } from '../../../domain/developer/api-key.events';
import { API_TERMS_VERSION, type ApiTier } from '../../../domain/developer/api-tiers';
import { ValidationError } from '../../../domain/shared/errors';
import { usageOfKeys } from '../../../infra/developer/usage-store';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { apiCallerOf, apiKeyGuard, type ApiKeyGuard } from '../../plugins/api-key-guard';
import { registerErrorHandler } from '../../plugins/error-handler';

let testApp: TestApp;
let dataDir: string;
let external: FastifyInstance;
let guard: ApiKeyGuard;

async function notExpected(): Promise<never> {
  throw new Error('the usage routes start no workflow');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-developer-usage-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
  guard = apiKeyGuard({ db: testApp.db, eventStore: testApp.eventStore, projector: testApp.projector });
  external = Fastify({ logger: false });
  registerErrorHandler(external);
  await external.register(async (scope) => {
    scope.addHook('onRequest', guard.onRequest);
    scope.addHook('onResponse', guard.onResponse);
    scope.post('/api/v1/test/charged', async (request) => {
      request.apiCallCostCents = apiCallerOf(request).pricePerCallCents;
      return { ok: true };
    });
    scope.post('/api/v1/test/refused', async () => {
      throw new ValidationError('contentId is required');
    });
  });
  await external.ready();
});

afterAll(async () => {
  await external.close();
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(): Promise<{ userId: string; cookie: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `dev_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const session = response.cookies.find((c) => c.name === 'goose_session')!;
  return { userId: response.json().user.id, cookie: `goose_session=${session.value}` };
}

async function newKey(ownerId: string, tier: ApiTier, keyName: string): Promise<{ keyId: string; value: string }> {
  const keyId = randomBytes(8).toString('hex');
  const value = `gk_${keyId}_${randomBytes(32).toString('base64url')}`;
  await handleCommand(testApp.eventStore, apiKeyStreamId(keyId), apiKeyDecider, {
    type: 'CreateApiKey',
    data: { keyId, ownerId, keyName, tier, keyPrefix: `gk_${keyId}`, keySha256: createHash('sha256').update(value).digest('hex'), termsVersion: API_TERMS_VERSION, termsAcceptedAt: new Date().toISOString() },
  }, { correlationId: randomUUID(), actor: ownerId });
  return { keyId, value };
}

async function callV1(key: string, route: 'charged' | 'refused') {
  const answer = await external.inject({ method: 'POST', url: `/api/v1/test/${route}?x=1`, headers: { 'x-api-key': key } });
  await guard.idle();
  return answer;
}

const usage = (cookie?: string, query = '') => testApp.app.inject({ method: 'GET', url: `/api/developer/usage${query}`, headers: cookie ? { cookie } : {} });

describe('GET /api/developer/usage', () => {
  it("lists the owner's calls over all their keys, newest first, with the month's calls, cost, response time and error rate", async () => {
    const owner = await signup();
    const other = await signup();
    const pro = await newKey(owner.userId, 'pro', 'Production');
    const free = await newKey(owner.userId, 'free', 'Testing');
    const unused = await newKey(owner.userId, 'free', 'Unused');
    const othersKey = await newKey(other.userId, 'pro', 'Not yours');
    expect((await callV1(pro.value, 'charged')).statusCode).toBe(200);
    expect((await callV1(free.value, 'charged')).statusCode).toBe(200);
    expect((await callV1(pro.value, 'refused')).statusCode).toBe(400);
    await callV1(othersKey.value, 'charged');

    const response = await usage(owner.cookie);
    expect(response.statusCode).toBe(200);
    const body = apiUsageResponseSchema.parse(response.json());
    expect(body.usage.map((u) => [u.keyName, u.method, u.endpoint, u.statusCode, u.costCents])).toEqual(
      expect.arrayContaining([
        ['Production', 'POST', '/api/v1/test/charged', 200, 5],
        ['Testing', 'POST', '/api/v1/test/charged', 200, 0],
        ['Production', 'POST', '/api/v1/test/refused', 400, 0],
      ]),
    );
    expect(body.usage).toHaveLength(3);
    const times = body.usage.map((u) => u.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.stats).toMatchObject({ totalCalls: 3, totalCost: 5, errorRate: 1 / 3 });
    expect(body.stats.avgResponseTime).toBeGreaterThanOrEqual(0);
    const now = new Date();
    expect(body.period.from).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());

    expect((await usage(owner.cookie, '?recent=1')).json().usage).toHaveLength(1);
    const others = apiUsageResponseSchema.parse((await usage(other.cookie)).json());
    expect(others.usage.map((u) => u.keyName)).toEqual(['Not yours']);

    // What the keys list shows per key: this month's and today's admitted calls, and the latest call.
    const perKey = await usageOfKeys(testApp.db, [pro.keyId, free.keyId, unused.keyId], new Date());
    expect(perKey.get(pro.keyId)).toMatchObject({ monthCalls: 2, dayCalls: 2 });
    expect(perKey.get(pro.keyId)?.lastUsed).toBe(body.usage.find((u) => u.keyName === 'Production')?.createdAt);
    expect(perKey.get(unused.keyId)).toEqual({ monthCalls: 0, dayCalls: 0, lastUsed: null });
  });

  it('answers a developer without calls with zeros', async () => {
    const { cookie } = await signup();
    expect((await usage(cookie)).json()).toMatchObject({ usage: [], stats: { totalCalls: 0, totalCost: 0, avgResponseTime: 0, errorRate: 0 } });
  });

  it('refuses a visitor with 401 and a bad recent with 400', async () => {
    expect((await usage()).statusCode).toBe(401);
    const { cookie } = await signup();
    const bad = await usage(cookie, '?recent=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('recent must be at least 1');
  });
});
