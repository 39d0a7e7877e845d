// The developer keys and pricing routes through app.inject: a key is created only with a name and
// the accepted terms, shown whole once and afterwards only as its prefix, stored as a hash; the
// list carries the metered usage; another user's key is answered like a missing one; the allowlist
// takes only real addresses and ranges; a deleted key leaves the list and its stream says revoked.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyListSchema, apiPricingResponseSchema, createApiKeyResponseSchema } from '../../../domain/contracts/developer';
import { evolveApiKey, initialApiKeyState } from '../../../domain/developer/api-key.decider';
import { apiKeyStreamId, type ApiKeyEvent } from '../../../domain/developer/api-key.events';
import { START } from '../../../infra/eventstore/event-store';
import type { ReadModelChange } from '../../../projections/projection';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { KEY_CREATED, KEY_DELETED } from '.';

let testApp: TestApp;
let dataDir: string;
let owner: { cookie: string; userId: string };
let stranger: { cookie: string; userId: string };

async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow');
}

async function signup() {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id as string };
}

const create = (cookie: string | null, payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: '/api/developer/keys', payload, headers: cookie ? { cookie } : {} });
const list = async (cookie: string) => apiKeyListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/developer/keys', headers: { cookie } })).json()).keys;
const patch = (cookie: string, id: string, ipAllowlist: unknown) => testApp.app.inject({ method: 'PATCH', url: `/api/developer/keys/${id}`, payload: { ipAllowlist }, headers: { cookie } });
const remove = (cookie: string, id: string) => testApp.app.inject({ method: 'DELETE', url: `/api/developer/keys/${id}`, headers: { cookie } });
const folded = async (keyId: string) =>
  (await testApp.eventStore.readStream(apiKeyStreamId(keyId))).reduce((state, e) => evolveApiKey(state, { type: e.type, data: e.data } as ApiKeyEvent), initialApiKeyState);

