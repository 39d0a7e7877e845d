// The streaming waiting-list routes through app.inject: a visitor joins and is counted only once
// the mailed link is confirmed; the link works once; the same address twice is one entry and the
// join answers alike whether it was known; a visitor sees their place through the cookie set at
// confirmation, never by typing an address; a referral counts once the referred address is
// confirmed, once per address, never for one's own; a signed-in user's confirmed account address
// confirms at once; bad input is a clear 400; and no join or referral ever credits a token (a
// forged balance in the body is refused).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  confirmWaitingListResponseSchema,
  EMAIL_REQUIRED,
  joinWaitingListResponseSchema,
  waitingListStatsResponseSchema,
  waitingListStatusResponseSchema,
  type JoinWaitingListRequest,
} from '../../../domain/contracts/waiting-list';
import { CREDIT_CAUSES, tokenAccountStreamId } from '../../../domain/tokens/token-account.events';
import { LINK_USED } from '../../../domain/waiting-list/waiting-list.decider';
import { loadWaitingListSecrets } from '../../../infra/waiting-list/waiting-list-tokens';
import { recordingMailer } from '../../../tests/support/recording-mailer';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { LINKS_PER_ADDRESS_PER_HOUR, STATUS_COOKIE } from '.';

const BASE = '/api/streaming/waiting-list';
const PASSWORD = 'correct horse battery';
let testApp: TestApp;
let dataDir: string;
const { mailer, mails } = recordingMailer('outbox');

async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-waiting-list-'));
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

beforeEach(() => {
  mails.length = 0;
});

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const join = (body: Partial<JoinWaitingListRequest> & Record<string, unknown>, cookie?: string) =>
  testApp.app.inject({ method: 'POST', url: `${BASE}/join`, payload: body, headers: cookie ? { cookie } : {} });
const confirm = (token: string) => testApp.app.inject({ method: 'POST', url: `${BASE}/confirm`, payload: { token } });
const status = async (cookie?: string) => waitingListStatusResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: `${BASE}/status`, headers: cookie ? { cookie } : {} })).json()).data;
const stats = async () => waitingListStatsResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: `${BASE}/stats` })).json()).data;
const linkTokenTo = (to: string) => {
  const mail = mails.filter((m) => m.to === to).at(-1);
  expect(mail?.kind).toBe('waiting-list-confirmation');
  return new URL(mail!.link!).searchParams.get('token')!;
};
const statusCookieOf = (response: { cookies: Array<{ name: string; value: string; path?: string; httpOnly?: boolean }> }) => {
  const cookie = response.cookies.find((c) => c.name === STATUS_COOKIE)!;
  expect(cookie).toMatchObject({ path: BASE, httpOnly: true });
  return `${STATUS_COOKIE}=${cookie.value}`;
};

/** Joins `email` as a visitor and confirms its link; answers the status cookie and the entry. */
async function joinedAndConfirmed(email: string, extra: Partial<JoinWaitingListRequest> = {}) {
  expect((await join({ email, ...extra })).statusCode).toBe(200);
  const confirmed = await confirm(linkTokenTo(email));
  expect(confirmed.statusCode).toBe(200);
  return { cookie: statusCookieOf(confirmed), entry: confirmWaitingListResponseSchema.parse(confirmed.json()).data };
}

async function signup() {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: PASSWORD } });
  expect(response.statusCode).toBe(201);
  const session = response.cookies.find((c) => c.name === 'goose_session')!.value;
  return { cookie: `goose_session=${session}`, userId: response.json().user.id as string };
}

