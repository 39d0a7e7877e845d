// The emergency lockdown through app.inject: only an operator may call it (a visitor 401, a creator
// 403); ending one session leaves the account's other sessions working; suspending the account ends
// its sessions at once, refuses its sign-in and its API keys with a plain error, lists it for
// operators and records who decided and why on the user's stream; reinstating lets it sign in again.
// A GET on the address does nothing (404): no page address triggers a lockdown.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockdownResponseSchema, suspendedAccountsResponseSchema } from '../../../domain/contracts/lockdown';
import { userStreamId } from '../../../domain/identity/user.events';
import { seedApiKey } from '../../../tests/support/api-keys';
import { grantRole } from '../../../tests/support/roles';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
const PASSWORD = 'correct horse battery';

async function notExpected(): Promise<never> {
  throw new Error('the lockdown routes do not use the track lifecycle');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-lockdown-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;

async function signup(): Promise<{ userId: string; cookie: string; username: string }> {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: PASSWORD } });
  return { userId: response.json().user.id, cookie: cookieOf(response), username };
}

const login = (username: string) => testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: PASSWORD } });
const me = (cookie: string) => testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const lockdown = (cookie: string | null, payload: object) => testApp.app.inject({ method: 'POST', url: '/api/emergency-lockdown', headers: cookie ? { cookie } : {}, payload });

async function operator(): Promise<string> {
  const account = await signup();
  await grantRole(testApp, account.userId, 'operator');
  return account.cookie;
}

describe('emergency lockdown', () => {
  it('is an operator action only: a visitor gets 401, a creator 403, and a GET on the address 404', async () => {
    const target = await signup();
    const creator = await signup();
    const body = { username: target.username, reason: 'Bulk downloading' };
    expect((await lockdown(null, body)).statusCode).toBe(401);
    const refused = await lockdown(creator.cookie, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This needs the operator role' });
    const page = await testApp.app.inject({ method: 'GET', url: '/api/emergency-lockdown?view-source=1', headers: { cookie: creator.cookie } });
    expect(page.statusCode).toBe(404);
    expect((await me(target.cookie)).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/ops/suspended-accounts', headers: { cookie: creator.cookie } })).statusCode).toBe(403);
    const reinstate = await testApp.app.inject({ method: 'POST', url: `/api/emergency-lockdown/${target.userId}/reinstate`, headers: { cookie: creator.cookie }, payload: { reason: 'Not mine to decide' } });
    expect(reinstate.statusCode).toBe(403);
  });

  it('ends one session and leaves the others working', async () => {
    const ops = await operator();
    const target = await signup();
    const phone = cookieOf(await login(target.username));
    const { sessions } = (await testApp.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: phone } })).json() as { sessions: Array<{ id: string; current: boolean }> };
    const phoneSession = sessions.find((s) => s.current)!.id;
    const answer = await lockdown(ops, { username: target.username, sessionId: phoneSession, reason: 'Session seen from a stolen device' });
    expect(answer.statusCode).toBe(200);
    expect(lockdownResponseSchema.parse(answer.json())).toMatchObject({ userId: target.userId, scope: 'session', sessionsEnded: 1, suspension: null });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(target.cookie)).statusCode).toBe(200);
    const revoked = (await testApp.eventStore.readStream(userStreamId(target.userId))).find((e) => e.type === 'UserSessionRevoked');
    expect(revoked?.data).toMatchObject({ sessionId: phoneSession, reason: 'Session seen from a stolen device' });
    const unknown = await lockdown(ops, { username: target.username, sessionId: randomUUID(), reason: 'No such session' });
    expect(unknown.statusCode).toBe(404);
  });

  it('suspends an account: its sessions and API keys stop at once, it cannot sign in, operators see it, and reinstating lets it back', async () => {
    const ops = await operator();
    const target = await signup();
    const { key } = await seedApiKey(testApp, target.userId);
    const answer = await lockdown(ops, { username: target.username, reason: 'Uploading other people\'s masters in bulk' });
    expect(answer.statusCode).toBe(200);
    const body = lockdownResponseSchema.parse(answer.json());
    expect(body).toMatchObject({ scope: 'account', sessionsEnded: 1, suspension: { username: target.username, reason: 'Uploading other people\'s masters in bulk' } });
    expect(body.suspension!.suspendedBy).toMatch(/^operator:user_/);

    expect((await me(target.cookie)).statusCode).toBe(401);
    const signIn = await login(target.username);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toMatch(/suspended/);
    const wrongPassword = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: target.username, password: 'not the password at all' } });
    expect(wrongPassword.json()).toEqual({ error: 'Invalid username or password' });
    const api = await testApp.app.inject({ method: 'POST', url: '/api/v1/oracle/analyze', headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: {} });
    expect(api.statusCode).toBe(403);
    expect(api.json().error).toMatch(/suspended/);

    const list = suspendedAccountsResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/ops/suspended-accounts', headers: { cookie: ops } })).json());
    expect(list.accounts.map((a) => a.userId)).toContain(target.userId);

    const again = await lockdown(ops, { username: target.username, reason: 'Still bulk downloading' });
    expect(again.json()).toMatchObject({ scope: 'account', sessionsEnded: 0, suspension: { reason: 'Uploading other people\'s masters in bulk' } });

    const reinstated = await testApp.app.inject({ method: 'POST', url: `/api/emergency-lockdown/${target.userId}/reinstate`, headers: { cookie: ops }, payload: { reason: 'The owner proved their rights' } });
    expect(reinstated.json()).toEqual({ userId: target.userId, username: target.username, reinstated: true });
    expect((await login(target.username)).statusCode).toBe(200);
    const notSuspended = await testApp.app.inject({ method: 'POST', url: `/api/emergency-lockdown/${target.userId}/reinstate`, headers: { cookie: ops }, payload: { reason: 'Twice' } });
    expect(notSuspended.statusCode).toBe(409);
    const types = (await testApp.eventStore.readStream(userStreamId(target.userId))).map((e) => e.type);
    expect(types.filter((t) => t === 'UserSuspended' || t === 'UserReinstated')).toEqual(['UserSuspended', 'UserReinstated']);
  });

  it('refuses a short reason, an unknown user and an operator\'s own account', async () => {
    const ops = await operator();
    const target = await signup();
    expect((await lockdown(ops, { username: target.username, reason: 'x' })).statusCode).toBe(400);
    const unknown = await lockdown(ops, { username: 'nobody_here', reason: 'Who is this' });
    expect(unknown.statusCode).toBe(404);
    const opsName = (await me(ops)).json().username as string;
    const self = await lockdown(ops, { username: opsName, reason: 'Locking myself out' });
    expect(self.statusCode).toBe(409);
  });
});
