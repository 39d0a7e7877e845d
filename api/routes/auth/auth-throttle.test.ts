// Login and operator-call throttling and the sign-up password policy, through the whole API.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let dataDir: string;

const unused = async (): Promise<never> => {
  throw new Error('not used here');
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-throttle-'));
  testApp = await startTestApp(dataDir, {
    start: unused,
    master: unused,
    startMaster: unused,
    check: unused,
    register: unused,
    retryRegistration: unused,
  });
  app = testApp.app;
});

afterAll(async () => {
  vi.useRealTimers();
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

let addressCount = 0;
/** Each test its own client address, so one test's failures never lock another's. */
const newAddress = () => `198.51.100.${++addressCount}`;

async function signup(address: string, username = `user_${randomUUID().slice(0, 8)}`, password = 'correct horse battery') {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password }, remoteAddress: address });
  return { response, username, password };
}

const login = (address: string, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: address });

describe('login throttling', () => {
  it('locks an account after 5 failures, refuses even the right password until the window passes, with Retry-After', async () => {
    const { username, password } = await signup(newAddress());
    for (let i = 0; i < 5; i++) expect((await login(newAddress(), username, 'wrong password')).statusCode).toBe(401);

    const locked = await login(newAddress(), username, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/^Too many failed login attempts for this account\. Try again in \d+ minutes?\.$/);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 1_000 });
    try {
      expect((await login(newAddress(), username, password)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a flood of parallel wrong passwords after the first few, and then the right one', async () => {
    const address = newAddress();
    const { username, password } = await signup(address);
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(address, username, 'wrong password')));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(35);
    expect((await login(address, username, password)).statusCode).toBe(429);
  });

  it('a successful login resets the account count', async () => {
    const address = newAddress();
    const { username, password } = await signup(address);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(address, username, 'wrong password')).statusCode).toBe(401);
      expect((await login(address, username, password)).statusCode).toBe(200);
    }
  });

  it('limits failures per address across many accounts, while other addresses still get in', async () => {
    const address = newAddress();
    const { username, password } = await signup(newAddress());
    for (let i = 0; i < 30; i++) expect((await login(address, `nobody_${i}`, 'wrong password')).statusCode).toBe(401);
    const locked = await login(address, username, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/^Too many failed login attempts from this address\./);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(newAddress(), username, password)).statusCode).toBe(200);
  });
});

describe('operator call throttling', () => {
  const retry = (address: string, token: string) =>
    app.inject({
      method: 'POST',
      url: `/api/ops/tracks/${randomUUID()}/retry-registration`,
      payload: {},
      headers: { 'x-operator-token': token },
      remoteAddress: address,
    });

  it('refuses an address after 10 wrong tokens, the right token included, with Retry-After', async () => {
    process.env.OPS_TOKEN = 'operator-secret';
    try {
      const address = newAddress();
      for (let i = 0; i < 10; i++) expect((await retry(address, 'wrong-secret-xx')).statusCode).toBe(401);
      const locked = await retry(address, 'operator-secret');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toMatch(/^Too many failed operator calls from this address\. Try again in \d+ minutes?\.$/);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // Another address with the right token is not held up by it.
      expect((await retry(newAddress(), 'operator-secret')).statusCode).toBe(404);
    } finally {
      delete process.env.OPS_TOKEN;
    }
  });
});

describe('two API processes over one database', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp(dataDir, testApp.app.services.lifecycle, { sharing: testApp });
  });
  afterAll(async () => second?.close());

  /** Alternates the apps, as a balancer would: the counts of one are the counts of the other. */
  const appFor = (i: number) => (i % 2 === 0 ? app : second.app);

  it('a burst of wrong passwords spread over both counts 5 in all, and the second refuses the right one', async () => {
    const address = newAddress();
    const { username, password } = await signup(address);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => appFor(i).inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'wrong password' }, remoteAddress: address })),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(5);
    const locked = await second.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: newAddress() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/^Too many failed login attempts for this account\./);
  });

  it('wrong operator tokens counted by one are refused by the other', async () => {
    process.env.OPS_TOKEN = 'operator-secret';
    try {
      const address = newAddress();
      const retry = (target: FastifyInstance, token: string) =>
        target.inject({ method: 'POST', url: `/api/ops/tracks/${randomUUID()}/retry-registration`, payload: {}, headers: { 'x-operator-token': token }, remoteAddress: address });
      for (let i = 0; i < 10; i++) expect((await retry(app, 'wrong-secret-xx')).statusCode).toBe(401);
      const locked = await retry(second.app, 'operator-secret');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toMatch(/^Too many failed operator calls from this address\./);
    } finally {
      delete process.env.OPS_TOKEN;
    }
  });

  it('password-reset mails asked for one name through both are limited to 3 an hour in all', async () => {
    const identifier = `nobody_${randomUUID().slice(0, 8)}`;
    const ask = (i: number) => appFor(i).inject({ method: 'POST', url: '/api/auth/password-reset', payload: { identifier }, remoteAddress: newAddress() });
    for (let i = 0; i < 3; i++) expect((await ask(i)).statusCode).toBe(202);
    const refused = await ask(3);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBeTypeOf('string');
  });
});

describe('sign-up password policy', () => {
  it.each([
    ['password', 'This password is too common: choose one that is harder to guess'],
    ['12345678', 'This password is too common: choose one that is harder to guess'],
    ['        ', 'Password must not be only spaces'],
  ])('refuses %j with a 400 that says why', async (password, message) => {
    const { response } = await signup(newAddress(), undefined, password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('refuses the username as the password', async () => {
    const username = `user_${randomUUID().slice(0, 8)}`;
    const { response } = await signup(newAddress(), username, `${username}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Password must not contain your username' });
  });
});
