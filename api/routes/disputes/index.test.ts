// The dispute routes with app.inject on PGlite, behind the workflow's in-process client (the case
// decider; stand-in effects on the work): one case walked from filing to appeal, and at every route
// the wrong person refused — signed out 401, not a party 404 (like a missing case), a party or
// auditor doing a reviewer's work 403, an auditor never downloading evidence — and the history
// folded to any event.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVIDENCE_BYTES } from '../../../domain/contracts/disputes';
import { ORACLE_ACTOR } from '../../../domain/disputes/dispute.decider';
import type { DisputeCommands } from '../../../domain/disputes/ports';
import { sineWav } from '../../../tests/support/audio';
import { recordingDisputeEffects } from '../../../tests/support/dispute-effects-stand-in';
import { multipartBody } from '../../../tests/support/multipart';
import { grantRole } from '../../../tests/support/roles';
import { seedWork } from '../../../tests/support/seed-work';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createDisputeActivities } from '../../../workflows/dispute/activities';
import { inProcessDisputeCommands } from '../../../tests/support/in-process-clients';

let testApp: TestApp;
let dataDir: string;

interface Account {
  cookie: string;
  userId: string;
  username: string;
}
let owner: Account;
let claimant: Account;
let stranger: Account;
let reviewer: Account;
let otherReviewer: Account;
let auditor: Account;
let workId: string;
let disputeId: string;
let evidenceId: string;
let client: DisputeCommands | null = null;
const audio = sineWav({ seconds: 0.2 });