describe('joining and confirming', () => {
  it('a visitor is counted only once the mailed link is confirmed; the link works once and shows the code in that browser', async () => {
    const before = await stats();
    const email = address('ana');
    const joined = await join({ email: `  ${email} `, isPriority: true, notificationPreferences: { email: true, platform: false, sms: false } });
    expect(joined.statusCode).toBe(200);
    expect(joinWaitingListResponseSchema.parse(joined.json()).data).toEqual({ outcome: 'confirmation-mailed', isPriority: true, affiliateCode: null, mailTransport: 'outbox', status: null });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.link).toMatch(/^https:\/\/goose\.example\/streaming\/confirm\?token=/);
    expect(mails[0]!.text).toContain('credits no tokens');
    expect(await stats()).toMatchObject({ totalUsers: before.totalUsers, priorityUsers: before.priorityUsers, awaitingConfirmation: before.awaitingConfirmation + 1 });
    expect(await status()).toBeNull();

    const token = linkTokenTo(email);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    const entry = confirmWaitingListResponseSchema.parse(confirmed.json()).data;
    expect(entry).toMatchObject({ email, confirmed: true, isPriority: true, referrals: 0, referralEarnings: 0 });
    expect(entry.affiliateCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await status(statusCookieOf(confirmed))).toEqual(entry);
    expect(await stats()).toMatchObject({ totalUsers: before.totalUsers + 1, priorityUsers: before.priorityUsers + 1, awaitingConfirmation: before.awaitingConfirmation });

    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(LINK_USED);
    expect(again.cookies.find((c) => c.name === STATUS_COOKIE)).toBeUndefined();
  });

  it('the same address twice (any case) is one entry: the second join answers alike and mails a new link that opens the same entry', async () => {
    const email = address('bo');
    const { entry } = await joinedAndConfirmed(email);
    const before = await stats();
    const second = await join({ email: email.toUpperCase() });
    expect(joinWaitingListResponseSchema.parse(second.json()).data).toEqual({ outcome: 'confirmation-mailed', isPriority: false, affiliateCode: null, mailTransport: 'outbox', status: null });
    const reopened = await confirm(linkTokenTo(email.toUpperCase()));
    expect(confirmWaitingListResponseSchema.parse(reopened.json()).data).toEqual(entry);
    expect(await stats()).toEqual(before);
  });

  it('a later join changes the priority only once its link is confirmed', async () => {
    const email = address('flo');
    await joinedAndConfirmed(email);
    const before = await stats();
    await join({ email, isPriority: true });
    expect(await stats()).toEqual(before);
    const confirmed = await confirm(linkTokenTo(email));
    expect(confirmWaitingListResponseSchema.parse(confirmed.json()).data.isPriority).toBe(true);
    expect(await stats()).toEqual({ ...before, priorityUsers: before.priorityUsers + 1 });
  });

  it('refuses an altered, foreign or expired link, and a status cookie that was not signed here', async () => {
    const email = address('cy');
    await join({ email });
    const token = linkTokenTo(email);
    const [payload, mac] = token.split('.');
    expect((await confirm(`${payload}.${mac![0] === 'A' ? 'B' : 'A'}${mac!.slice(1)}`)).statusCode).toBe(400);
    expect((await confirm('made-up')).json().error).toBe('This is not a valid confirmation link: open the link from the mail as it is');
    const secrets = await loadWaitingListSecrets(dataDir);
    const { link } = secrets.verifyLink(token) as { link: { entryId: string; linkId: string } };
    const expired = await confirm(secrets.signLink({ ...link, expiresAt: new Date(Date.now() - 1000) }));
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toMatch(/expired/);
    const [statusPayload, statusMac] = secrets.signStatus(link.entryId).split('.');
    expect(await status(`${STATUS_COOKIE}=${statusPayload}.${statusMac![0] === 'A' ? 'B' : 'A'}${statusMac!.slice(1)}`)).toBeNull();
  });

  it('answers bad input with a 400 saying what is wrong', async () => {
    for (const email of [undefined, '', '   ']) {
      const response = await join(email === undefined ? {} : { email });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(EMAIL_REQUIRED);
    }
    expect((await join({ email: 'not an address' })).json().error).toBe('email: Enter a valid e-mail address');
    const sms = await join({ email: address('dee'), notificationPreferences: { email: true, platform: true, sms: true as false } });
    expect(sms.statusCode).toBe(400);
    expect(sms.json().error).toMatch(/no text-message service/);
    const inApp = await join({ email: address('dee'), notificationPreferences: { email: false, platform: true, sms: false } });
    expect(inApp.statusCode).toBe(400);
    expect(inApp.json().error).toBe('Notices in GOOSE need an account: sign in, or choose e-mail');
    expect(mails).toHaveLength(0);
  });

  it(`mails an address at most ${LINKS_PER_ADDRESS_PER_HOUR} links an hour`, async () => {
    const email = address('eve');
    for (let i = 0; i < LINKS_PER_ADDRESS_PER_HOUR; i++) expect((await join({ email })).statusCode).toBe(200);
    const refused = await join({ email });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(mails).toHaveLength(LINKS_PER_ADDRESS_PER_HOUR);
  });
});

