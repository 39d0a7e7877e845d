// The analytics overview's count of the vault (tallyContent) on PGlite: it reads each track's state
// in SQL, so it must agree with what the Vault tab shows (toVaultItem) for tracks in every state a
// lifecycle reaches: received, failed at intake, mid-check, cleared, in conflict, held and then
// cleared or refused on review, a check that failed, and a certified registration.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckOutcome } from '../../domain/contracts/analytics';
import {
  TrackCertificateIssued,
  TrackCopyrightCheckFailed,
  TrackCopyrightCheckStarted,
  TrackCopyrightChecked,
  TrackCopyrightReviewDecided,
  TrackStoredInVault,
} from '../../domain/track/stage.events';
import { TrackIntakeFailed, TrackUploadReceived } from '../../domain/track/track.events';
import { appendTrackEvents, checkAnalysis, seedTrack, type SeededTrack } from '../../tests/support/seed-track';
import { openOnPglite, type ProjectionDatabase } from '../../tests/support/projection-databases';
import { vaultProjection } from './projection';
import { listVault, tallyContent, trackStatusOf, vaultStatusOf } from './queries';

let database: ProjectionDatabase;
const owner = randomUUID();

beforeAll(async () => {
  database = await openOnPglite([vaultProjection]);
});

afterAll(async () => {
  await database.close();
});

describe('tallyContent', () => {
  it('counts each track as the vault shows it, with its latest check’s outcome', async () => {
    const deps = { eventStore: database.store, projector: database.projector };
    const append = (track: SeededTrack, events: Parameters<typeof appendTrackEvents>[3]) => appendTrackEvents(deps, track.trackId, owner, events);
    const started = (track: SeededTrack, checkId: string) => TrackCopyrightCheckStarted.create({ trackId: track.trackId, checkId, storedName: track.storedName, sha256: track.sha256 });
    const checked = (track: SeededTrack, checkId: string, status: 'cleared' | 'conflict' | 'needs_review') =>
      TrackCopyrightChecked.create({ trackId: track.trackId, checkId, sha256: track.sha256, elapsedSeconds: 1, analysis: checkAnalysis({ status, clearanceScore: status === 'cleared' ? 100 : 40 }) });
    const decided = (track: SeededTrack, outcome: 'cleared' | 'refused') =>
      TrackCopyrightReviewDecided.create({ trackId: track.trackId, checkId: 'k', disputeId: randomUUID(), outcome, details: 'Looked at the melody', reviewerName: 'rev', decidedAt: new Date().toISOString() });

    await seedTrack(deps, owner, { until: 'received' });
    const failedIntake = randomUUID();
    await appendTrackEvents(deps, failedIntake, owner, [
      TrackUploadReceived.create({ trackId: failedIntake, ownerId: owner, title: 'Broken', description: '', contentType: 'video', royaltySplit: 100, originalName: 'x.mp4', detectedExtension: 'mp4', detectedMimeType: 'video/mp4', size: 10, genre: null }),
      TrackIntakeFailed.create({ trackId: failedIntake, step: 'probe', reason: 'Unreadable media' }),
    ]);
    await seedTrack(deps, owner, { until: 'cleared' });
    const analyzing = await seedTrack(deps, owner, { until: 'probed' });
    await append(analyzing, [started(analyzing, 'k')]);
    const conflict = await seedTrack(deps, owner, { until: 'probed' });
    await append(conflict, [started(conflict, 'k'), checked(conflict, 'k', 'conflict')]);
    const clearedOnReview = await seedTrack(deps, owner, { until: 'probed' });
    await append(clearedOnReview, [started(clearedOnReview, 'k'), checked(clearedOnReview, 'k', 'needs_review'), decided(clearedOnReview, 'cleared')]);
    const refused = await seedTrack(deps, owner, { until: 'probed' });
    await append(refused, [started(refused, 'k'), checked(refused, 'k', 'needs_review'), decided(refused, 'refused')]);
    const checkFailed = await seedTrack(deps, owner, { until: 'probed' });
    await append(checkFailed, [started(checkFailed, 'k'), TrackCopyrightCheckFailed.create({ trackId: checkFailed.trackId, checkId: 'k', reason: 'The oracle was down' })]);
    const registered = await seedTrack(deps, owner, { until: 'registered' });
    await append(registered, [
      TrackCertificateIssued.create({
        trackId: registered.trackId,
        certificateId: registered.certificateId!,
        certificate: { certificateId: registered.certificateId!, xrplTxHash: registered.txHash!, sha256: registered.sha256 },
        signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'p', canonicalization: 'RFC8785', value: 'v' },
      }),
      TrackStoredInVault.create({ trackId: registered.trackId, certificateId: registered.certificateId! }),
    ]);

    const tally = await tallyContent(database.db, owner, null);
    const outcomes = new Map<CheckOutcome, number>();
    for (const t of tally) outcomes.set(t.checkOutcome, (outcomes.get(t.checkOutcome) ?? 0) + t.count);
    expect(Object.fromEntries(outcomes)).toEqual({
      not_checked: 2,
      analyzing: 1,
      cleared: 2,
      conflict: 1,
      cleared_on_review: 1,
      refused_on_review: 1,
      check_failed: 1,
    });

    // The same statuses as the Vault tab's items, track for track.
    const items = await listVault(database.db, owner);
    const count = <T extends string>(values: T[]) => values.reduce<Record<string, number>>((sums, value) => ({ ...sums, [value]: (sums[value] ?? 0) + 1 }), {});
    const tallied = (of: (t: (typeof tally)[number]) => string) => tally.reduce<Record<string, number>>((sums, t) => ({ ...sums, [of(t)]: (sums[of(t)] ?? 0) + t.count }), {});
    expect(tallied((t) => vaultStatusOf(t.statusFacts))).toEqual(count(items.map((item) => item.status)));
    expect(tallied((t) => trackStatusOf(t.statusFacts))).toEqual(count(items.map((item) => item.trackStatus)));
    expect(tallied((t) => t.contentType)).toEqual({ music: 8, video: 1 });
    expect(tallied((t) => vaultStatusOf(t.statusFacts))).toEqual({ processing: 4, failed: 4, registered: 1 });

    expect(await tallyContent(database.db, owner, new Date(Date.now() + 60_000))).toEqual([]);
  });
});
