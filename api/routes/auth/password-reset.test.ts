// Sign-up with an e-mail address and the wallets, and password recovery, through the whole API:
// the balance and the XRPL address answer right after sign-up; an address given at sign-up is
// mailed its confirmation link; a reset request answers the same for known and unknown names and
// addresses, mails a link only to a confirmed address, and that link sets a new password once,
// before it expires, ending every session; altered links are refused and requests are throttled.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_BONUS_TOKENS } from '../../../domain/constants';
import { balanceResponseSchema } from '../../../domain/contracts/tokens';
import { signupResponseSchema } from '../../../domain/contracts/auth';
import { userStreamId } from '../../../domain/identity/user.events';
import { loadPasswordResetTokens } from '../../../infra/auth/password-reset-tokens';
import { recordingMailer } from '../../../tests/support/recording-mailer';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { SIGNUP_MAILS_PER_ADDRESS } from '.';
import { RESET_REQUESTED_MESSAGE, RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_IDENTIFIER } from './password-reset';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'violet kettle orbit';

let testApp: TestApp;
let dataDir: string;
const { mailer, mails } = recordingMailer('outbox');
const notExpected = async (): Promise<never> => {
  throw new Error('the API reached the workflow');
};

let addressCount = 0;
/** Each request its own client address unless a test means otherwise, so the per-address throttle stays out of the way. */
const newAddress = () => `203.0.113.${++addressCount}`;
const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const mailsTo = (to: string, kind: string) => mails.filter((mail) => mail.to === to && mail.kind === kind);

async function signup(email?: string) {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: PASSWORD, ...(email ? { email } : {}) }, remoteAddress: newAddress() });
  expect(response.statusCode).toBe(201);
  return { username, cookie: cookieOf(response), userId: response.json().user.id as string, answer: signupResponseSchema.parse(response.json()) };
}

/** A user whose address is confirmed through the link sign-up mailed. */
async function signupConfirmed() {
  const email = `${randomUUID().slice(0, 8)}@example.test`;
  const user = await signup(email);
  const confirmed = await testApp.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token: tokenOf(mailsTo(email, 'email-confirmation').at(-1)!.link!) } });
  expect(confirmed.statusCode).toBe(200);
  return { ...user, email };
}

const askReset = (identifier: string, remoteAddress = newAddress()) => testApp.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { identifier }, remoteAddress });
const reset = (token: string, newPassword = NEW_PASSWORD) => testApp.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword } });
const login = (username: string, password: string) => testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: newAddress() });
const eventTypes = async (userId: string) => (await testApp.eventStore.readStream(userStreamId(userId))).map((event) => event.type);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-password-reset-'));
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

