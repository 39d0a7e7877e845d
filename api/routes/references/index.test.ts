// The reference catalogue routes through app.inject, with the delivery workflow's steps run in
// process: only rights holders deliver (401 visitor, 403 creator); a bad CSV is a 400 naming the row
// and the field and leaves nothing behind; a delivery indexes its good recordings, records a plain
// reason for an unreadable one, and opens a review case for a reference matching a registered GOOSE
// work; another holder finds none of it (404); a removed reference no longer matches; and an SFTP
// delivery reads a folder on a real OpenSSH server (503 while no partner is configured).
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceDeliveryDetailSchema, referenceListSchema } from '../../../domain/contracts/references';
import type { ReferenceConflictFiling } from '../../../domain/disputes/reference-review';
import { indexedSources, oracleMigrations, registerWork } from '../../../infra/audio/oracle';
import { migrate } from '../../../infra/db/migrate';
import { encodeWav, music } from '../../../infra/audio/test-signals';
import { multipartFiles } from '../../../tests/support/multipart';
import { grantRole } from '../../../tests/support/roles';
import { partnerConfig, sshdPath, startSshd, type SshdServer } from '../../../tests/support/sshd';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { referenceDeliveryDecider } from '../../../domain/references/reference-delivery.decider';
import { referenceDeliveryStreamId } from '../../../domain/references/reference-delivery.events';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { recoverReferenceDeliveries } from '../../../ops/reference-delivery-recovery';

const notExpected = async (): Promise<never> => {
  throw new Error('the API reached the track workflow');
};
const lifecycle = { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected };

const HEADER = 'file,title,artist,isrc,owner,territories';
const song = (seed: number) => encodeWav(music({ seconds: 6, seed, level: -9 }), 44_100, 2);

interface Account {
  cookie: string;
  userId: string;
}

async function signup(testApp: TestApp): Promise<Account> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id as string };
}

async function holder(testApp: TestApp): Promise<Account> {
  const account = await signup(testApp);
  await grantRole(testApp, account.userId, 'rights_holder');
  return account;
}

function deliver(testApp: TestApp, cookie: string, files: { name: string; content: Buffer }[], csv: string) {
  const { payload, headers } = multipartFiles([...files.map((f) => ({ field: 'recordings', filename: f.name, contentType: 'audio/wav', content: f.content })), { field: 'csv', filename: 'metadata.csv', contentType: 'text/csv', content: Buffer.from(csv) }]);
  return testApp.app.inject({ method: 'POST', url: '/api/references/deliveries', payload, headers: { ...headers, cookie } });
}

