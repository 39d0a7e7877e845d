// Sign-in through QXMP Pay over app.inject: the test plays the provider with its own Ed25519 key
// pair, signing assertions the way the widget hands them to the page.
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_BONUS_TOKENS } from '../../../domain/constants';
import { UserAccountDeleted, userStreamId } from '../../../domain/identity/user.events';
import { ACCOUNT_DELETED } from '../../../projections/users/queries';
import { parseProviderPublicKey } from '../../../infra/qxmp-pay/assertion';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { usernameBase } from './qxmp-pay';

const PUBLIC_URL = 'https://goose.example';
const PROVIDER_ORIGIN = 'https://pay.qxmp.example';
const provider = generateKeyPairSync('ed25519');
const notExpected = async (): Promise<never> => {
  throw new Error('sign-in never reaches the workflow');
};
const lifecycle = { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected };

let configured: TestApp;
let unconfigured: TestApp;
const dataDirs: string[] = [];

async function testApp(options: Parameters<typeof startTestApp>[2]): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-qxmp-pay-'));
  dataDirs.push(dataDir);
  return startTestApp(dataDir, lifecycle, options);
}

beforeAll(async () => {
  configured = await testApp({
    publicUrl: PUBLIC_URL,
    qxmpPay: { origin: PROVIDER_ORIGIN, widgetUrl: `${PROVIDER_ORIGIN}/widget`, publicKey: provider.publicKey.export({ type: 'spki', format: 'pem' }).toString() },
  });
  unconfigured = await testApp({ publicUrl: PUBLIC_URL });
});

afterAll(async () => {
  await configured.close();
  await unconfigured.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function nonce(app = configured): Promise<string> {
  const response = await app.app.inject({ method: 'GET', url: '/api/auth/qxmp-pay/nonce' });
  expect(response.statusCode).toBe(200);
  expect(response.json().widgetUrl).toBe(`${PROVIDER_ORIGIN}/widget`);
  return response.json().nonce;
}

interface AssertionOptions {
  subject: string;
  username?: string;
  nonce: string;
  audience?: string;
  issuedAt?: number;
  expiresAt?: number;
  key?: KeyObject;
}

function assertion({ subject, username = 'ada', nonce, audience = PUBLIC_URL, issuedAt, expiresAt, key = provider.privateKey }: AssertionOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ username, wallet: 'rQxmpWalletAddress123', nonce })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject(subject)
    .setAudience(audience)
    .setIssuedAt(issuedAt ?? now)
    .setExpirationTime(expiresAt ?? now + 120)
    .sign(key);
}

function signIn(token: string, app = configured) {
  return app.app.inject({ method: 'POST', url: '/api/auth/qxmp-pay', payload: { assertion: token } });
}

async function userCount(): Promise<number> {
  const { rows } = await configured.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  return rows[0]!.count;
}