async function createKey(keyName: string, tier: 'free' | 'pro' | 'enterprise' = 'free') {
  const response = await create(owner.cookie, { keyName, tier, termsAccepted: true });
  expect(response.statusCode).toBe(201);
  return createApiKeyResponseSchema.parse(response.json()).apiKey;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-developer-'));
  testApp = await startTestApp(dataDir, { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
  [owner, stranger] = [await signup(), await signup()];
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('developer keys', () => {
  it.each([
    ['no name', { termsAccepted: true }, 'Please enter a key name'],
    ['a blank name', { keyName: '   ', termsAccepted: true }, 'Please enter a key name'],
    ['the terms not accepted', { keyName: 'Studio' }, 'Accept the API Terms of Service to create a key'],
    ['the terms declined', { keyName: 'Studio', termsAccepted: false }, 'Accept the API Terms of Service to create a key'],
    ['an unknown tier', { keyName: 'Studio', tier: 'platinum', termsAccepted: true }, 'Choose a tier: free, pro or enterprise'],
  ])('refuses a key with %s (400) and creates nothing', async (_, payload, message) => {
    const response = await create(owner.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
    expect(await list(owner.cookie)).toEqual([]);
  });

  it('refuses a visitor (401)', async () => {
    expect((await create(null, { keyName: 'Studio', termsAccepted: true })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/developer/keys' })).statusCode).toBe(401);
  });

  it('shows a new key whole once, stores only its hash and prefix, then lists it by its prefix with its tier limits; the owner is told', async () => {
    const changes: ReadModelChange[] = [];
    const stop = testApp.projector.onChange((change) => changes.push(change));
    const response = await create(owner.cookie, { keyName: '  Studio  ', tier: 'pro', termsAccepted: true });
    stop();
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { apiKey, message } = createApiKeyResponseSchema.parse(response.json());
    expect(message).toBe(KEY_CREATED);
    expect(apiKey.keyValue).toMatch(/^gk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ keyName: 'Studio', tier: 'pro', keyPrefix: `gk_${apiKey.id}`, status: 'active', isActive: true, currentUsage: 0, monthlyQuota: 10_000, dailyUsage: 0, dailyLimit: 1_000, ipAllowlist: [], lastUsed: null });
    expect(apiKey.keyValue.startsWith(`${apiKey.keyPrefix}_`)).toBe(true);
    expect(changes).toContainEqual(expect.objectContaining({ readModel: 'developer', ownerId: owner.userId, subjectId: apiKey.id }));

    const state = await folded(apiKey.id);
    expect(state).toMatchObject({ ownerId: owner.userId, status: 'active', keySha256: createHash('sha256').update(apiKey.keyValue).digest('hex') });
    const secret = apiKey.keyValue.slice(apiKey.keyPrefix.length + 1);
    const stored = (await testApp.eventStore.readAll(START, { limit: 10_000 })).map((event) => JSON.stringify(event.data)).join('\n');
    expect(stored).toContain(apiKey.keyPrefix);
    expect(stored).not.toContain(secret);

    const listing = await testApp.app.inject({ method: 'GET', url: '/api/developer/keys', headers: { cookie: owner.cookie } });
    expect(listing.body).not.toContain(secret);
    const [listed] = apiKeyListSchema.parse(listing.json()).keys;
    expect(listed).toEqual({ ...apiKey, keyValue: `${apiKey.keyPrefix}…` });
  });

  it("lists each key's calls this month and today and its last call, from the meter's tables", async () => {
    const key = await createKey('Metered', 'free');
    const now = new Date();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    await testApp.db.query(`INSERT INTO api_call_counters (key_id, window_kind, window_start, calls) VALUES ($1, 'month', $2, 42), ($1, 'day', $3, 7)`, [key.id, month.toISOString(), day.toISOString()]);
    const lastCall = new Date(now.getTime() - 60_000).toISOString();
    await testApp.db.query(
      `INSERT INTO api_usage_records (id, key_id, owner_id, method, endpoint, status_code, response_time_ms, cost_cents, created_at) VALUES ($1, $2, $3, 'POST', '/api/v1/oracle/analyze', 200, 120, 0, $4)`,
      [randomUUID(), key.id, owner.userId, lastCall],
    );
    const listed = (await list(owner.cookie)).find((k) => k.id === key.id);
    expect(listed).toMatchObject({ currentUsage: 42, monthlyQuota: 500, dailyUsage: 7, dailyLimit: 100, lastUsed: lastCall });
  });

  it("answers another user's key exactly like a missing one, and lists none of the owner's keys to them", async () => {
    const key = await createKey('Private');
    const missing = randomUUID().replaceAll('-', '').slice(0, 16);
    for (const send of [(id: string) => remove(stranger.cookie, id), (id: string) => patch(stranger.cookie, id, ['203.0.113.7'])]) {
      const theirs = await send(key.id);
      const none = await send(missing);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ error: 'API key not found' });
      expect(none.json()).toEqual(theirs.json());
    }
    expect(await list(stranger.cookie)).toEqual([]);
    expect(await folded(key.id)).toMatchObject({ status: 'active', ipAllowlist: [] });
  });

  it('sets an allowlist of addresses and ranges, and an empty one again', async () => {
    const key = await createKey('Locked');
    const response = await patch(owner.cookie, key.id, [' 203.0.113.7 ', '198.51.100.0/24', '2001:db8::/32', '::1']);
    expect(response.statusCode).toBe(200);
    expect(response.json().apiKey).toMatchObject({ id: key.id, ipAllowlist: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32', '::1'] });
    expect((await folded(key.id)).ipAllowlist).toEqual(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32', '::1']);
    expect((await list(owner.cookie)).find((k) => k.id === key.id)?.ipAllowlist).toHaveLength(4);
    const cleared = await patch(owner.cookie, key.id, []);
    expect(cleared.json().apiKey.ipAllowlist).toEqual([]);
    expect((await folded(key.id)).ipAllowlist).toEqual([]);
  });

  it.each([
    ['an address out of range', ['203.0.113.7', '999.1.1.1'], 'ipAllowlist.1: 999.1.1.1 is not an IP address or a CIDR range'],
    ['a prefix too long for IPv4', ['10.0.0.0/40'], 'ipAllowlist.0: 10.0.0.0/40: an IPv4 range ends in /0 to /32'],
    ['a prefix too long for IPv6', ['2001:db8::/129'], 'an IPv6 range ends in /0 to /128'],
    ['a host name', ['example.com'], 'Each allowed address must be an IP address or a CIDR range'],
    ['an empty entry', [''], 'ipAllowlist.0'],
    ['more than 50 entries', Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`), 'At most 50 allowed addresses'],
    ['no list', null, 'ipAllowlist'],
  ])('refuses an allowlist with %s (400) and keeps the one it had', async (_, ipAllowlist, message) => {
    const key = await createKey('Checked');
    await patch(owner.cookie, key.id, ['203.0.113.7']);
    const response = await patch(owner.cookie, key.id, ipAllowlist);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
    expect((await folded(key.id)).ipAllowlist).toEqual(['203.0.113.7']);
  });

  it('deletes a key: gone from the list, its stream says revoked, its allowlist can no longer change', async () => {
    const key = await createKey('Short-lived');
    const response = await remove(owner.cookie, key.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: KEY_DELETED });
    expect((await list(owner.cookie)).map((k) => k.id)).not.toContain(key.id);
    expect((await folded(key.id)).status).toBe('revoked');
    const late = await patch(owner.cookie, key.id, ['203.0.113.7']);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'This API key was deleted' });
  });
});

describe('developer pricing', () => {
  it('tells anyone the tiers: quotas, daily limits, the rate a minute and the price of a call in cents, with no monthly fee', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/developer/pricing' });
    expect(response.statusCode).toBe(200);
    const { tiers } = apiPricingResponseSchema.parse(response.json());
    expect(Object.keys(tiers)).toEqual(['free', 'pro', 'enterprise']);
    expect(tiers.free).toMatchObject({ name: 'Free', monthlyFee: 0, pricePerCall: 0, monthlyQuota: 500, dailyLimit: 100, requestsPerMinute: 100 });
    expect(tiers.pro).toMatchObject({ name: 'Pro', monthlyFee: 0, pricePerCall: 5, monthlyQuota: 10_000, dailyLimit: 1_000, requestsPerMinute: 100 });
    expect(tiers.enterprise).toMatchObject({ name: 'Enterprise', monthlyFee: 0, pricePerCall: 5, monthlyQuota: 50_000, dailyLimit: null, requestsPerMinute: 100 });
    expect(tiers.pro!.features).toEqual(expect.arrayContaining(['10,000 calls a month (UTC calendar month)', '1,000 calls a day (UTC)', '100 requests a minute', '$0.05 a successful call, charged in tokens; a failed call is not charged', 'No monthly fee']));
    expect(tiers.free!.features).toContain('Calls are free');
  });
});
