// The review material of an oracle_review case, through the API: what the reviewer and the held
// track's owner see and hear, and who is refused (signed out, auditors, anyone else).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewMaterialSchema } from '../../../domain/contracts/disputes';
import { DisputeFiled, disputeStreamId } from '../../../domain/disputes/dispute.events';
import { TrackCopyrightCheckStarted, TrackCopyrightChecked } from '../../../domain/track/stage.events';
import { sineWav } from '../../../tests/support/audio';
import { grantRole } from '../../../tests/support/roles';
import { appendTrackEvents, checkAnalysis, seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

const notExpected = async (): Promise<never> => {
  throw new Error('the API reached the workflow');
};

describe('GET /api/disputes/:id/review and its audio', () => {
  let dir: string;
  let t: TestApp;
  const cookies: Record<'owner' | 'reviewer' | 'auditor' | 'stranger', string> = { owner: '', reviewer: '', auditor: '', stranger: '' };
  let heldTrackId: string;
  let workId: string;
  let caseId: string;
  let disputeCaseId: string;

  async function signup(): Promise<{ cookie: string; userId: string }> {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
    return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id };
  }

  async function fileCase(kind: 'oracle_review' | 'dispute', trackId: string, ownerId: string): Promise<string> {
    const disputeId = kind === 'oracle_review' ? 'review-held1' : randomUUID();
    const filedAt = new Date().toISOString();
    const filed = DisputeFiled.create({
      disputeId, kind, workId: trackId, workTitle: 'Harbour', ownerId, ownerName: 'the_owner', claimant: kind === 'oracle_review' ? { userId: null, name: 'Copyright oracle' } : { userId: randomUUID(), name: 'claimant' },
      disputeType: 'copyright_infringement', priority: 'medium', subject: 'Held', description: 'A melody like “Lights”', claimedRights: [], estimatedValueCents: 0,
      checkId: kind === 'oracle_review' ? 'held1' : null, filedAt, answerDueAt: kind === 'dispute' ? filedAt : null,
    });
    const metadata = { correlationId: 'test', causationId: null, actor: 'oracle', workflowId: null, occurredAt: filedAt };
    await t.eventStore.append(disputeStreamId(disputeId), [{ eventId: randomUUID(), ...filed, metadata }], 'no_stream');
    return disputeId;
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-review-'));
    t = await startTestApp(dir, { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
    const owner = await signup();
    const reviewer = await signup();
    const auditor = await signup();
    const other = await signup();
    Object.assign(cookies, { owner: owner.cookie, reviewer: reviewer.cookie, auditor: auditor.cookie, stranger: (await signup()).cookie });
    await grantRole(t, reviewer.userId, 'reviewer');
    await grantRole(t, auditor.userId, 'auditor');

    // Another creator's registered work, and the owner's track its check held for review.
    const registered = await seedTrack(t, other.userId, { until: 'registered', title: 'Lights' });
    await writeFile(t.storage.storedPath(registered.storedName), sineWav({ seconds: 0.5, frequency: 440 }));
    workId = `${registered.trackId}:c1`;
    const held = await seedTrack(t, owner.userId, { until: 'probed', title: 'Harbour', sha256: 'd'.repeat(64) });
    heldTrackId = held.trackId;
    await writeFile(t.storage.storedPath(held.storedName), sineWav({ seconds: 0.5, frequency: 330 }));
    const passage = (start: number, similarity: number) => ({ workId, title: 'Lights', owner: 'lights_owner', registeredAt: '2026-01-01T00:00:00.000Z', kind: 'melody' as const, similarity, upload: { startSeconds: start, endSeconds: start + 10 }, work: { startSeconds: start + 5, endSeconds: start + 15 } });
    await appendTrackEvents(t, held.trackId, owner.userId, [
      TrackCopyrightCheckStarted.create({ trackId: held.trackId, checkId: 'held1', storedName: held.storedName, sha256: held.sha256 }),
      TrackCopyrightChecked.create({ trackId: held.trackId, checkId: 'held1', sha256: held.sha256, elapsedSeconds: 1, analysis: checkAnalysis({ status: 'needs_review', clearanceScore: 60, reason: 'A melody like “Lights” by lights_owner', passages: [passage(40, 71), passage(10, 64)] }) }),
    ]);
    caseId = await fileCase('oracle_review', held.trackId, owner.userId);
    disputeCaseId = await fileCase('dispute', held.trackId, owner.userId);
  });

  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, who: keyof typeof cookies | null, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...headers, ...(who ? { cookie: cookies[who] } : {}) } });

  it('shows a reviewer both works with audio and the passages in the order they play, from the check that held the track', async () => {
    const response = await get(`/api/disputes/${caseId}/review`, 'reviewer');
    expect(response.statusCode).toBe(200);
    const material = reviewMaterialSchema.parse(response.json());
    expect(material).toEqual({
      track: { id: heldTrackId, title: 'Harbour', ownerName: 'the_owner', audioUrl: `/api/disputes/${caseId}/review/audio/track` },
      checkId: 'held1',
      verdict: 'needs_review',
      reason: 'A melody like “Lights” by lights_owner',
      searched: 'the GOOSE works registered at the time (reference recordings and AcoustID were not searched then)',
      referenceMatches: [],
      externalMatches: [],
      matches: [
        {
          workId,
          title: 'Lights',
          ownerName: 'lights_owner',
          similarity: 71,
          audioUrl: `/api/disputes/${caseId}/review/audio/works/${encodeURIComponent(workId)}`,
          passages: [
            { queryStart: 10, queryEnd: 20, workStart: 15, workEnd: 25, similarity: 64 },
            { queryStart: 40, queryEnd: 50, workStart: 45, workEnd: 55, similarity: 71 },
          ],
        },
      ],
    });
  });

  it('streams both audios to a reviewer and to the track\'s owner, with ranges so the players can seek', async () => {
    const material = reviewMaterialSchema.parse((await get(`/api/disputes/${caseId}/review`, 'owner')).json());
    for (const url of [material.track.audioUrl!, material.matches[0]!.audioUrl!]) {
      for (const who of ['reviewer', 'owner'] as const) {
        const whole = await get(url, who);
        expect(whole.statusCode).toBe(200);
        expect(whole.headers['content-type']).toMatch(/^audio\//);
        const part = await get(url, who, { range: 'bytes=0-99' });
        expect(part.statusCode).toBe(206);
        expect(part.rawPayload).toHaveLength(100);
      }
    }
  });

  it('refuses an auditor the material and the audio (403), a visitor (401), and answers anyone else as if there were no case (404)', async () => {
    const urls = [`/api/disputes/${caseId}/review`, `/api/disputes/${caseId}/review/audio/track`, `/api/disputes/${caseId}/review/audio/works/${encodeURIComponent(workId)}`];
    for (const url of urls) {
      const auditor = await get(url, 'auditor');
      expect(auditor.statusCode).toBe(403);
      expect(auditor.json()).toEqual({ error: "Auditors read a case's history; the creators' audio is for reviewers and the track's owner only" });
      expect((await get(url, null)).statusCode).toBe(401);
      const stranger = await get(url, 'stranger');
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toEqual({ error: `No review case ${caseId}` });
    }
  });

  it('has no review for a dispute filed by a user, and streams no work the case\'s check did not match', async () => {
    expect((await get(`/api/disputes/${disputeCaseId}/review`, 'reviewer')).json()).toEqual({ error: `No review case ${disputeCaseId}` });
    const unmatched = await get(`/api/disputes/${caseId}/review/audio/works/${heldTrackId}`, 'reviewer');
    expect(unmatched.statusCode).toBe(404);
    expect(unmatched.json()).toEqual({ error: `The check of this case matched no work ${heldTrackId}` });
  });
});
