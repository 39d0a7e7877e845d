// Holds on a rights holder's references through the API, with the case workflow's in-process client:
// an upload held for matching a holder's reference opens its review case naming the holder (by the
// audio index), the holder lists it, hears the held upload (only that file), and releases it (the
// decision reaches the track) or claims the work (then adds evidence as the claimant); the uploader
// and strangers cannot release or claim, and strangers do not see the case at all.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeResponseSchema } from '../../../domain/contracts/disputes';
import { referenceHoldListSchema } from '../../../domain/contracts/reference-holds';
import { oracleReviewDisputeId, openOracleReviewThrough } from '../../../domain/disputes/oracle-review';
import { openReferenceConflictThrough, referenceConflictDisputeId } from '../../../domain/disputes/reference-review';
import type { DeliverReviewDecision, DisputeCommands } from '../../../domain/disputes/ports';
import { TrackCopyrightCheckStarted, TrackCopyrightChecked } from '../../../domain/track/stage.events';
import { sineWav } from '../../../tests/support/audio';
import { recordingDisputeEffects } from '../../../tests/support/dispute-effects-stand-in';
import { inProcessDisputeCommands } from '../../../tests/support/in-process-clients';
import { registeredWork } from '../../../tests/support/licensing';
import { appendTrackEvents, checkAnalysis, seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createDisputeActivities } from '../../../workflows/dispute/activities';

const notExpected = async (): Promise<never> => {
  throw new Error('the API reached the track workflow');
};

let dir: string;
let t: TestApp;
let commands: DisputeCommands;
const delivered: Parameters<DeliverReviewDecision>[0][] = [];
const users: Record<'uploader' | 'holder' | 'stranger', { cookie: string; userId: string }> = {} as never;

async function signup(): Promise<{ cookie: string; userId: string }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id };
}

/** The uploader's track, held by check `checkId` for matching the holder's reference "Night Ferry"; its review case opened as the track's workflow opens it. */
async function heldUpload(checkId: string): Promise<string> {
  const held = await seedTrack(t, users.uploader.userId, { until: 'probed', title: 'Ferry Song', sha256: randomUUID().replaceAll('-', '').padEnd(64, '0') });
  await writeFile(t.storage.storedPath(held.storedName), sineWav({ seconds: 0.5, frequency: 330 }));
  const match = { referenceId: 'ref-night-ferry', title: 'Night Ferry', holderName: 'Harbour Records', kind: 'recording' as const, similarity: 96, upload: { startSeconds: 0, endSeconds: 20 }, reference: { startSeconds: 5, endSeconds: 25 } };
  await appendTrackEvents(t, held.trackId, users.uploader.userId, [
    TrackCopyrightCheckStarted.create({ trackId: held.trackId, checkId, storedName: held.storedName, sha256: held.sha256 }),
    TrackCopyrightChecked.create({
      trackId: held.trackId,
      checkId,
      sha256: held.sha256,
      elapsedSeconds: 1,
      analysis: checkAnalysis({ status: 'needs_review', clearanceScore: 100, reason: 'This track matches “Night Ferry”, a reference recording of Harbour Records', referenceMatches: [match] }),
    }),
  ]);
  const { disputeId } = await openOracleReviewThrough(commands)({
    disputeId: oracleReviewDisputeId(checkId),
    trackId: held.trackId,
    checkId,
    title: 'Ferry Song',
    ownerId: users.uploader.userId,
    ownerName: 'uploader',
    description: 'This track matches “Night Ferry”, a reference recording of Harbour Records',
    origin: 'needs_review',
  });
  await settle(disputeId);
  return disputeId;
}

async function settle(disputeId: string): Promise<void> {
  await t.projector.waitFor((await t.eventStore.readStream(`dispute-${disputeId}`)).at(-1)!.position);
}

