// Account deletion end to end through the routes, with the deletion workflow's steps run in
// process: each obligation blocks with its reason (409), the confirmation and the password are
// checked, and a deletion signs the user out everywhere, refuses sign-in, clears the name, revokes
// the API keys and withdraws the offers, while the registered work stays verifiable.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletionStatusSchema } from '../../../domain/contracts/account-data';
import { evolveApiKey, initialApiKeyState } from '../../../domain/developer/api-key.decider';
import { apiKeyStreamId, type ApiKeyEvent } from '../../../domain/developer/api-key.events';
import { DELETED_USERNAME } from '../../../domain/account-data/deletion-rules';
import { findCertificate } from '../../../projections/vault/queries';
import { offerLicense, registeredWork } from '../../../tests/support/licensing';
import { fileDispute, resolveDispute } from '../../../tests/support/seed-dispute';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { LOGIN_PER_ACCOUNT } from '../../plugins/throttle';
import { WRONG_PASSWORD } from '.';

const PASSWORD = 'correct horse battery';
let testApp: TestApp;
let dataDir: string;

async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow');
}

async function signup() {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: PASSWORD } });
  return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id as string, username };
}

async function login(username: string) {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: PASSWORD } });
  return { response, cookie: response.statusCode === 200 ? `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}` : null };
}

/** Spends the user's whole balance (the welcome bonus), as a withdrawal would. */
async function emptyTokens(userId: string) {
  const { rows } = await testApp.db.query<{ balance: string }>('SELECT balance_micros::text AS balance FROM token_accounts WHERE user_id = $1', [userId]);
  const amountMicros = Number(rows[0]!.balance);
  const { result } = await testApp.tokenLedger.execute(userId, { type: 'Debit', data: { amountMicros, cause: 'withdrawal', reference: `withdrawal:${randomUUID()}`, description: 'Withdrawn', upToAvailable: false } }, { correlationId: 'test', actor: `user:${userId}` });
  await testApp.projector.waitFor(result!.lastPosition);
}

const status = async (cookie: string) => deletionStatusSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/account/deletion', headers: { cookie } })).json());
const remove = (cookie: string, payload: object) => testApp.app.inject({ method: 'POST', url: '/api/account/deletion', headers: { cookie }, payload });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-account-deletion-'));
  testApp = await startTestApp(dataDir, { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('account deletion', () => {
  it('refuses a visitor (401)', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/account/deletion' })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/account/deletion', payload: { password: PASSWORD, confirmation: 'x' } })).statusCode).toBe(401);
  });

  it('blocks while tokens are left or a case is open, with each reason, and deletes nothing', async () => {
    const user = await signup();
    const workId = await registeredWork(testApp, user.userId);
    const before = await status(user.cookie);
    expect(before).toMatchObject({ canDelete: false, username: user.username });
    expect(before.blockers.map((b) => b.kind)).toEqual(['token_balance']);

    const refused = await remove(user.cookie, { password: PASSWORD, confirmation: user.username });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('Spend or withdraw it first');

    await emptyTokens(user.userId);
    const filed = await fileDispute(testApp.eventStore, { workId, ownerId: user.userId });
    await testApp.projector.waitFor(filed.position);
    expect((await status(user.cookie)).blockers.map((b) => b.kind)).toEqual(['open_disputes']);
    const blockedByCase = await remove(user.cookie, { password: PASSWORD, confirmation: user.username });
    expect(blockedByCase.statusCode).toBe(409);
    expect(blockedByCase.json().error).toContain('1 dispute');

    await testApp.projector.waitFor(await resolveDispute(testApp.eventStore, filed.disputeId, 'dismissed'));
    expect(await status(user.cookie)).toMatchObject({ canDelete: true, blockers: [] });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('checks the typed username (400) and the password (403) before anything', async () => {
    const user = await signup();
    await emptyTokens(user.userId);
    const wrongName = await remove(user.cookie, { password: PASSWORD, confirmation: user.username.toUpperCase() });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().error).toContain(`Type your username, ${user.username}`);
    const wrongPassword = await remove(user.cookie, { password: 'not my password', confirmation: user.username });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json()).toEqual({ error: WRONG_PASSWORD });
    expect((await remove(user.cookie, { confirmation: user.username })).statusCode).toBe(400);
    expect((await login(user.username)).response.statusCode).toBe(200);
  });

  it('locks the password check after repeated wrong passwords (429), as sign-in does', async () => {
    const user = await signup();
    await emptyTokens(user.userId);
    for (let attempt = 0; attempt < LOGIN_PER_ACCOUNT.max; attempt++) expect((await remove(user.cookie, { password: `guess ${attempt}`, confirmation: user.username })).statusCode).toBe(403);
    const locked = await remove(user.cookie, { password: PASSWORD, confirmation: user.username });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('deletes: signed out everywhere, sign-in refused, name cleared (account, registry, marketplace), keys revoked, offers withdrawn; the work stays verifiable', async () => {
    const user = await signup();
    const otherSession = (await login(user.username)).cookie!;
    await emptyTokens(user.userId);
    const workId = await registeredWork(testApp, user.userId, 'Kept on record');
    const offerId = await offerLicense(testApp, user.userId, workId);
    const key = (await testApp.app.inject({ method: 'POST', url: '/api/developer/keys', headers: { cookie: user.cookie }, payload: { keyName: 'Mine', termsAccepted: true } })).json().apiKey.id as string;
    const { rows: certificates } = await testApp.db.query<{ certificate_id: string }>(`SELECT state->'stages'->'certificate'->>'certificateId' AS certificate_id FROM vault_items WHERE id = $1`, [workId]);

    const deleted = await remove(user.cookie, { password: PASSWORD, confirmation: user.username });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, message: 'Your account was deleted and you were signed out everywhere.' });
    expect(deleted.cookies.find((c) => c.name === 'goose_session')?.value).toBe('');

    for (const cookie of [user.cookie, otherSession]) expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(user.username)).response.statusCode).toBe(401);
    const { rows } = await testApp.db.query<{ username: string; password_hash: string }>('SELECT username, password_hash FROM users WHERE id = $1', [user.userId]);
    expect(rows[0]).toEqual({ username: DELETED_USERNAME, password_hash: '' });
    const keyState = (await testApp.eventStore.readStream(apiKeyStreamId(key))).reduce((s, e) => evolveApiKey(s, { type: e.type, data: e.data } as ApiKeyEvent), initialApiKeyState);
    expect(keyState.status).toBe('revoked');
    const { rows: offers } = await testApp.db.query<{ status: string }>('SELECT status FROM marketplace_offers WHERE offer_id = $1', [offerId]);
    expect(offers[0]!.status).toBe('withdrawn');
    // The public registry and the marketplace name the deleted creator no more.
    const { rows: works } = await testApp.db.query<{ creator: string }>('SELECT creator FROM registry_works WHERE id = $1', [workId]);
    expect(works).toEqual([{ creator: DELETED_USERNAME }]);
    const { rows: creators } = await testApp.db.query<{ username: string }>('SELECT username FROM marketplace_creators WHERE user_id = $1', [user.userId]);
    expect(creators).toEqual([{ username: DELETED_USERNAME }]);

    // The name stays claimed: no one can sign up as the deleted user.
    const taken = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: user.username, password: PASSWORD } });
    expect(taken.statusCode).toBe(409);
    // The registered work's certificate stays where the public verification finds it.
    expect(certificates[0]!.certificate_id).toBeTruthy();
    expect(await findCertificate(testApp.db, certificates[0]!.certificate_id)).not.toBeNull();
  });
});
