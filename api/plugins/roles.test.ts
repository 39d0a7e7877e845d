// The role check through app.inject: GET /api/auth/roles answers the signed-in user's roles from
// their events (a grant or revocation counts from the next request), and requireRole answers 401
// signed out and 403 naming the role when none of the asked roles is held.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myRolesResponseSchema } from '../../domain/contracts/roles';
import { grantRole, revokeRole } from '../../tests/support/roles';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { requireRole, viewerOf } from './auth';

let testApp: TestApp;
let dataDir: string;

async function notExpected(): Promise<never> {
  throw new Error('the role check does not use the track lifecycle');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-roles-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
  testApp.app.get('/test/reviewers-or-auditors', async (request) => requireRole(request, 'reviewer', 'auditor'));
  testApp.app.get('/test/viewer', async (request) => ({ viewer: await viewerOf(request) }));
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(): Promise<{ userId: string; cookie: string; username: string }> {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'correct horse battery' } });
  const session = response.cookies.find((c) => c.name === 'goose_session')!;
  return { userId: response.json().user.id, cookie: `goose_session=${session.value}`, username };
}

const rolesOf = async (cookie: string) => myRolesResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/auth/roles', headers: { cookie } })).json()).roles;

describe('roles', () => {
  it('GET /api/auth/roles: creator for everyone; a grant and a revocation count from the next request', async () => {
    const user = await signup();
    expect(await rolesOf(user.cookie)).toEqual(['creator']);
    await grantRole(testApp, user.userId, 'operator');
    await grantRole(testApp, user.userId, 'reviewer');
    expect(await rolesOf(user.cookie)).toEqual(['creator', 'reviewer', 'operator']);
    await revokeRole(testApp, user.userId, 'operator');
    expect(await rolesOf(user.cookie)).toEqual(['creator', 'reviewer']);
  });

  it('GET /api/auth/roles signed out is a 401', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/roles' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not signed in' });
  });

  it('requireRole: 401 signed out, 403 naming the roles without them, the viewer with one of them', async () => {
    const call = (cookie?: string) => testApp.app.inject({ method: 'GET', url: '/test/reviewers-or-auditors', headers: cookie ? { cookie } : {} });
    expect((await call()).statusCode).toBe(401);
    const user = await signup();
    const refused = await call(user.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This needs the reviewer or auditor role' });
    await grantRole(testApp, user.userId, 'auditor');
    const allowed = await call(user.cookie);
    expect(allowed.json()).toEqual({ userId: user.userId, username: user.username, roles: ['creator', 'auditor'] });
  });

  it('viewerOf: null signed out, the user with their roles signed in', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/test/viewer' })).json()).toEqual({ viewer: null });
    const user = await signup();
    const signedIn = await testApp.app.inject({ method: 'GET', url: '/test/viewer', headers: { cookie: user.cookie } });
    expect(signedIn.json()).toEqual({ viewer: { userId: user.userId, username: user.username, roles: ['creator'] } });
  });
});
