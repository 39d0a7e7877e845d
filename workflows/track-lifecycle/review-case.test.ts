// The track's side of an oracle review, without a Temporal server: the activities that open the
// case after a hold and record the reviewer's decision, and the decision's direct delivery.
import { randomUUID } from 'node:crypto';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OracleReviewFiling } from '../../domain/disputes/oracle-review';
import { UserRegistered, userStreamId } from '../../domain/identity/user.events';
import { eventRegistry } from '../../domain/registry';
import { TrackCopyrightCheckStarted, TrackCopyrightChecked } from '../../domain/track/stage.events';
import { TrackFileStored, TrackProbed, TrackUploadReceived, trackStreamId } from '../../domain/track/track.events';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { checkAnalysis, trackEventMetadata } from '../../tests/support/seed-track';
import { createTrackLifecycleActivities, type TrackLifecycleActivityDeps } from './activities';
import { recordReviewDecision } from './review-decision';
import { trackLifecycleWorkflowId, type TrackLifecycleInput } from './shared';

describe('the track side of an oracle review', () => {
  let db: Db;
  let eventStore: PostgresEventStore;

  beforeAll(async () => {
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
  });
  afterAll(async () => {
    await eventStore.close();
    await db.close();
  });

  /** A signed-up owner's track whose check 'c1' gave `verdict`. */
  async function checkedTrack(verdict: 'needs_review' | 'cleared' | 'conflict'): Promise<TrackLifecycleInput> {
    const ownerId = randomUUID();
    const user = UserRegistered.create({ userId: ownerId, username: `owner_${ownerId.slice(0, 6)}`, passwordHash: 'x'.repeat(32) });
    await eventStore.append(userStreamId(ownerId), [{ eventId: randomUUID(), ...user, metadata: trackEventMetadata(ownerId, ownerId) }], 'no_stream');
    const trackId = randomUUID();
    const sha256 = 'c'.repeat(64);
    const events = [
      TrackUploadReceived.create({ trackId, ownerId, title: 'Harbour', description: '', contentType: 'music', royaltySplit: 100, originalName: 'h.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 10, genre: null }),
      TrackFileStored.create({ trackId, storedName: `${trackId}.wav`, sha256, size: 10 }),
      TrackProbed.create({ trackId, format: 'wav', durationSeconds: 60, codec: 'pcm_s16le', sampleRate: 44100, channels: 2, bitRate: 1411200 }),
      TrackCopyrightCheckStarted.create({ trackId, checkId: 'c1', storedName: `${trackId}.wav`, sha256 }),
      TrackCopyrightChecked.create({ trackId, checkId: 'c1', sha256, elapsedSeconds: 1, analysis: checkAnalysis({ status: verdict, clearanceScore: 50, reason: verdict === 'cleared' ? null : 'A melody like “Lights” by alice' }) }),
    ];
    await eventStore.append(trackStreamId(trackId), events.map((e) => ({ eventId: randomUUID(), ...e, metadata: trackEventMetadata(trackId, ownerId) })), 'no_stream');
    return { trackId, ownerId, title: 'Harbour', description: '', contentType: 'music', royaltySplit: 100, genre: null, originalName: 'h.wav', stagingName: 'x', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 10, correlationId: randomUUID(), actor: `user:${ownerId}` };
  }

  const activitiesWith = (openOracleReview?: TrackLifecycleActivityDeps['openOracleReview']) =>
    createTrackLifecycleActivities({ eventStore, db, storage: {} as never, ledger: {} as never, signingKey: {} as never, openOracleReview });
  const envOf = (input: TrackLifecycleInput) => new MockActivityEnvironment({ workflowExecution: { workflowId: trackLifecycleWorkflowId(input.trackId), runId: randomUUID() } });
  const types = async (trackId: string) => (await eventStore.readStream(trackStreamId(trackId))).map((e) => e.type);
  const check = (input: TrackLifecycleInput) => ({ checkId: 'c1', correlationId: input.correlationId, actor: input.actor });

  it('opens one case for a held check, named by the check, with the owner and the reason, and records it on the track once', async () => {
    const input = await checkedTrack('needs_review');
    const filings: OracleReviewFiling[] = [];
    const activities = activitiesWith(async (filing) => {
      filings.push(filing);
      return { disputeId: filing.disputeId };
    });
    expect(await envOf(input).run(activities.openReviewCase, input, check(input))).toBe('review-c1');
    expect(await envOf(input).run(activities.openReviewCase, input, check(input))).toBe('review-c1');
    expect(filings).toEqual([
      { disputeId: 'review-c1', trackId: input.trackId, checkId: 'c1', title: 'Harbour', ownerId: input.ownerId, ownerName: `owner_${input.ownerId.slice(0, 6)}`, description: 'A melody like “Lights” by alice', origin: 'needs_review' },
    ]);
    expect((await types(input.trackId)).filter((t) => t === 'TrackCopyrightReviewOpened')).toHaveLength(1);
  });

  it('opens nothing for a cleared check or a conflict, and records nothing when no case service is given', async () => {
    let calls = 0;
    const counting = activitiesWith(async (filing) => {
      calls++;
      return { disputeId: filing.disputeId };
    });
    for (const verdict of ['cleared', 'conflict'] as const) {
      const input = await checkedTrack(verdict);
      expect(await envOf(input).run(counting.openReviewCase, input, check(input))).toBeNull();
    }
    expect(calls).toBe(0);
    const held = await checkedTrack('needs_review');
    expect(await envOf(held).run(activitiesWith().openReviewCase, held, check(held))).toBeNull();
    expect(await types(held.trackId)).not.toContain('TrackCopyrightReviewOpened');
  });

  it('records the reviewer\'s decision once however often the activity runs, and refuses one about another check', async () => {
    const input = await checkedTrack('needs_review');
    const activities = activitiesWith();
    const decision = { ...check(input), disputeId: 'review-c1', outcome: 'cleared' as const, details: 'Only the chords are shared', reviewerName: 'rita' };
    await envOf(input).run(activities.decideCopyrightReview, input, decision);
    await envOf(input).run(activities.decideCopyrightReview, input, decision);
    expect((await types(input.trackId)).filter((t) => t === 'TrackCopyrightReviewDecided')).toHaveLength(1);
    await expect(envOf(input).run(activities.decideCopyrightReview, input, { ...decision, checkId: 'c0', disputeId: 'review-c0' })).rejects.toThrow('A reviewer already decided this check: cleared');
  });

  it('delivers a decision straight to the stream: recorded once, a second delivery is a no-op, a contrary one is refused with the track\'s reason', async () => {
    const input = await checkedTrack('needs_review');
    const deliver = recordReviewDecision(eventStore);
    const decision = { trackId: input.trackId, checkId: 'c1', disputeId: 'review-c1', outcome: 'refused' as const, details: 'The chorus is copied', reviewerName: 'rita' };
    expect(await deliver(decision)).toEqual({ delivered: true, detail: 'The track was refused' });
    expect(await deliver(decision)).toEqual({ delivered: true, detail: 'The track had already been refused' });
    expect(await deliver({ ...decision, outcome: 'cleared' })).toEqual({ delivered: false, detail: 'A reviewer already decided this check: refused' });
    const recorded = (await eventStore.readStream(trackStreamId(input.trackId))).filter((e) => e.type === 'TrackCopyrightReviewDecided');
    expect(recorded.map((e) => [e.data, e.metadata.actor])).toEqual([[expect.objectContaining({ outcome: 'refused', reviewerName: 'rita', disputeId: 'review-c1' }), 'reviewer:rita']]);
  });

  it('refuses to deliver a decision about a check that cleared the track', async () => {
    const input = await checkedTrack('cleared');
    expect(await recordReviewDecision(eventStore)({ trackId: input.trackId, checkId: 'c1', disputeId: 'review-c1', outcome: 'cleared', details: 'x', reviewerName: 'rita' })).toEqual({
      delivered: false,
      detail: 'The check cleared the track; there is nothing to review',
    });
  });
});
