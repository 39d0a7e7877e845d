// The legal routes against a small content/ fixture: the documents are public, an unknown one is a
// 404 with an error, sign-up records the accepted terms, and a signed-in user accepts the current
// version (and only it) once.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../../domain/contracts/auth';
import { legalDocumentSchema, legalDocumentsResponseSchema } from '../../../domain/contracts/knowledge';
import { userStreamId } from '../../../domain/identity/user.events';
import { loadKnowledge } from '../../../infra/knowledge/knowledge';
import { writeKnowledgeFixture } from '../../../tests/support/knowledge';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

const refuse = () => Promise.reject(new Error('not called in this test'));
const lifecycle = { start: refuse, master: refuse, startMaster: refuse, check: refuse, register: refuse, retryRegistration: refuse };

let dir: string;
let testApp: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-legal-'));
  const knowledge = loadKnowledge(await writeKnowledgeFixture(path.join(dir, 'content'), { termsVersion: 3 }));
  testApp = await startTestApp(path.join(dir, 'data'), lifecycle, { knowledge });
});

afterAll(async () => {
  await testApp.app.close();
  await rm(dir, { recursive: true, force: true });
});

const signUp = async (payload: Record<string, unknown>) => {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `u_${Math.random().toString(36).slice(2, 10)}`, password: 'correct horse battery', ...payload } });
  const session = response.cookies.find((c) => c.name === 'goose_session');
  return { response, cookie: session ? `goose_session=${session.value}` : '' };
};
const me = async (cookie: string) => userSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json());

describe('the legal documents', () => {
  it('lists the six to a visitor with their versions and summaries, without bodies', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/legal' });
    expect(response.statusCode).toBe(200);
    const { documents } = legalDocumentsResponseSchema.parse(response.json());
    expect(documents.map((d) => d.id)).toEqual(['terms', 'privacy', 'copyright', 'oracle', 'api', 'smart-contracts']);
    expect(documents[0]).toEqual({ id: 'terms', title: 'Fixture terms', version: 3, effective: '2026-11-01', summary: 'What the fixture terms says.' });
    expect(response.json().documents[0]).not.toHaveProperty('body');
  });

  it('answers one document with its Markdown and its sections by stable id', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/legal/privacy' });
    expect(response.statusCode).toBe(200);
    const document = legalDocumentSchema.parse(response.json());
    expect(document.body).toContain('## Who we are');
    expect(document.sections).toEqual([{ id: 'who-we-are', heading: 'Who we are' }, { id: 'your-rights', heading: 'Your rights' }]);
  });

  it('answers an unknown document with 404 and an error', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/legal/cookies' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toContain('cookies');
  });
});

describe('accepting the terms', () => {
  it('records the version a sign-up accepted: the user has accepted the terms', async () => {
    const { response, cookie } = await signUp({ acceptedTermsVersion: 3 });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.termsAccepted).toBe(true);
    const events = await testApp.eventStore.readStream(userStreamId((await me(cookie)).id));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'TermsAccepted']);
    expect(events[1]!.data).toMatchObject({ documentId: 'terms', version: 3 });
  });

  it('refuses a sign-up that accepted another version, naming the current one, and creates no account', async () => {
    const { response } = await signUp({ username: 'stale_terms', acceptedTermsVersion: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The current Terms of Service are version 3; accept that version');
    expect((await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'stale_terms', password: 'correct horse battery' } })).statusCode).toBe(401);
  });

  it('lets an API sign-up without the terms in, not accepted until the user accepts the current version once', async () => {
    const { response, cookie } = await signUp({});
    expect(response.statusCode).toBe(201);
    expect((await me(cookie)).termsAccepted).toBe(false);

    const wrong = await testApp.app.inject({ method: 'POST', url: '/api/legal/terms/accept', headers: { cookie }, payload: { version: 2 } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toContain('version 3');

    for (let attempt = 0; attempt < 2; attempt++) {
      const accepted = await testApp.app.inject({ method: 'POST', url: '/api/legal/terms/accept', headers: { cookie }, payload: { version: 3 } });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ termsAccepted: true, version: 3 });
    }
    expect((await me(cookie)).termsAccepted).toBe(true);
    const events = await testApp.eventStore.readStream(userStreamId((await me(cookie)).id));
    expect(events.filter((e) => e.type === 'TermsAccepted')).toHaveLength(1);
  });

  it('refuses a visitor with 401', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/legal/terms/accept', payload: { version: 3 } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBeTruthy();
  });
});
