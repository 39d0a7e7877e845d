// The token routes through app.inject: the price list, the balance and history after signup, a
// master refused with 402 before anything starts, and Fix Tokens repairing a read model that
// drifted from the ledger.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensToMicros } from '../../../domain/shared/tokens';
import { seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
/** The kinds of mastering the workflow stand-in was asked for. */
const mastered: string[] = [];

async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow where it should have refused');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-tokens-'));
  testApp = await startTestApp(dataDir, {
    start: notExpected,
    master: async (_input, command) => {
      mastered.push(command.kind);
      return { ok: false, reason: 'the stand-in masters nothing' };
    },
    startMaster: notExpected,
    check: notExpected,
    register: notExpected,
    retryRegistration: notExpected,
  });
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A new user (sign-up opens the token account and the wallets). */
async function signup(): Promise<{ userId: string; cookie: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const session = response.cookies.find((c) => c.name === 'goose_session')!;
  const cookie = `goose_session=${session.value}`;
  return { userId: response.json().user.id, cookie };
}

const get = (url: string, cookie?: string) => testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('token routes', () => {
  it('serves one price list to everyone, visitors included', async () => {
    const response = await get('/api/goose-tokens/pricing');
    expect(response.statusCode).toBe(200);
    expect(response.json().pricing).toEqual({ 'ai-music-generation': 10, 'professional-mastering': 5, 'copyright-registration': 25, 'distribution-setup': 14.99 });
    expect(response.json().packages.map((p: { id: string; tokens: number }) => [p.id, p.tokens])).toEqual([
      ['starter', 9.99],
      ['pro', 19.99],
      ['premium', 34.99],
      ['xrp', 49.95],
    ]);
    expect(response.json().subscriptionTiers.map((t: { id: string; monthlyPrice: number }) => [t.id, t.monthlyPrice])).toEqual([
      ['bronze', 19.99],
      ['silver', 29.99],
      ['gold', 39.99],
      ['platinum', 59.99],
    ]);
  });

  it('shows a new user the welcome bonus as balance and as the first entry of the history', async () => {
    const { cookie } = await signup();
    expect((await get('/api/goose-tokens/balance', cookie)).json()).toMatchObject({ balance: 50, held: 0, ledgerBalance: 50, subscription: null });
    const { transactions } = (await get('/api/goose-tokens/transactions', cookie)).json();
    expect(transactions).toMatchObject([{ kind: 'credit', cause: 'welcome_bonus', amount: 50, balanceAfter: 50, status: 'completed', description: 'Welcome bonus' }]);
    expect((await get('/api/goose-tokens/balance')).statusCode).toBe(401);
  });

  it('answers balances with Cache-Control no-store, so no browser or proxy keeps them', async () => {
    const { cookie } = await signup();
    for (const url of ['/api/goose-tokens/balance', '/api/goose-tokens/transactions', '/api/user', '/api/auth/me']) {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const fixed = await testApp.app.inject({ method: 'POST', url: '/api/debug/sync-tokens', headers: { cookie }, payload: {} });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['cache-control']).toBe('no-store');
  });

  it('shows the welcome bonus and the wallet right after sign-up: nothing waits for a wallet to be generated', async () => {
    const { cookie } = await signup();
    const balance = await get('/api/goose-tokens/balance', cookie);
    expect(balance.statusCode).toBe(200);
    expect(balance.json()).toEqual({ balance: 50, held: 0, ledgerBalance: 50, wallet: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), subscription: null });
  });

  it('credits the welcome bonus once per account, whatever a signup, a wallet or a Fix Tokens call asserts', async () => {
    const username = `user_${randomUUID().slice(0, 8)}`;
    const forged = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username, password: 'correct horse battery', tokenBalance: 5000, welcomeBonus: 5000, welcomeBonusMicros: 5_000_000_000 },
    });
    const cookie = `goose_session=${forged.cookies.find((c) => c.name === 'goose_session')!.value}`;
    // Signing up again under the same name is refused: no second account, no second bonus.
    const again = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { cookie }, payload: { username, password: 'correct horse battery' } });
    expect(again.statusCode).toBe(409);
    await testApp.app.inject({ method: 'POST', url: '/api/goose-tokens/generate-wallet', headers: { cookie }, payload: {} });
    await testApp.app.inject({ method: 'POST', url: '/api/goose-tokens/generate-wallet', headers: { cookie }, payload: {} });
    await testApp.app.inject({ method: 'POST', url: '/api/debug/sync-tokens', headers: { cookie }, payload: {} });

    expect(forged.json().user.tokenBalance).toBe(50);
    expect((await get('/api/goose-tokens/balance', cookie)).json()).toMatchObject({ balance: 50, ledgerBalance: 50 });
    const { transactions } = (await get('/api/goose-tokens/transactions', cookie)).json();
    expect(transactions.filter((t: { cause: string }) => t.cause === 'welcome_bonus')).toHaveLength(1);
  });

  it('refuses a master the balance cannot pay for with 402 and the price, before the workflow is asked', async () => {
    const { userId, cookie } = await signup();
    await testApp.tokenLedger.execute(
      userId,
      { type: 'Hold', data: { holdId: 'drain', service: 'copyright-registration', priceMicros: tokensToMicros(48), subjectId: 'x', description: 'a running step', at: new Date().toISOString() } },
      { correlationId: 'test', actor: 'test' },
    );
    const { trackId } = await seedTrack(testApp, userId, { until: 'probed' });

    const response = await testApp.app.inject({ method: 'POST', url: '/api/landr/master', headers: { cookie }, payload: { contentId: trackId } });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: 'Insufficient tokens: this step costs 5.00, your balance is 2.00' });

    // A preview is free: it goes through to the workflow.
    const preview = await testApp.app.inject({ method: 'POST', url: '/api/landr/preview', headers: { cookie }, payload: { contentId: trackId } });
    expect(preview.json()).toEqual({ error: 'the stand-in masters nothing' });
    expect(mastered).toEqual(['preview']);
  });

  it('Fix Tokens rebuilds a balance that drifted from the ledger and says what it repaired', async () => {
    const { userId, cookie } = await signup();
    await testApp.db.query('UPDATE token_accounts SET balance_micros = 0 WHERE user_id = $1', [userId]);
    expect((await get('/api/goose-tokens/balance', cookie)).json().balance).toBe(0);

    const fixed = await testApp.app.inject({ method: 'POST', url: '/api/debug/sync-tokens', headers: { cookie }, payload: {} });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ success: true, balance: 50, previousBalance: 0, difference: 50, repaired: true, eventsReplayed: 2 });
    expect((await get('/api/goose-tokens/balance', cookie)).json().balance).toBe(50);
    expect((await get('/api/goose-tokens/transactions', cookie)).json().transactions).toHaveLength(1);

    const again = await testApp.app.inject({ method: 'POST', url: '/api/debug/sync-tokens', headers: { cookie }, payload: {} });
    expect(again.json()).toMatchObject({ balance: 50, difference: 0, repaired: false });
  });
});
