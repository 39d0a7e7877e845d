// The registry routes through app.inject: a visitor searches and reads registered works (an
// unregistered one is not found); the owner sets identifiers, which are validated (400 naming the
// identifier and why), unique across the registry (409, also when two works race for one value),
// freed when replaced; anyone else is answered as if the work did not exist.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workDetailResponseSchema, workSearchResponseSchema } from '../../../domain/contracts/registry';
import { seedWork } from '../../../tests/support/seed-work';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;

async function notExpected(): Promise<never> {
  throw new Error('the registry routes do not use the track lifecycle');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-works-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
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

async function work(ownerId: string, title: string, outcome: 'validated' | null = 'validated'): Promise<string> {
  const { workId, position } = await seedWork(testApp.eventStore, ownerId, { title, genre: 'Ambient', outcome });
  await testApp.projector.waitFor(position);
  return workId;
}

const put = (workId: string, cookie: string | null, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: `/api/works/${workId}/identifiers`, payload, headers: cookie ? { cookie } : {} });

describe('registry routes', () => {
  it('a visitor finds a registered work by a misspelt title, reads it, and never sees an unregistered one', async () => {
    const owner = await signup();
    const registered = await work(owner.userId, 'Velvet Lighthouse');
    const draft = await work(owner.userId, 'Velvet Lighthouse Draft', null);
    const search = await testApp.app.inject({ method: 'GET', url: '/api/works/search?query=Velvet%20Lighthuose&sortBy=relevance' });
    expect(search.statusCode).toBe(200);
    const body = workSearchResponseSchema.parse(search.json());
    expect(body.works.map((w) => w.id)).toEqual([registered]);
    expect(body.works[0]).toMatchObject({ creator: owner.username, verificationLevel: 'enhanced' });
    expect(body.facets.contentTypes).toEqual({ audio: 1 });
    const detail = await testApp.app.inject({ method: 'GET', url: `/api/works/${registered}` });
    expect(workDetailResponseSchema.parse(detail.json()).work.title).toBe('Velvet Lighthouse');
    expect((await testApp.app.inject({ method: 'GET', url: `/api/works/${draft}` })).json()).toEqual({ error: 'Work not found' });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/works/search?sortBy=loudest' })).statusCode).toBe(400);
  });

  it('the owner sets identifiers: normalized, gold, searchable; a bad one is refused naming it and why', async () => {
    const owner = await signup();
    const workId = await work(owner.userId, 'Paper Comet');
    const bad = await put(workId, owner.cookie, { iswc: 'T-034.524.680-2' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'ISWC "T-034.524.680-2" has a wrong check digit: expected 1, got 2' });
    const ok = await put(workId, owner.cookie, { iswc: 'T-034.524.680-1', isni: '0000 0002 1825 0097' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().work).toMatchObject({ identifiers: { iswc: 'T0345246801', isni: '0000000218250097', isrc: null, upc: null }, verificationLevel: 'gold' });
    const found = await testApp.app.inject({ method: 'GET', url: '/api/works/search?query=T-034.524.680-1' });
    expect(found.json().works[0].id).toBe(workId);
  });

  it('another user and a visitor cannot set identifiers; an unregistered work cannot have them', async () => {
    const owner = await signup();
    const stranger = await signup();
    const workId = await work(owner.userId, 'Glass Orchard');
    expect((await put(workId, null, { isrc: 'GBAYE0601498' })).statusCode).toBe(401);
    const refused = await put(workId, stranger.cookie, { isrc: 'GBAYE0601498' });
    expect([refused.statusCode, refused.json()]).toEqual([404, { error: 'Work not found' }]);
    const draft = await work(owner.userId, 'Glass Orchard Draft', null);
    const early = await put(draft, owner.cookie, { isrc: 'GBAYE0601498' });
    expect([early.statusCode, early.json().error]).toEqual([409, expect.stringContaining('not registered yet')]);
  });

  it('an identifier belongs to one work: refused for another, free again once replaced', async () => {
    const owner = await signup();
    const first = await work(owner.userId, 'Copper Tide');
    const second = await work(owner.userId, 'Copper Tide II');
    expect((await put(first, owner.cookie, { upc: '036000291452' })).statusCode).toBe(200);
    const taken = await put(second, owner.cookie, { upc: '0036000291452' });
    expect([taken.statusCode, taken.json()]).toEqual([409, { error: 'UPC 036000291452 is already registered to another work' }]);
    expect((await put(first, owner.cookie, { upc: '4006381333931' })).statusCode).toBe(200);
    expect((await put(second, owner.cookie, { upc: '036000291452' })).json().work.identifiers.upc).toBe('036000291452');
  });

  it('two works racing for the same identifier: exactly one gets it', async () => {
    const owner = await signup();
    const works = await Promise.all([work(owner.userId, 'Race One'), work(owner.userId, 'Race Two'), work(owner.userId, 'Race Three')]);
    const answers = await Promise.all(works.map((workId) => put(workId, owner.cookie, { isrc: 'US-S1Z-99-00001' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const holders = await testApp.app.inject({ method: 'GET', url: '/api/works/search?identifierType=isrc&query=USS1Z9900001' });
    expect(holders.json().works.map((w: { id: string }) => w.id)).toEqual([works[answers.findIndex((a) => a.statusCode === 200)]]);
  });
});