async function signup(): Promise<Account> {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'correct horse battery' } });
  const cookie = `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;
  return { cookie, userId: response.json().user.id, username };
}

function call(method: 'GET' | 'POST', url: string, who: Account | null, payload?: object) {
  return testApp.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? { cookie: who.cookie } : {} });
}

const on = (route: string) => `/api/disputes/${disputeId}${route}`;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-disputes-'));
  const unused = async () => {
    throw new Error('the dispute routes do not drive tracks');
  };
  // The workflow's in-process client over the test app's own event store, with stand-in effects on the work.
  const commands: DisputeCommands = { file: (input, actor) => client!.file(input, actor), act: (id, request, actor) => client!.act(id, request, actor) };
  testApp = await startTestApp(dataDir, { start: async () => ({ workflowId: 'stand-in' }), master: unused, startMaster: unused, check: unused, register: unused, retryRegistration: unused }, { disputes: commands });
  client = inProcessDisputeCommands(createDisputeActivities({ eventStore: testApp.eventStore, effects: recordingDisputeEffects(1000) }));
  [owner, claimant, stranger, reviewer, otherReviewer, auditor] = await Promise.all([signup(), signup(), signup(), signup(), signup(), signup()]);
  await grantRole(testApp, reviewer.userId, 'reviewer');
  await grantRole(testApp, otherReviewer.userId, 'reviewer');
  await grantRole(testApp, auditor.userId, 'auditor');
  const work = await seedWork(testApp.eventStore, owner.userId, { title: 'Night Drive' });
  await testApp.projector.waitFor(work.position);
  workId = work.workId;
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const FILING = { disputeType: 'copyright_infringement', priority: 'high', subject: 'My hook', description: 'The hook of this work is mine', claimedRights: ['reproduction'] };

describe('dispute routes', () => {
  it('POST /api/disputes/file: refuses a visitor, an invalid form and one\'s own work; files with the automatic actions taken', async () => {
    expect((await call('POST', '/api/disputes/file', null, { workId, ...FILING })).statusCode).toBe(401);
    const invalid = await call('POST', '/api/disputes/file', claimant, { workId, ...FILING, subject: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatch(/Subject is required/);
    const own = await call('POST', '/api/disputes/file', owner, { workId, ...FILING });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: 'You cannot file a dispute against your own work' });
    const missing = await call('POST', '/api/disputes/file', claimant, { workId: randomUUID(), ...FILING });
    expect(missing.statusCode).toBe(404);

    const filed = await call('POST', '/api/disputes/file', claimant, { workId, ...FILING });
    expect(filed.statusCode).toBe(201);
    const body = filed.json();
    disputeId = body.disputeId;
    expect(body.autoActions.map((a: { action: string }) => a.action)).toEqual(['case_opened', 'payouts_frozen', 'licensing_frozen', 'owner_notified']);
    expect(body.dispute).toMatchObject({
      id: disputeId,
      status: 'open',
      workTitle: 'Night Drive',
      claimantName: claimant.username,
      respondentName: owner.username,
      frozenAssets: { payoutsFreeze: true, licensingFreeze: true, estimatedValue: 10 },
      deadlines: [{ kind: 'response', party: 'respondent' }],
      viewer: { isClaimant: true, isRespondent: false, allowedActions: ['add_evidence', 'message'] },
    });
  });

  it('GET /api/disputes/:id: a visitor 401, another user 404 as for a missing case; the owner may answer', async () => {
    expect((await call('GET', on(''), null)).statusCode).toBe(401);
    const strangers = await call('GET', on(''), stranger);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toEqual((await call('GET', `/api/disputes/${randomUUID()}`, stranger)).json());
    const owners = await call('GET', on(''), owner);
    expect(owners.json().dispute.viewer).toMatchObject({ isRespondent: true, allowedActions: ['respond', 'add_evidence', 'message'] });
    const auditors = await call('GET', on(''), auditor);
    expect(auditors.json().dispute.viewer).toMatchObject({ roles: ['creator', 'auditor'], allowedActions: [] });
  });

  it('GET /api/disputes: parties see their own, reviewers and auditors all, with filters and summary', async () => {
    expect((await call('GET', '/api/disputes', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/disputes', stranger)).json()).toMatchObject({ disputes: [], total: 0, summary: { byStatus: {} } });
    for (const who of [claimant, owner, reviewer, auditor]) {
      const list = (await call('GET', '/api/disputes', who)).json();
      expect(list.disputes.map((d: { id: string }) => d.id)).toEqual([disputeId]);
      expect(list.summary).toEqual({ byStatus: { open: 1 }, byType: { copyright_infringement: 1 }, byPriority: { high: 1 } });
    }
    expect((await call('GET', '/api/disputes?assignedTo=unassigned', reviewer)).json().total).toBe(1);
    expect((await call('GET', '/api/disputes?assignedTo=me', reviewer)).json().total).toBe(0);
    expect((await call('GET', '/api/disputes?priority=low', reviewer)).json().total).toBe(0);
    expect((await call('GET', '/api/disputes?status=nonsense', reviewer)).statusCode).toBe(400);
  });

  it('POST /api/disputes/:id/respond: only the owner answers', async () => {
    expect((await call('POST', on('/respond'), null, { message: 'x' })).statusCode).toBe(401);
    expect((await call('POST', on('/respond'), stranger, { message: 'x' })).statusCode).toBe(404);
    const claimants = await call('POST', on('/respond'), claimant, { message: 'x' });
    expect(claimants.statusCode).toBe(403);
    expect(claimants.json()).toEqual({ error: "Only the work's owner answers the claim" });
    const answered = await call('POST', on('/respond'), owner, { message: 'I wrote it in 2024' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().dispute).toMatchObject({ status: 'investigating', deadlines: [] });
  });

  it('POST /api/disputes/:id/evidence: parties add sniffed, hashed files; an auditor and a stranger may not; bad files are refused', async () => {
    const form = (file?: Buffer, name = 'stems.wav') => multipartBody({ type: 'audio', description: 'The stems' }, file ? { filename: name, contentType: 'audio/wav', content: file } : undefined);
    const send = (who: Account | null, body: ReturnType<typeof form>) => testApp.app.inject({ method: 'POST', url: on('/evidence'), payload: body.payload, headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) } });
    expect((await send(null, form(audio))).statusCode).toBe(401);
    expect((await send(stranger, form(audio))).statusCode).toBe(404);
    const auditors = await send(auditor, form(audio));
    expect(auditors.statusCode).toBe(403);
    expect(auditors.json()).toEqual({ error: 'Only the parties and the assigned reviewer may do this' });
    const unknown = await send(owner, form(Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 0, 9]), 'blob.bin'));
    expect(unknown.statusCode).toBe(415);
    const tooLarge = await send(owner, form(Buffer.concat([audio, Buffer.alloc(MAX_EVIDENCE_BYTES)])));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: 'File too large: evidence may be at most 25 MB' });
    const added = await send(owner, form(audio));
    expect(added.statusCode).toBe(200);
    const [document] = added.json().dispute.evidence.documents;
    expect(document).toMatchObject({ filename: 'stems.wav', type: 'audio', mimeType: 'audio/wav', size: audio.length, party: 'respondent', downloadable: true, sha256: createHash('sha256').update(audio).digest('hex') });
    evidenceId = document.id;
    const note = await send(claimant, form());
    expect(note.json().dispute.evidence.documents[1]).toMatchObject({ filename: '(note, no file)', size: 0, downloadable: false, party: 'claimant' });
    // The refused and failed attempts left no file behind.
    expect((await readdir(testApp.storage.uploadsDir)).filter((name) => name.startsWith('evidence-'))).toEqual([`evidence-${evidenceId}.wav`]);
    expect(await readdir(testApp.storage.stagingDir)).toEqual([]);
  });

  it('GET /api/disputes/:id/evidence/:evidenceId: parties and reviewers download; an auditor never', async () => {
    const url = on(`/evidence/${evidenceId}`);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    const auditors = await call('GET', url, auditor);
    expect(auditors.statusCode).toBe(403);
    expect(auditors.json().error).toMatch(/never download/);
    const auditorsView = (await call('GET', on(''), auditor)).json().dispute.evidence.documents[0];
    expect(auditorsView.downloadable).toBe(false);
    for (const who of [claimant, reviewer]) {
      const download = await call('GET', url, who);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('audio/wav');
      expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''stems.wav");
      expect(download.rawPayload.equals(audio)).toBe(true);
    }
  });

  it('POST /api/disputes/:id/messages: parties post; an auditor and a stranger may not', async () => {
    expect((await call('POST', on('/messages'), null, { message: 'hi' })).statusCode).toBe(401);
    expect((await call('POST', on('/messages'), stranger, { message: 'hi' })).statusCode).toBe(404);
    expect((await call('POST', on('/messages'), auditor, { message: 'hi' })).statusCode).toBe(403);
    const posted = await call('POST', on('/messages'), claimant, { message: 'Please look at bar 12' });
    expect(posted.json().dispute.messages).toEqual([expect.objectContaining({ senderName: claimant.username, senderType: 'claimant', message: 'Please look at bar 12' })]);
  });

  it('POST /api/disputes/:id/assign: a reviewer takes the case; a non-reviewer and a reviewer who is a party may not', async () => {
    expect((await call('POST', on('/assign'), null, {})).statusCode).toBe(401);
    const claimants = await call('POST', on('/assign'), claimant, {});
    expect(claimants.statusCode).toBe(403);
    expect(claimants.json()).toEqual({ error: 'This needs the reviewer role' });
    const toNobody = await call('POST', on('/assign'), reviewer, { reviewerUsername: 'nobody_here' });
    expect(toNobody.statusCode).toBe(400);
    const toOwner = await call('POST', on('/assign'), reviewer, { reviewerUsername: owner.username });
    expect(toOwner.statusCode).toBe(400);
    const assigned = await call('POST', on('/assign'), reviewer, {});
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().dispute).toMatchObject({ assignedToName: reviewer.username, viewer: { isAssignedReviewer: true } });
    expect(assigned.json().dispute.viewer.allowedActions).toEqual(['add_evidence', 'message', 'assign', 'change_status', 'request_evidence', 'resolve']);
    expect((await call('GET', '/api/disputes?assignedTo=me', reviewer)).json().total).toBe(1);
  });

  it('POST /api/disputes/:id/status: only the assigned reviewer', async () => {
    expect((await call('POST', on('/status'), null, { status: 'under_review' })).statusCode).toBe(401);
    const other = await call('POST', on('/status'), otherReviewer, { status: 'under_review' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'Only the reviewer assigned to this case may do this' });
    const changed = await call('POST', on('/status'), reviewer, { status: 'under_review', note: 'Listening' });
    expect(changed.json().dispute.status).toBe('under_review');
  });

  it('POST /api/disputes/:id/request-evidence: only the assigned reviewer; the case then shows the evidence deadline', async () => {
    expect((await call('POST', on('/request-evidence'), null, { from: 'claimant', note: 'x' })).statusCode).toBe(401);
    expect((await call('POST', on('/request-evidence'), claimant, { from: 'claimant', note: 'x' })).statusCode).toBe(403);
    const requested = await call('POST', on('/request-evidence'), reviewer, { from: 'claimant', note: 'Your session files' });
    expect(requested.json().dispute).toMatchObject({ status: 'pending_evidence', deadlines: [{ kind: 'evidence', party: 'claimant' }] });
  });

  it('POST /api/disputes/:id/review-decision: refused on a user\'s dispute and to anyone not assigned', async () => {
    expect((await call('POST', on('/review-decision'), null, { outcome: 'cleared', details: 'x' })).statusCode).toBe(401);
    expect((await call('POST', on('/review-decision'), owner, { outcome: 'cleared', details: 'x' })).statusCode).toBe(403);
    const onDispute = await call('POST', on('/review-decision'), reviewer, { outcome: 'cleared', details: 'x' });
    expect(onDispute.statusCode).toBe(409);
    expect(onDispute.json()).toEqual({ error: 'Only a review of a held track is cleared or refused' });
  });

  it('POST /api/disputes/:id/review-decision: the assigned reviewer clears a track the oracle held', async () => {
    const held = await seedWork(testApp.eventStore, owner.userId, { title: 'Held track', status: 'needs_review', outcome: null });
    const review = await client!.file(
      { kind: 'oracle_review', workId: held.workId, checkId: 'c1', disputeType: 'copyright_infringement', priority: 'medium', subject: 'Held for review', description: 'The check needs a person', claimedRights: [] },
      ORACLE_ACTOR,
    );
    const url = `/api/disputes/${review.disputeId}`;
    const owners = (await call('GET', url, owner)).json().dispute;
    expect(owners).toMatchObject({ kind: 'oracle_review', claimantName: 'Copyright oracle', viewer: { isRespondent: true, allowedActions: ['add_evidence', 'message'] } });
    await call('POST', `${url}/assign`, reviewer, {});
    expect((await call('POST', `${url}/resolve`, reviewer, { outcome: 'upheld', details: 'x' })).statusCode).toBe(409);
    const decided = await call('POST', `${url}/review-decision`, reviewer, { outcome: 'cleared', details: 'Only the drum loop is alike, and it is licensed' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().dispute).toMatchObject({ status: 'resolved', resolution: { outcome: 'cleared', resolvedByName: reviewer.username } });
  });

  it('POST /api/disputes/:id/resolve: only the assigned reviewer; the appeal window then counts down', async () => {
    const resolution = { outcome: 'upheld', details: 'The hook matches', compensationCents: 2500 };
    expect((await call('POST', on('/resolve'), null, resolution)).statusCode).toBe(401);
    expect((await call('POST', on('/resolve'), owner, resolution)).statusCode).toBe(403);
    expect((await call('POST', on('/resolve'), auditor, resolution)).statusCode).toBe(403);
    expect((await call('POST', on('/resolve'), otherReviewer, resolution)).statusCode).toBe(403);
    const resolved = await call('POST', on('/resolve'), reviewer, resolution);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().dispute).toMatchObject({
      status: 'resolved',
      resolution: { outcome: 'upheld', details: 'The hook matches', resolvedByName: reviewer.username, byDefault: false, compensationAmount: 10, compensationNote: 'Only 1000 cents were pending' },
      frozenAssets: { payoutsFreeze: false, licensingFreeze: false },
      deadlines: [{ kind: 'appeal', party: 'either' }],
    });
  });

  it('POST /api/disputes/:id/appeal: either party once, freezing the work again; a reviewer may not', async () => {
    expect((await call('POST', on('/appeal'), null, { reason: 'x' })).statusCode).toBe(401);
    expect((await call('POST', on('/appeal'), stranger, { reason: 'x' })).statusCode).toBe(404);
    const reviewers = await call('POST', on('/appeal'), reviewer, { reason: 'x' });
    expect(reviewers.statusCode).toBe(403);
    expect(reviewers.json()).toEqual({ error: 'Only the claimant or the respondent may appeal' });
    const appealed = await call('POST', on('/appeal'), owner, { reason: 'I have the dated project files' });
    expect(appealed.json().dispute).toMatchObject({
      status: 'escalated',
      appeal: { byName: owner.username, reason: 'I have the dated project files' },
      frozenAssets: { payoutsFreeze: true, licensingFreeze: true },
      deadlines: [],
    });
    const again = await call('POST', on('/appeal'), claimant, { reason: 'x' });
    expect(again.statusCode).toBe(409);
  });

  it('GET /api/disputes/:id/history: auditors, reviewers and parties see the events and the case folded to any of them', async () => {
    expect((await call('GET', on('/history'), null)).statusCode).toBe(401);
    expect((await call('GET', on('/history'), stranger)).statusCode).toBe(404);
    const full = (await call('GET', on('/history'), auditor)).json();
    expect(full.events[0]).toMatchObject({ position: 1, type: 'DisputeFiled', actor: `user:${claimant.userId}` });
    expect(full.events.map((e: { type: string }) => e.type)).toContain('DisputeAppealed');
    expect(full.foldedThrough).toBe(full.events.length);
    expect(full.state).toMatchObject({ status: 'escalated' });
    const atFiling = (await call('GET', on('/history?upTo=1'), auditor)).json();
    expect(atFiling).toMatchObject({ foldedThrough: 1, state: { status: 'open', answeredAt: null, reviewer: null }, dispute: { status: 'escalated' } });
    expect((await call('GET', on('/history?upTo=9999'), owner)).json().foldedThrough).toBe(full.events.length);
    expect((await call('GET', on('/history?upTo=-1'), owner)).statusCode).toBe(400);
  });
});