describe('sign-up', () => {
  it('opens the token account and the wallets: the balance and the XRPL address answer at once, with no wallet to generate', async () => {
    const { cookie, answer } = await signup();
    expect(answer.user.tokenBalance).toBe(WELCOME_BONUS_TOKENS);
    expect(answer.user.xrplWallet).toMatch(/^r/);
    expect(answer.emailConfirmation).toBeNull();
    const balance = await testApp.app.inject({ method: 'GET', url: '/api/goose-tokens/balance', headers: { cookie } });
    expect(balance.statusCode).toBe(200);
    expect(balanceResponseSchema.parse(balance.json())).toMatchObject({ balance: WELCOME_BONUS_TOKENS, held: 0 });
    expect(balance.json().wallet).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const walletInfo = await testApp.app.inject({ method: 'GET', url: '/api/xrp/wallet-info', headers: { cookie } });
    expect(walletInfo.statusCode).toBe(200);
    expect(walletInfo.json().walletAddress).toBe(answer.user.xrplWallet);
    // Generate Wallet answers the wallets sign-up made.
    const generated = await testApp.app.inject({ method: 'POST', url: '/api/goose-tokens/generate-wallet', headers: { cookie }, payload: {} });
    expect(generated.statusCode).toBe(200);
    expect(generated.json().wallet.xrplAddress).toBe(answer.user.xrplWallet);
  });

  it('mails a confirmation link to an address given, which waits until it is confirmed', async () => {
    const email = `${randomUUID().slice(0, 8)}@example.test`;
    const { cookie, answer } = await signup(`  ${email} `);
    expect(answer.emailConfirmation).toEqual({ email, sent: true, mailTransport: 'outbox' });
    expect(mailsTo(email, 'email-confirmation')).toHaveLength(1);
    const account = await testApp.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.json()).toMatchObject({ email: null, pendingEmail: { email } });
  });

  it(`takes at most ${SIGNUP_MAILS_PER_ADDRESS} sign-ups with an address an hour from one client (each mails somebody); without one it still signs up`, async () => {
    const client = newAddress();
    const signupFrom = (email?: string) =>
      testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: PASSWORD, ...(email ? { email } : {}) }, remoteAddress: client });
    for (let i = 0; i < SIGNUP_MAILS_PER_ADDRESS; i++) expect((await signupFrom(`flood${i}@example.test`)).statusCode).toBe(201);
    const refused = await signupFrom('one.more@example.test');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/or sign up without one and add it in Settings\.$/);
    expect(mailsTo('one.more@example.test', 'email-confirmation')).toHaveLength(0);
    expect((await signupFrom()).statusCode).toBe(201);
  });

  it('refuses what is not an address, and creates no account then', async () => {
    const username = `user_${randomUUID().slice(0, 8)}`;
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: PASSWORD, email: 'not an address' }, remoteAddress: newAddress() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/valid e-mail address/);
    expect((await login(username, PASSWORD)).statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  it('answers the same for a known username, a known address, an unknown name and an unknown address, and mails only the account', async () => {
    const ada = await signupConfirmed();
    const answers = await Promise.all([ada.username, ada.email.toUpperCase(), `nobody_${randomUUID().slice(0, 8)}`, 'nobody@example.test'].map((identifier) => askReset(identifier)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    }
    expect(mailsTo(ada.email, 'password-reset')).toHaveLength(2);
    expect(mails.filter((mail) => mail.to === 'nobody@example.test')).toHaveLength(0);
    const mail = mailsTo(ada.email, 'password-reset').at(-1)!;
    expect(mail.link).toMatch(/^https:\/\/goose\.example\/reset-password\?token=/);
    expect(mail.text).toContain(ada.username);
  });

  it('mails nothing to an account without a confirmed address (same answer)', async () => {
    const email = `${randomUUID().slice(0, 8)}@example.test`;
    const bea = await signup(email);
    expect((await askReset(bea.username)).json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect((await askReset(email)).json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(mailsTo(email, 'password-reset')).toHaveLength(0);
    expect(await eventTypes(bea.userId)).not.toContain('UserPasswordResetRequested');
  });

  it('the link sets a new password once, ends every session, and records the reset without the link', async () => {
    const cy = await signupConfirmed();
    const other = cookieOf(await login(cy.username, PASSWORD));
    await askReset(cy.username);
    const token = tokenOf(mailsTo(cy.email, 'password-reset').at(-1)!.link!);

    const weak = await reset(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/too common/);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ reset: true, username: cy.username, sessionsEnded: 2 });
    for (const cookie of [cy.cookie, other]) expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(cy.username, PASSWORD)).statusCode).toBe(401);
    expect((await login(cy.username, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'another fine passphrase');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already used or replaced/);
    expect((await login(cy.username, NEW_PASSWORD)).statusCode).toBe(200);

    const events = await testApp.eventStore.readStream(userStreamId(cy.userId));
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['UserPasswordResetRequested', 'UserPasswordReset', 'UserPasswordChanged']));
    expect(JSON.stringify(events.filter((event) => event.type.startsWith('UserPasswordReset')).map((event) => event.data))).not.toContain(token.split('.')[1]);
  });

  it('only the newest link works', async () => {
    const dee = await signupConfirmed();
    await askReset(dee.username);
    const first = tokenOf(mailsTo(dee.email, 'password-reset').at(-1)!.link!);
    await askReset(dee.email);
    const second = tokenOf(mailsTo(dee.email, 'password-reset').at(-1)!.link!);
    expect((await reset(first)).statusCode).toBe(409);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('refuses an expired link, an altered one and one signed under another key', async () => {
    const eve = await signupConfirmed();
    await askReset(eve.username);
    const token = tokenOf(mailsTo(eve.email, 'password-reset').at(-1)!.link!);
    const [payload, mac] = token.split('.') as [string, string];
    const tokens = await loadPasswordResetTokens(dataDir);
    const { link } = tokens.verify(token) as { link: { userId: string; resetId: string; expiresAt: Date } };

    const expired = await reset(tokens.sign({ ...link, expiresAt: new Date(Date.now() - 1000) }));
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toMatch(/expired/);
    const stretched = Buffer.from(`${link.userId}\n${link.resetId}\n${Date.now() + 86_400_000}`).toString('base64url');
    expect((await reset(`${stretched}.${mac}`)).statusCode).toBe(400);
    expect((await reset(`${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`)).json().error).toMatch(/not a valid password reset link/);
    const otherKey = (await loadPasswordResetTokens(await mkdtemp(path.join(os.tmpdir(), 'goose-other-key-')))).sign(link);
    expect((await reset(otherKey)).statusCode).toBe(400);
    // None of them spent the link.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it(`throttles ${RESET_REQUESTS_PER_IDENTIFIER} requests an hour per name or address and ${RESET_REQUESTS_PER_ADDRESS} per client, known or not, with Retry-After`, async () => {
    const fay = await signupConfirmed();
    for (let i = 0; i < RESET_REQUESTS_PER_IDENTIFIER; i++) expect((await askReset(fay.username.toUpperCase())).statusCode).toBe(202);
    const locked = await askReset(fay.username);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().error).toMatch(/^Too many password reset requests: try again in \d+ minutes?\.$/);
    expect(mailsTo(fay.email, 'password-reset')).toHaveLength(RESET_REQUESTS_PER_IDENTIFIER);

    const client = newAddress();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) expect((await askReset(`scan_${i}_${randomUUID().slice(0, 4)}`, client)).statusCode).toBe(202);
    expect((await askReset(`scan_last_${randomUUID().slice(0, 4)}`, client)).statusCode).toBe(429);
    expect((await askReset(`scan_last_${randomUUID().slice(0, 4)}`)).statusCode).toBe(202);
  });

  it('refuses an empty identifier and a short new password with a 400 that says why', async () => {
    expect((await askReset('   ')).json()).toEqual({ error: expect.stringMatching(/username or e-mail/) });
    const short = await reset('x.y', 'short');
    expect(short.statusCode).toBe(400);
  });
});