const as = (who: keyof typeof users, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: users[who].cookie, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-reference-holds-'));
  let client: DisputeCommands | null = null;
  const forward: DisputeCommands = { file: (input, actor) => client!.file(input, actor), act: (id, request, actor) => client!.act(id, request, actor) };
  t = await startTestApp(dir, { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected }, { disputes: forward });
  users.uploader = await signup();
  users.holder = await signup();
  users.stranger = await signup();
  client = inProcessDisputeCommands(
    createDisputeActivities({
      eventStore: t.eventStore,
      effects: recordingDisputeEffects(0),
      referenceHoldersOf: async (ids) => new Map(ids.filter((id) => id === 'ref-night-ferry').map((id) => [id, { holderId: users.holder.userId, holderName: 'Harbour Records' }])),
      deliverReviewDecision: async (decision) => {
        delivered.push(decision);
        return { delivered: true, detail: 'taken' };
      },
    }),
  );
  commands = forward;
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('holds on references', () => {
  it('lists the hold to its holder only, with the held title and matched passages, and lets them hear the held upload', async () => {
    const disputeId = await heldUpload('hold-a');
    const listed = referenceHoldListSchema.parse((await as('holder', 'GET', '/api/references/holds')).json());
    expect(listed.holds).toEqual([
      {
        disputeId,
        trackTitle: 'Ferry Song',
        uploaderName: expect.stringMatching(/^user_/),
        heldAt: expect.any(String),
        state: 'held',
        matches: [{ title: 'Night Ferry', kind: 'recording', similarity: 96, upload: { startSeconds: 0, endSeconds: 20 }, reference: { startSeconds: 5, endSeconds: 25 } }],
        decision: null,
        audioUrl: `/api/disputes/${disputeId}/review/audio/track`,
        allowedActions: ['release_hold', 'claim_work'],
      },
    ]);
    expect(referenceHoldListSchema.parse((await as('stranger', 'GET', '/api/references/holds')).json()).holds).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/references/holds' })).statusCode).toBe(401);
    expect((await as('holder', 'GET', listed.holds[0]!.audioUrl)).statusCode).toBe(200);
    expect((await as('stranger', 'GET', listed.holds[0]!.audioUrl)).statusCode).toBe(404);
    // The case names the reference by title and holder, never by its ids.
    const seen = await as('holder', 'GET', `/api/disputes/${disputeId}`);
    expect(seen.statusCode).toBe(200);
    const { dispute } = disputeResponseSchema.parse(seen.json());
    expect(dispute.references.map((r) => [r.title, r.holderName, r.released])).toEqual([['Night Ferry', 'Harbour Records', false]]);
    expect(dispute.viewer.isReferenceHolder).toBe(true);
    expect(seen.body).not.toContain('ref-night-ferry');
    expect((await as('stranger', 'GET', `/api/disputes/${disputeId}`)).statusCode).toBe(404);
  });

  it('refuses release and claim to the uploader (403) and to strangers (404)', async () => {
    const disputeId = await heldUpload('hold-b');
    const byUploader = await as('uploader', 'POST', `/api/disputes/${disputeId}/release-hold`, { note: 'mine' });
    expect([byUploader.statusCode, byUploader.json()]).toEqual([403, { error: 'Only the holder of a reference this upload matched may do this' }]);
    expect((await as('uploader', 'POST', `/api/disputes/${disputeId}/claim`, { note: 'mine' })).statusCode).toBe(403);
    expect((await as('stranger', 'POST', `/api/disputes/${disputeId}/release-hold`, {})).statusCode).toBe(404);
    expect((await as('holder', 'POST', `/api/disputes/${disputeId}/claim`, { note: '  ' })).statusCode).toBe(400);
  });

  it('releases the hold: the case is decided cleared and the decision reaches the track, and the audio is no longer theirs to hear', async () => {
    const disputeId = await heldUpload('hold-c');
    const released = await as('holder', 'POST', `/api/disputes/${disputeId}/release-hold`, { note: 'Licensed to them' });
    expect(released.statusCode, released.body).toBe(200);
    const { dispute } = disputeResponseSchema.parse(released.json());
    expect(dispute.resolution).toMatchObject({ outcome: 'cleared', resolvedByName: expect.any(String) });
    expect(delivered.find((d) => d.disputeId === disputeId)).toMatchObject({ checkId: 'hold-c', outcome: 'cleared' });
    const hold = referenceHoldListSchema.parse((await as('holder', 'GET', '/api/references/holds')).json()).holds.find((h) => h.disputeId === disputeId)!;
    expect([hold.state, hold.allowedActions]).toEqual(['cleared', []]);
    expect((await as('holder', 'GET', hold.audioUrl)).statusCode).toBe(404);
    expect((await as('holder', 'POST', `/api/disputes/${disputeId}/release-hold`, {})).statusCode).toBe(409);
  });

  it('claims the work: the holder becomes the claimant, may add evidence, and a reviewer decides', async () => {
    const disputeId = await heldUpload('hold-d');
    const claimed = await as('holder', 'POST', `/api/disputes/${disputeId}/claim`, { note: 'We own this recording' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const { dispute } = disputeResponseSchema.parse(claimed.json());
    expect([dispute.claimantName, dispute.viewer.isClaimant, dispute.resolution]).toEqual([expect.any(String), true, null]);
    expect(dispute.viewer.allowedActions).toEqual(['add_evidence', 'message']);
    const hold = referenceHoldListSchema.parse((await as('holder', 'GET', '/api/references/holds')).json()).holds.find((h) => h.disputeId === disputeId)!;
    expect(hold.state).toBe('claimed');
    expect((await as('holder', 'POST', `/api/disputes/${disputeId}/messages`, { message: 'Our ISRC is GB-XXX-26-00001' })).statusCode).toBe(200);
  });

  it('opens a case for both sides when a delivered reference matches a registered work: the holder as claimant, the owner as respondent, no answer deadline (a reviewer decides)', async () => {
    const workId = await registeredWork(t, users.uploader.userId, 'Tide Lines');
    const open = openReferenceConflictThrough(commands);
    const filing = {
      disputeId: referenceConflictDisputeId('ref-night-ferry', workId),
      referenceId: 'ref-night-ferry',
      referenceTitle: 'Night Ferry',
      holderId: users.holder.userId,
      holderName: 'Harbour Records',
      workId,
      similarity: 97,
      description: 'The reference “Night Ferry” is the same recording as this work (97% similar).',
    };
    const { disputeId } = await open(filing);
    // Delivered again, the same reference opens no second case.
    expect((await open(filing)).disputeId).toBe(disputeId);
    await settle(disputeId);
    const asOwner = disputeResponseSchema.parse((await as('uploader', 'GET', `/api/disputes/${disputeId}`)).json()).dispute;
    expect([asOwner.kind, asOwner.claimantName, asOwner.viewer.isRespondent, asOwner.deadlines]).toEqual(['dispute', 'Harbour Records', true, []]);
    expect(asOwner.references.map((r) => [r.title, r.holderName])).toEqual([['Night Ferry', 'Harbour Records']]);
    expect(asOwner.viewer.allowedActions).toContain('respond');
    const asHolder = disputeResponseSchema.parse((await as('holder', 'GET', `/api/disputes/${disputeId}`)).json()).dispute;
    expect([asHolder.viewer.isClaimant, asHolder.viewer.allowedActions]).toEqual([true, ['add_evidence', 'message']]);
    expect((await as('stranger', 'GET', `/api/disputes/${disputeId}`)).statusCode).toBe(404);
  });
});
