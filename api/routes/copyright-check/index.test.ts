// POST /api/copyright-check/{id}/review-request opens a review case: a creator contests a conflict
// (or asks again about a hold) and the case is filed once per check, recorded on the track and
// shown in the vault as "Held for review — a reviewer is looking at it" for a hold.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OracleReviewFiling } from '../../../domain/disputes/oracle-review';
import { TrackCopyrightCheckStarted, TrackCopyrightChecked } from '../../../domain/track/stage.events';
import { trackStreamId } from '../../../domain/track/track.events';
import { appendTrackEvents, checkAnalysis, seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

const notExpected = async (): Promise<never> => {
  throw new Error('the API reached the workflow');
};

describe('POST /api/copyright-check/:id/review-request opens a review case', () => {
  let dir: string;
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  const filings: OracleReviewFiling[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-review-request-'));
    const stub = { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected };
    t = await startTestApp(dir, stub, {
      openOracleReview: async (filing) => {
        filings.push(filing);
        return { disputeId: filing.disputeId };
      },
    });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
    owner = { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id };
  });

  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function checked(verdict: 'conflict' | 'needs_review', checkId: string) {
    const track = await seedTrack(t, owner.userId, { until: 'probed', title: `Song ${checkId}` });
    await appendTrackEvents(t, track.trackId, owner.userId, [
      TrackCopyrightCheckStarted.create({ trackId: track.trackId, checkId, storedName: track.storedName, sha256: track.sha256 }),
      TrackCopyrightChecked.create({
        trackId: track.trackId, checkId, sha256: track.sha256, elapsedSeconds: 1,
        analysis: checkAnalysis({ status: verdict, clearanceScore: 10, reason: 'The same recording as “Lights” by alice', conflicts: verdict === 'conflict' ? [{ workId: 'w:1', owner: 'alice', similarity: 97, kind: 'fingerprint' }] : [] }),
      }),
    ]);
    return track.trackId;
  }
  const request = (trackId: string, note?: string) => t.app.inject({ method: 'POST', url: `/api/copyright-check/${trackId}/review-request`, payload: note ? { note } : {}, headers: { cookie: owner.cookie } });

  it('contesting a conflict files one case for the check with the creator\'s note, records it on the track and shows it in the answer', async () => {
    const trackId = await checked('conflict', 'k1');
    const response = await request(trackId, 'I licensed that sample');
    expect(response.statusCode).toBe(200);
    expect(response.json().check).toMatchObject({ verdict: 'conflict', reviewRequest: { note: 'I licensed that sample' }, review: { disputeId: 'review-k1', decision: null } });
    expect(filings.at(-1)).toEqual({ disputeId: 'review-k1', trackId, checkId: 'k1', title: 'Song k1', ownerId: owner.userId, ownerName: expect.stringMatching(/^user_/), description: 'I licensed that sample', origin: 'contested' });
    const types = (await t.eventStore.readStream(trackStreamId(trackId))).map((e) => e.type);
    expect(types.slice(-2)).toEqual(['TrackCopyrightReviewRequested', 'TrackCopyrightReviewOpened']);
    expect((await request(trackId)).json().error).toMatch(/^A review of this check was already requested on/);
    expect(filings.filter((f) => f.checkId === 'k1')).toHaveLength(1);
  });

  it('a hold whose case is open reads "Held for review — a reviewer is looking at it" in the vault', async () => {
    const trackId = await checked('needs_review', 'k2');
    expect((await request(trackId)).statusCode).toBe(200);
    const vault = (await t.app.inject({ method: 'GET', url: '/api/vault', headers: { cookie: owner.cookie } })).json() as { id: string; workflow: { stageLabel: string } }[];
    expect(vault.find((i) => i.id === trackId)!.workflow.stageLabel).toBe('Held for review — a reviewer is looking at it');
    expect(filings.at(-1)).toMatchObject({ checkId: 'k2', origin: 'needs_review', description: 'The same recording as “Lights” by alice' });
  });
});