async function settledDelivery(testApp: TestApp, cookie: string, deliveryId: string) {
  await testApp.referenceDeliveries.settled();
  const events = await testApp.eventStore.readStream(`reference-delivery-${deliveryId}`);
  await testApp.projector.waitFor(events.at(-1)!.position);
  const response = await testApp.app.inject({ method: 'GET', url: `/api/references/deliveries/${deliveryId}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return referenceDeliveryDetailSchema.parse(response.json());
}

describe('reference catalogue (uploads)', () => {
  let testApp: TestApp;
  let dataDir: string;
  const filings: ReferenceConflictFiling[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-references-'));
    testApp = await startTestApp(dataDir, lifecycle, {
      openReferenceConflict: async (filing) => {
        filings.push(filing);
        return { disputeId: filing.disputeId };
      },
    });
    await migrate(testApp.db, oracleMigrations);
  });

  afterAll(async () => {
    await testApp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a visitor (401) and a creator without the rights_holder role (403)', async () => {
    const creator = await signup(testApp);
    for (const [method, url] of [['GET', '/api/references'], ['GET', '/api/references/deliveries'], ['POST', '/api/references/deliveries'], ['POST', '/api/references/deliveries/sftp']] as const) {
      const body = url.endsWith('/sftp') ? { payload: { folder: 'x' } } : {};
      expect((await testApp.app.inject({ method, url, ...body })).statusCode).toBe(401);
      const refused = await testApp.app.inject({ method, url, headers: { cookie: creator.cookie }, ...body });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'This needs the rights_holder role' });
    }
  });

  it('refuses a bad CSV with a 400 naming the row and the field, and keeps nothing', async () => {
    const label = await holder(testApp);
    const badIsrc = await deliver(testApp, label.cookie, [{ name: 'a.wav', content: song(1) }], `${HEADER}\na.wav,A,Ana,NOT-AN-ISRC,Label,worldwide`);
    expect(badIsrc.statusCode).toBe(400);
    expect(badIsrc.json().error).toMatch(/^CSV row 1 \(line 2\), isrc: "NOT-AN-ISRC" is not an ISRC/);
    const unnamed = await deliver(testApp, label.cookie, [{ name: 'a.wav', content: song(1) }, { name: 'b.wav', content: song(2) }], `${HEADER}\na.wav,A,Ana,GBAYE2600001,Label,GB;XK`);
    expect(unnamed.json()).toEqual({ error: 'CSV row 1 (line 2), territories: "XK" is not an ISO 3166 country code (or "worldwide")' });
    expect(await readdir(testApp.storage.stagingDir)).toEqual([]);
    expect((await readdir(testApp.storage.uploadsDir)).filter((name) => name.startsWith('reference-'))).toEqual([]);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/references/deliveries', headers: { cookie: label.cookie } })).json()).toEqual({ deliveries: [] });
  });

  it('indexes a delivery, records why a file failed, opens a case for a registered work it matches, and shows it to its holder only', async () => {
    const creator = await signup(testApp);
    const registered = song(7);
    const workFile = path.join(dataDir, 'registered.wav');
    await writeFile(workFile, registered);
    await registerWork(testApp.db, { workId: `work-${randomUUID()}`, owner: creator.userId, ownerName: 'creator', title: 'Registered Song', file: workFile });

    const label = await holder(testApp);
    const other = await holder(testApp);
    const csv = [HEADER, 'matches.wav,Famous Song,Ana,GB-AYE-26-00001,Label One,worldwide', 'own.wav,Own Song,Ben,GBAYE2600002,Label One,GB;IE', 'broken.wav,Broken,Cy,GBAYE2600003,Label One,US'].join('\n');
    const started = await deliver(testApp, label.cookie, [{ name: 'matches.wav', content: registered }, { name: 'own.wav', content: song(8) }, { name: 'broken.wav', content: Buffer.from('not audio at all') }], csv);
    expect(started.statusCode, started.body).toBe(202);
    const { delivery } = started.json();
    expect(delivery).toMatchObject({ via: 'upload', status: 'running', total: 3, indexed: 0, failed: 0 });

    const { delivery: done, recordings } = await settledDelivery(testApp, label.cookie, delivery.id);
    expect(done).toMatchObject({ status: 'completed', indexed: 2, failed: 1 });
    const byFile = Object.fromEntries(recordings.map((r) => [r.file, r]));
    expect(byFile['broken.wav']).toMatchObject({ status: 'failed', reason: 'The file "broken.wav" could not be read as audio' });
    expect(byFile['own.wav']).toMatchObject({ status: 'indexed', workMatches: [], isrc: 'GBAYE2600002' });
    const matched = byFile['matches.wav']!;
    expect(matched.workMatches).toEqual([expect.objectContaining({ title: 'Registered Song', disputeId: `reference-${matched.referenceId}-${matched.workMatches[0]!.workId}` })]);
    expect(filings).toEqual([expect.objectContaining({ referenceId: matched.referenceId, referenceTitle: 'Famous Song', holderId: label.userId, workId: matched.workMatches[0]!.workId })]);
    expect(await indexedSources(testApp.db)).toMatchObject({ references: 2, referenceHolders: 1 });

    const list = referenceListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/references?q=famous', headers: { cookie: label.cookie } })).json());
    expect(list.references.map((r) => r.title)).toEqual(['Famous Song']);
    expect(referenceListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/references?q=GBAYE2600002', headers: { cookie: label.cookie } })).json()).total).toBe(1);

    // Another holder finds nothing of it.
    expect(referenceListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/references', headers: { cookie: other.cookie } })).json()).total).toBe(0);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/references/deliveries/${delivery.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/references/${matched.referenceId}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    // Never in the public registry.
    const registry = await testApp.app.inject({ method: 'GET', url: '/api/works/search?query=Famous%20Song' });
    expect(registry.statusCode).toBe(200);
    expect(registry.body).not.toContain('Famous Song');

    // Removed: out of the index and the list; a failed recording has nothing to remove.
    const removed = await testApp.app.inject({ method: 'DELETE', url: `/api/references/${matched.referenceId}`, headers: { cookie: label.cookie } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await indexedSources(testApp.db)).toMatchObject({ references: 1 });
    expect(referenceListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/references', headers: { cookie: label.cookie } })).json()).references.map((r) => r.title)).toEqual(['Own Song']);
    const failedOne = await testApp.app.inject({ method: 'DELETE', url: `/api/references/${byFile['broken.wav']!.referenceId}`, headers: { cookie: label.cookie } });
    expect(failedOne.statusCode).toBe(409);
  }, 60_000);

  it('starts a delivery whose workflow never started (a crash between recording and starting it), once', async () => {
    const label = await holder(testApp);
    const deliveryId = randomUUID();
    const referenceId = randomUUID();
    const storedName = `reference-${referenceId}.wav`;
    await writeFile(testApp.storage.workingPath(storedName), song(31));
    await testApp.storage.save(storedName);
    const recording = { referenceId, file: 'late.wav', storedName, title: 'Late Song', artist: 'Ana', isrc: 'GBAYE2600031', owner: 'Label', territories: ['worldwide'] };
    const received = { deliveryId, holderId: label.userId, holderName: 'label', via: 'upload' as const, folder: null, recordings: [recording], receivedAt: new Date().toISOString() };
    const { result } = await handleCommand(testApp.eventStore, referenceDeliveryStreamId(deliveryId), referenceDeliveryDecider, { type: 'ReceiveReferenceDelivery', data: received }, { correlationId: 'crash', actor: 'test' });
    await testApp.projector.waitFor(result!.lastPosition);
    const deps = { db: testApp.db, eventStore: testApp.eventStore, deliveries: testApp.referenceDeliveries };
    // Younger than the recovery's minimum age: left to the request that is starting it.
    expect(await recoverReferenceDeliveries(deps)).toEqual([]);
    expect(await recoverReferenceDeliveries(deps, { minAgeMs: 0 })).toEqual([deliveryId]);
    const { delivery } = await settledDelivery(testApp, label.cookie, deliveryId);
    expect(delivery).toMatchObject({ status: 'completed', indexed: 1, failed: 0 });
    expect(await recoverReferenceDeliveries(deps, { minAgeMs: 0 })).toEqual([]);
  });

  it('says plainly that SFTP deliveries need a delivery partner', async () => {
    const label = await holder(testApp);
    const refused = await testApp.app.inject({ method: 'POST', url: '/api/references/deliveries/sftp', headers: { cookie: label.cookie }, payload: { folder: 'drop' } });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatch(/no delivery partner is configured/);
  });
});

describe.skipIf(!sshdPath)(sshdPath ? 'reference catalogue (SFTP, real sshd on loopback)' : 'reference catalogue (SFTP skipped: no sshd)', () => {
  let testApp: TestApp;
  let dataDir: string;
  let sshd: SshdServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-references-sftp-'));
    sshd = await startSshd();
    testApp = await startTestApp(dataDir, lifecycle, { referenceSftp: partnerConfig(sshd) });
    await migrate(testApp.db, oracleMigrations);
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
    await sshd?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reads the folder\'s CSV, refuses one naming an absent file, then fetches and indexes the recordings', async () => {
    const label = await holder(testApp);
    const folder = path.join(sshd.root, 'references', 'drop-1');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'one.wav'), song(21));
    await writeFile(path.join(folder, 'metadata.csv'), `${HEADER}\none.wav,One,Ana,GBAYE2600011,Label,worldwide\ntwo.wav,Two,Ana,GBAYE2600012,Label,worldwide\n`);
    const post = (body: object) => testApp.app.inject({ method: 'POST', url: '/api/references/deliveries/sftp', headers: { cookie: label.cookie }, payload: body });

    expect((await post({ folder })).json()).toEqual({ error: 'CSV row 2, file: "two.wav" was not delivered' });
    expect((await post({ folder: path.join(sshd.root, 'missing') })).statusCode).toBe(400);
    expect((await post({ folder: `${folder}/../drop-1` })).statusCode).toBe(400);
    expect((await post({ folder: path.join(sshd.root, 'inbox', 'batch-1') })).json().error).toMatch(/are read from folders inside ".*references" on the delivery partner's SFTP/);
    expect((await post({ folder: '../inbox' })).statusCode).toBe(400);

    await writeFile(path.join(folder, 'two.wav'), song(22));
    const started = await post({ folder });
    expect(started.statusCode, started.body).toBe(202);
    const { delivery: done, recordings } = await settledDelivery(testApp, label.cookie, started.json().delivery.id);
    expect(done).toMatchObject({ via: 'sftp', folder, status: 'completed', indexed: 2, failed: 0 });
    expect(recordings.map((r) => [r.file, r.status])).toEqual([['one.wav', 'indexed'], ['two.wav', 'indexed']]);
    expect((await readdir(testApp.storage.uploadsDir)).filter((name) => name.startsWith('reference-'))).toHaveLength(2);
  }, 60_000);
});
