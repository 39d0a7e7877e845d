// Tracks put straight into the event store for API tests: the events the lifecycle workflow would
// have recorded, appended under the owner's metadata, then waited for in the read models.
import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../infra/eventstore/event-store';
import type { Projector } from '../../projections/projector';
import { TrackCopyrightCheckStarted, TrackCopyrightChecked, TrackRegistrationSigned, TrackRegistrationSubmitted } from '../../domain/track/stage.events';
import { TrackFileStored, TrackProbed, TrackUploadReceived, trackStreamId } from '../../domain/track/track.events';

export interface SeedDeps {
  eventStore: EventStore;
  projector: Projector;
}

type Recordable = { type: string; data: unknown };

/** What the workflow stamps on a track's events. */
export function trackEventMetadata(trackId: string, ownerId: string) {
  return { correlationId: 'test', causationId: null, actor: `user:${ownerId}`, workflowId: `track-lifecycle-${trackId}`, occurredAt: new Date().toISOString() };
}

/** Appends `events` after whatever the track's stream holds, and waits until the read models show them. */
export async function appendTrackEvents({ eventStore, projector }: SeedDeps, trackId: string, ownerId: string, events: readonly Recordable[]): Promise<void> {
  const recorded = await eventStore.readStream(trackStreamId(trackId));
  const metadata = trackEventMetadata(trackId, ownerId);
  const result = await eventStore.append(
    trackStreamId(trackId),
    events.map((event) => ({ eventId: randomUUID(), metadata, ...event })),
    recorded.length === 0 ? 'no_stream' : recorded.length,
  );
  await projector.waitFor(result.lastPosition);
}

/** A cleared verdict; override fields for another one. */
export function checkAnalysis(overrides: Partial<Parameters<typeof TrackCopyrightChecked.create>[0]['analysis']> = {}) {
  return {
    clearanceScore: 100,
    status: 'cleared' as const,
    audioFingerprint: 'gfp1-1-x',
    melodicId: null,
    harmonicId: null,
    rhythmicId: null,
    databasesChecked: 2,
    recordsScanned: 3,
    conflicts: [],
    recommendations: [],
    reason: null,
    notChecked: [],
    passages: [],
    ...overrides,
  };
}

export interface SeedOptions {
  title?: string;
  /** The probe's duration; the copyright check refuses audio under its minimum. */
  durationSeconds?: number;
  /** How far the track got: received only, stored, probed, checked and cleared, or registered (awaiting submission). */
  until?: 'received' | 'stored' | 'probed' | 'cleared' | 'registered';
  size?: number;
  sha256?: string;
}

export interface SeededTrack {
  trackId: string;
  storedName: string;
  sha256: string;
  /** Set when `until` is 'registered'. */
  txHash: string | null;
  certificateId: string | null;
}

/** A track of `ownerId` as far as `until` (default: cleared by its check 'c1', so registration is allowed). */
export async function seedTrack(deps: SeedDeps, ownerId: string, options: SeedOptions = {}): Promise<SeededTrack> {
  const { title = 'Seeded track', durationSeconds = 120, until = 'cleared', size = 10, sha256 = 'c'.repeat(64) } = options;
  const trackId = randomUUID();
  const storedName = `${trackId}.wav`;
  const registered = until === 'registered';
  const txHash = registered ? randomUUID().replaceAll('-', '').toUpperCase().repeat(2) : null;
  const certificateId = registered ? `GOOSE-CERT-${trackId.slice(0, 8).toUpperCase()}` : null;
  const stages = ['received', 'stored', 'probed', 'cleared', 'registered'];
  const reached = (stage: string) => stages.indexOf(until) >= stages.indexOf(stage);

  const events: Recordable[] = [
    TrackUploadReceived.create({ trackId, ownerId, title, description: '', contentType: 'music', royaltySplit: 100, originalName: 'x.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size, genre: null }),
  ];
  if (reached('stored')) events.push(TrackFileStored.create({ trackId, storedName, sha256, size }));
  if (reached('probed')) events.push(TrackProbed.create({ trackId, format: 'wav', durationSeconds, codec: 'pcm_s16le', sampleRate: 44100, channels: 2, bitRate: 1411200 }));
  if (reached('cleared')) {
    events.push(
      TrackCopyrightCheckStarted.create({ trackId, checkId: 'c1', storedName, sha256 }),
      TrackCopyrightChecked.create({ trackId, checkId: 'c1', sha256, elapsedSeconds: 1, analysis: checkAnalysis() }),
    );
  }
  if (txHash && certificateId) {
    events.push(
      TrackRegistrationSigned.create({ trackId, certificateId, sha256, storedName, network: 'testnet', account: 'r'.padEnd(30, 'x'), txHash, txBlob: 'AB', sequence: 1, fee: '12', lastLedgerSequence: null }),
      TrackRegistrationSubmitted.create({ trackId, txHash, outcome: 'awaiting_submission', engineResult: null, ledgerIndex: null, note: 'No ledger configured' }),
    );
  }
  await appendTrackEvents(deps, trackId, ownerId, events);
  return { trackId, storedName, sha256, txHash, certificateId };
}