describe('sign-in with QXMP Pay', () => {
  it('says it is configured, with the origin messages must come from and the widget address', async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ qxmpPay: { configured: true, origin: PROVIDER_ORIGIN, widgetUrl: `${PROVIDER_ORIGIN}/widget` } });
  });

  it('lets the page frame the widget, and only it besides our own pages and Stripe\'s payment frames', async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.headers['content-security-policy']).toContain(`frame-src 'self' https://js.stripe.com https://hooks.stripe.com ${PROVIDER_ORIGIN};`);
  });

  it('creates the user with the welcome bonus on a first sign-in, starts a session, and signs the same subject into the same user', async () => {
    const before = await userCount();
    const first = await signIn(await assertion({ subject: 'qxmp-user-1', nonce: await nonce() }));
    expect(first.statusCode).toBe(200);
    const user = first.json().user;
    expect(user).toMatchObject({ username: 'ada', tokenBalance: WELCOME_BONUS_TOKENS });
    expect(await userCount()).toBe(before + 1);

    const cookie = first.cookies.find((c) => c.name === 'goose_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const me = await configured.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `goose_session=${cookie!.value}` } });
    expect(me.json()).toMatchObject({ id: user.id, username: 'ada' });

    const again = await signIn(await assertion({ subject: 'qxmp-user-1', username: 'renamed-at-provider', nonce: await nonce() }));
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toMatchObject({ id: user.id, username: 'ada', tokenBalance: WELCOME_BONUS_TOKENS });
    expect(await userCount()).toBe(before + 1);
  });

  it('refuses a deleted account\'s sign-in with 401, and registers no new user for its subject', async () => {
    const first = await signIn(await assertion({ subject: 'qxmp-user-deleted', username: 'leaving', nonce: await nonce() }));
    const userId = first.json().user.id as string;
    const metadata = { correlationId: 'test', causationId: null, actor: `user:${userId}`, workflowId: null, occurredAt: new Date().toISOString() };
    const deleted = await configured.eventStore.append(userStreamId(userId), [{ eventId: randomUUID(), ...UserAccountDeleted.create({ userId, deletedAt: new Date().toISOString() }), metadata }], 'any');
    await configured.projector.waitFor(deleted.lastPosition);
    const before = await userCount();
    const again = await signIn(await assertion({ subject: 'qxmp-user-deleted', username: 'leaving', nonce: await nonce() }));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: ACCOUNT_DELETED });
    expect(await userCount()).toBe(before);
  });

  it('gives another subject with a taken username a suffixed one', async () => {
    const response = await signIn(await assertion({ subject: 'qxmp-user-2', username: 'ada', nonce: await nonce() }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.username).toMatch(/^ada-[0-9a-f]{4}$/);
  });

  it('refuses a reused nonce with 401', async () => {
    const token = await assertion({ subject: 'qxmp-user-3', nonce: await nonce() });
    expect((await signIn(token)).statusCode).toBe(200);
    const before = await userCount();
    const replay = await signIn(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatch(/already used or was not started here/);
    expect(await userCount()).toBe(before);
  });

  const refusals: [string, () => Promise<string>, RegExp][] = [
    [
      'a tampered signature',
      async () => {
        const token = await assertion({ subject: 'qxmp-tampered', nonce: await nonce() });
        const [header, payload, signature] = token.split('.');
        const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
        return `${header}.${payload}.${flipped}`;
      },
      /signature is invalid/,
    ],
    ['a key that is not the provider\'s', async () => assertion({ subject: 'qxmp-other-key', nonce: await nonce(), key: generateKeyPairSync('ed25519').privateKey }), /signature is invalid/],
    ['a wrong audience', async () => assertion({ subject: 'qxmp-wrong-audience', nonce: await nonce(), audience: 'https://elsewhere.example' }), /issued for another site/],
    [
      'an expired assertion',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        return assertion({ subject: 'qxmp-expired', nonce: await nonce(), issuedAt: now - 240, expiresAt: now - 60 });
      },
      /expired/,
    ],
    [
      'an assertion valid for longer than five minutes',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        return assertion({ subject: 'qxmp-long-lived', nonce: await nonce(), issuedAt: now, expiresAt: now + 3600 });
      },
      /longer than five minutes/,
    ],
    ['a nonce this server never issued', async () => assertion({ subject: 'qxmp-unknown-nonce', nonce: 'made-up-nonce' }), /already used or was not started here/],
    ['text that is no assertion at all', async () => 'not-a-jws', /not a valid signed assertion/],
  ];
  for (const [what, build, message] of refusals) {
    it(`refuses ${what} with 401 and creates no user`, async () => {
      const before = await userCount();
      const response = await signIn(await build());
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatch(message);
      expect(response.cookies.find((c) => c.name === 'goose_session')).toBeUndefined();
      expect(await userCount()).toBe(before);
    });
  }

  it('refuses a missing assertion with 400', async () => {
    const response = await configured.app.inject({ method: 'POST', url: '/api/auth/qxmp-pay', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBeTruthy();
  });
});

describe('QXMP Pay not configured', () => {
  it('answers 503 with what is missing, and providers says it is not configured', async () => {
    const providers = await unconfigured.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ qxmpPay: { configured: false, origin: null, widgetUrl: null } });
    const error = { error: 'Sign-in with QXMP Pay is not configured on this server' };
    const nonceAnswer = await unconfigured.app.inject({ method: 'GET', url: '/api/auth/qxmp-pay/nonce' });
    expect(nonceAnswer.statusCode).toBe(503);
    expect(nonceAnswer.json()).toEqual(error);
    const signInAnswer = await signIn(await assertion({ subject: 'qxmp-unconfigured', nonce: 'any' }), unconfigured);
    expect(signInAnswer.statusCode).toBe(503);
    expect(signInAnswer.json()).toEqual(error);
    const { rows } = await unconfigured.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
    expect(rows[0]!.count).toBe(0);
  });

  it('frames no sign-in widget: only our own pages and Stripe\'s payment frames', async () => {
    const response = await unconfigured.app.inject({ method: 'GET', url: '/api/auth/providers' });
    const frameSrc = String(response.headers['content-security-policy']).split(';').find((d) => d.startsWith('frame-src'));
    expect(frameSrc).toBe("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
  });
});

describe('the provider key and usernames', () => {
  it('reads the public key as PEM or as base64 of its 32 raw bytes, and refuses anything else', () => {
    const raw = provider.publicKey.export({ format: 'jwk' }).x!;
    const fromRaw = parseProviderPublicKey(Buffer.from(raw, 'base64url').toString('base64'));
    expect(fromRaw.equals(provider.publicKey)).toBe(true);
    expect(() => parseProviderPublicKey('c2hvcnQ=')).toThrow(/QXMP_PAY_PUBLIC_KEY/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => parseProviderPublicKey(rsa)).toThrow(/Ed25519/);
  });

  it('fits the provider\'s username to our rules', () => {
    expect(usernameBase('Ada Lovelace!')).toBe('Ada_Lovelace_');
    expect(usernameBase('x')).toBe('x__');
    expect(usernameBase('a'.repeat(40))).toHaveLength(32);
  });
});