describe('referrals', () => {
  it('count once the referred address is confirmed, once per address, never for an unknown or one\'s own code', async () => {
    const ana = await joinedAndConfirmed(address('ref-ana'));
    const code = ana.entry.affiliateCode!;

    const boEmail = address('ref-bo');
    expect((await join({ email: boEmail, referralCode: code })).statusCode).toBe(200);
    expect((await status(ana.cookie))?.referrals).toBe(0);
    await confirm(linkTokenTo(boEmail));
    expect((await status(ana.cookie))?.referrals).toBe(1);

    // Bo again through the code, confirmed again: still one address.
    await join({ email: boEmail, referralCode: code });
    await confirm(linkTokenTo(boEmail));
    expect((await status(ana.cookie))?.referrals).toBe(1);

    // Ana's own address through her code: answered like any join (whose code it is is not told), counted for nobody.
    const own = await join({ email: ana.entry.email, referralCode: code });
    expect(joinWaitingListResponseSchema.parse(own.json()).data.outcome).toBe('confirmation-mailed');
    await confirm(linkTokenTo(ana.entry.email));
    expect((await status(ana.cookie))?.referrals).toBe(1);
    const unknown = await join({ email: address('ref-cy'), referralCode: 'AAAAAAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('This referral code is not known: join without it');

    // A code that is not yet confirmed is never shown, and is not accepted either.
    const dee = address('ref-dee');
    await join({ email: dee });
    expect((await status(ana.cookie))?.referrals).toBe(1);
  });
});

describe('signed-in users', () => {
  it("a user joining with their account's confirmed address is confirmed at once and sees their place through the session; a second address is refused", async () => {
    const user = await signup();
    const email = address('user');
    expect((await testApp.app.inject({ method: 'POST', url: '/api/account/email', headers: { cookie: user.cookie }, payload: { email } })).statusCode).toBe(202);
    const accountToken = new URL(mails.at(-1)!.link!).searchParams.get('token')!;
    expect((await testApp.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token: accountToken } })).statusCode).toBe(200);
    mails.length = 0;

    const joined = joinWaitingListResponseSchema.parse((await join({ email, isPriority: false }, user.cookie)).json()).data;
    expect(joined).toMatchObject({ outcome: 'confirmed', affiliateCode: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), mailTransport: null });
    expect(mails).toHaveLength(0);
    expect(await status(user.cookie)).toEqual(joined.status);

    const other = await join({ email: address('user-other') }, user.cookie);
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe(`Your account is already on the waiting list with ${email}`);
  });

  it('a signed-in user whose account has another address confirms by the mailed link', async () => {
    const user = await signup();
    const email = address('user-link');
    expect(joinWaitingListResponseSchema.parse((await join({ email }, user.cookie)).json()).data.outcome).toBe('confirmation-mailed');
    expect(await status(user.cookie)).toMatchObject({ email, confirmed: false, affiliateCode: null });
    await confirm(linkTokenTo(email));
    expect(await status(user.cookie)).toMatchObject({ email, confirmed: true });
  });

  it('a signed-in user cannot refer another address of theirs through their own code: an account holds one entry', async () => {
    const user = await signup();
    const email = address('own-code');
    await join({ email }, user.cookie);
    await confirm(linkTokenTo(email));
    const { affiliateCode } = (await status(user.cookie))!;
    const own = await join({ email: address('own-code-2'), referralCode: affiliateCode! }, user.cookie);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(`Your account is already on the waiting list with ${email}`);
    expect((await status(user.cookie))?.referrals).toBe(0);
  });
});

describe('no tokens and no money', () => {
  it('refuses a forged balance or bonus in the join, and credits no token for joining or for referrals', async () => {
    const ana = await signup();
    const balanceBefore = (await testApp.tokenLedger.account(ana.userId)).balanceMicros;
    const email = address('forger');
    for (const forged of [{ tokens: 500 }, { referralEarnings: 3 }, { welcomeBonus: 500 }, { affiliateCode: 'AAAAAAAAAAAAAAAA' }]) {
      const response = await join({ email, ...forged }, ana.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/Unrecognized key/i);
    }
    expect(mails).toHaveLength(0);

    await join({ email }, ana.cookie);
    await confirm(linkTokenTo(email));
    const { affiliateCode } = (await status(ana.cookie))!;
    for (const name of ['r1', 'r2']) {
      const referred = address(name);
      await join({ email: referred, referralCode: affiliateCode! });
      await confirm(linkTokenTo(referred));
    }
    const mine = (await status(ana.cookie))!;
    expect(mine).toMatchObject({ referrals: 2, referralEarnings: 0 });
    expect((await stats()).estimatedEarnings).toBeNull();

    expect((await testApp.tokenLedger.account(ana.userId)).balanceMicros).toBe(balanceBefore);
    const credits = (await testApp.eventStore.readStream(tokenAccountStreamId(ana.userId))).filter((event) => event.type === 'TokensCreditedToAccount');
    expect(credits.map((event) => (event.data as { cause: string }).cause)).toEqual(['welcome_bonus']);
    expect(CREDIT_CAUSES.filter((cause) => /refer|affiliate|waiting|stream/i.test(cause))).toEqual([]);
  });
});
