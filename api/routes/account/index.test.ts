// The account settings routes through app.inject: a password change needs the current password,
// passes the policy, ends the user's other sessions and is what sign-in checks afterwards; wrong
// current passwords are throttled. An address is used only once its mailed, signed link is
// confirmed (an expired, altered or replaced link, or an address another account holds, is
// refused), and can be removed. Sessions are listed with their device and revoked by public id.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountResponseSchema, accountSessionsResponseSchema } from '../../../domain/contracts/account';
import { userStreamId } from '../../../domain/identity/user.events';
import { recordingMailer } from '../../../tests/support/recording-mailer';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { CONFIRMATION_MAILS_PER_HOUR } from '.';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const PASSWORD = 'correct horse battery';

let testApp: TestApp;
let dataDir: string;
const { mailer, mails } = recordingMailer('smtp');

async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow');
}

const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;

async function signup(userAgent = FIREFOX) {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: PASSWORD }, headers: { 'user-agent': userAgent } });
  expect(response.statusCode).toBe(201);
  return { username, cookie: cookieOf(response), userId: response.json().user.id as string };
}

const login = (username: string, password: string, userAgent = IPHONE) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers: { 'user-agent': userAgent } });
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: Record<string, string>) =>
  testApp.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload }) });
const account = async (cookie: string) => accountResponseSchema.parse((await call('GET', '/api/account', cookie)).json());
const eventTypes = async (userId: string) => (await testApp.eventStore.readStream(userStreamId(userId))).map((event) => event.type);
const tokenOfLastMail = () => new URL(mails.at(-1)!.link!).searchParams.get('token')!;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-account-'));
  testApp = await startTestApp(
    dataDir,
    { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected },
    { mailer, publicUrl: 'https://goose.example' },
  );
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('PUT /api/account/password', () => {
  it('needs the current password, applies the policy, ends the other sessions, keeps this one, and sign-in takes only the new password', async () => {
    const ada = await signup();
    const other = cookieOf(await login(ada.username, PASSWORD));
    const wrong = await call('PUT', '/api/account/password', ada.cookie, { currentPassword: 'not my password', newPassword: 'a much better secret' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('Your current password is not correct');
    const weak = await call('PUT', '/api/account/password', ada.cookie, { currentPassword: PASSWORD, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('Password must be at least 8 characters');
    const same = await call('PUT', '/api/account/password', ada.cookie, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.statusCode).toBe(400);

    const changed = await call('PUT', '/api/account/password', ada.cookie, { currentPassword: PASSWORD, newPassword: 'a much better secret' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ changed: true, otherSessionsEnded: 1 });
    expect(await eventTypes(ada.userId)).toContain('UserPasswordChanged');
    expect((await call('GET', '/api/account', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/account', ada.cookie)).statusCode).toBe(200);
    expect((await login(ada.username, PASSWORD)).statusCode).toBe(401);
    expect((await login(ada.username, 'a much better secret')).statusCode).toBe(200);
  });

  it('throttles wrong current passwords like logins: 429 with Retry-After, the right one included', async () => {
    const bea = await signup();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call('PUT', '/api/account/password', bea.cookie, { currentPassword: `guess ${attempt}`, newPassword: 'a much better secret' })).statusCode).toBe(403);
    }
    const locked = await call('PUT', '/api/account/password', bea.cookie, { currentPassword: PASSWORD, newPassword: 'a much better secret' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().error).toMatch(/Too many failed password attempts/);
  });
});

describe('the e-mail address', () => {
  it('is pending until the mailed link is confirmed, then shown and recorded; removing it records that too', async () => {
    const ada = await signup();
    expect(await account(ada.cookie)).toMatchObject({ username: ada.username, email: null, pendingEmail: null, mailTransport: 'smtp', activeSessions: 1 });
    const asked = await call('POST', '/api/account/email', ada.cookie, { email: ' ada@example.org ' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().pendingEmail.email).toBe('ada@example.org');
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ to: 'ada@example.org', kind: 'email-confirmation' });
    expect(mail.link).toMatch(/^https:\/\/goose\.example\/confirm-email\?token=/);
    expect(mail.text).toContain(ada.username);
    const pending = await account(ada.cookie);
    expect(pending.email).toBeNull();
    expect(pending.pendingEmail?.email).toBe('ada@example.org');
    expect(Date.parse(pending.pendingEmail!.expiresAt) - Date.parse(pending.pendingEmail!.requestedAt)).toBe(24 * 60 * 60 * 1000);

    // The link's page posts the token; no session is needed (the link may be opened on another device).
    const confirmed = await call('POST', '/api/account/email/confirm', null, { token: tokenOfLastMail() });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'ada@example.org' });
    expect(await account(ada.cookie)).toMatchObject({ email: 'ada@example.org', pendingEmail: null });
    expect(await eventTypes(ada.userId)).toContain('UserEmailConfirmed');
    expect((await call('POST', '/api/account/email/confirm', null, { token: tokenOfLastMail() })).statusCode).toBe(200);
    expect((await call('POST', '/api/account/email', ada.cookie, { email: 'ADA@example.org' })).statusCode).toBe(409);

    expect((await call('DELETE', '/api/account/email', ada.cookie)).json()).toEqual({ removed: true });
    expect(await account(ada.cookie)).toMatchObject({ email: null, pendingEmail: null });
    expect(await eventTypes(ada.userId)).toContain('UserEmailRemoved');
    const again = await call('DELETE', '/api/account/email', ada.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('There is no e-mail address to remove');
  });

  it('refuses an altered, expired or replaced link, and an address another account has confirmed (only when the link is opened)', async () => {
    const ada = await signup();
    const bea = await signup();
    await call('POST', '/api/account/email', ada.cookie, { email: 'shared@example.org' });
    const first = tokenOfLastMail();
    await call('POST', '/api/account/email', ada.cookie, { email: 'ada.new@example.org' });
    const replaced = await call('POST', '/api/account/email/confirm', null, { token: first });
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().error).toMatch(/replaced by a newer one/);

    const altered = await call('POST', '/api/account/email/confirm', null, { token: `${tokenOfLastMail().slice(0, -2)}AA` });
    expect(altered.statusCode).toBe(400);
    const expiredToken = testApp.app.services.emailConfirmations.sign({ userId: ada.userId, email: 'ada.new@example.org', expiresAt: new Date(Date.now() - 1000) });
    const expired = await call('POST', '/api/account/email/confirm', null, { token: expiredToken });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toMatch(/expired/);

    // Bea may ask for the address Ada confirmed, and gets the same answer; her link is refused.
    await call('POST', '/api/account/email', ada.cookie, { email: 'shared@example.org' });
    expect((await call('POST', '/api/account/email/confirm', null, { token: tokenOfLastMail() })).statusCode).toBe(200);
    const asked = await call('POST', '/api/account/email', bea.cookie, { email: 'Shared@Example.org' });
    expect(asked.statusCode).toBe(202);
    const taken = await call('POST', '/api/account/email/confirm', null, { token: tokenOfLastMail() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatch(/another GOOSE account/);
    expect(await account(bea.cookie)).toMatchObject({ email: null });
  });

  it(`mails at most ${CONFIRMATION_MAILS_PER_HOUR} links an hour per account, and refuses what is not an address`, async () => {
    const cy = await signup();
    expect((await call('POST', '/api/account/email', cy.cookie, { email: 'not an address' })).statusCode).toBe(400);
    for (let index = 0; index < CONFIRMATION_MAILS_PER_HOUR; index += 1) {
      expect((await call('POST', '/api/account/email', cy.cookie, { email: `cy${index}@example.org` })).statusCode).toBe(202);
    }
    const refused = await call('POST', '/api/account/email', cy.cookie, { email: 'cy@example.org' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('sessions', () => {
  it('lists the user\'s sessions with device and last use, marks this one, and ends one by its public id', async () => {
    const ada = await signup(FIREFOX);
    const phone = cookieOf(await login(ada.username, PASSWORD, IPHONE));
    const listed = accountSessionsResponseSchema.parse((await call('GET', '/api/account/sessions', ada.cookie)).json()).sessions;
    expect(listed.map((s) => [s.device, s.current]).sort()).toEqual([['Firefox on Linux', true], ['Safari on iPhone', false]]);
    expect(listed.every((s) => !phone.includes(s.id))).toBe(true);
    const phoneSession = listed.find((s) => !s.current)!;

    const stranger = await signup();
    expect((await call('DELETE', `/api/account/sessions/${phoneSession.id}`, stranger.cookie)).statusCode).toBe(404);
    const revoked = await call('DELETE', `/api/account/sessions/${phoneSession.id}`, ada.cookie);
    expect(revoked.json()).toEqual({ revoked: true, id: phoneSession.id, current: false });
    expect((await call('GET', '/api/account', phone)).statusCode).toBe(401);
    expect((await account(ada.cookie)).activeSessions).toBe(1);

    const current = listed.find((s) => s.current)!;
    const signedOut = await call('DELETE', `/api/account/sessions/${current.id}`, ada.cookie);
    expect(signedOut.json()).toMatchObject({ current: true });
    expect(signedOut.cookies.find((c) => c.name === 'goose_session')?.value).toBe('');
    expect((await call('GET', '/api/account', ada.cookie)).statusCode).toBe(401);
  });

  it('answers visitors 401 on every account route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/account', undefined],
      ['PUT', '/api/account/password', { currentPassword: 'x', newPassword: 'a much better secret' }],
      ['POST', '/api/account/email', { email: 'x@example.org' }],
      ['DELETE', '/api/account/email', undefined],
      ['GET', '/api/account/sessions', undefined],
      ['DELETE', `/api/account/sessions/${randomUUID()}`, undefined],
    ] as const) {
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
