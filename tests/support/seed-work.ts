// Registered works put straight into the event store for registry tests: a creator's account and
// the track events a registration records (upload, a copyright verdict, the signed and submitted
// ledger registration, the signed certificate), as the lifecycle workflow would have appended them.
import { randomUUID } from 'node:crypto';
import { UserRegistered, userStreamId } from '../../domain/identity/user.events';
import type { CONTENT_TYPES } from '../../domain/constants';
import type { REGISTRATION_OUTCOMES } from '../../domain/track/stage.events';
import { TrackCertificateIssued, TrackCopyrightChecked, TrackRegistrationSigned, TrackRegistrationSubmitted } from '../../domain/track/stage.events';
import { TrackUploadReceived, trackStreamId } from '../../domain/track/track.events';
import type { EventStore, GlobalPosition } from '../../infra/eventstore/event-store';
import { checkAnalysis, trackEventMetadata } from './seed-track';

export interface WorkSeed {
  title: string;
  genre?: string | null;
  description?: string;
  contentType?: (typeof CONTENT_TYPES)[number];
  /** The copyright check's verdict and score (default cleared at 95). */
  status?: 'cleared' | 'needs_review';
  score?: number;
  /** The ledger registration's outcome (default validated); null = no certificate (not registered). */
  outcome?: (typeof REGISTRATION_OUTCOMES)[number] | null;
}

/** A user account with `username`; returns its id and the position to wait for. */
export async function seedCreator(store: EventStore, username: string): Promise<{ userId: string; position: GlobalPosition }> {
  const userId = randomUUID();
  const metadata = { correlationId: 'test', causationId: null, actor: `user:${userId}`, workflowId: null, occurredAt: new Date().toISOString() };
  const { lastPosition } = await store.append(
    userStreamId(userId),
    [{ eventId: randomUUID(), metadata, ...UserRegistered.create({ userId, username, passwordHash: 'x'.repeat(60) }) }],
    'no_stream',
  );
  return { userId, position: lastPosition };
}

/** A work of `ownerId`, registered as `seed` says; returns its id and the position to wait for. */
export async function seedWork(store: EventStore, ownerId: string, seed: WorkSeed): Promise<{ workId: string; position: GlobalPosition }> {
  const trackId = randomUUID();
  const sha256 = randomUUID().replaceAll('-', '').repeat(2);
  const storedName = `${trackId}.wav`;
  const txHash = randomUUID().replaceAll('-', '').toUpperCase().repeat(2);
  const certificateId = `GOOSE-CERT-${trackId.slice(0, 8).toUpperCase()}`;
  const outcome = seed.outcome === undefined ? 'validated' : seed.outcome;
  const events: { type: string; data: unknown }[] = [
    TrackUploadReceived.create({
      trackId, ownerId, title: seed.title, description: seed.description ?? '', contentType: seed.contentType ?? 'music', royaltySplit: 100,
      originalName: 'x.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 10, genre: seed.genre ?? null,
    }),
    TrackCopyrightChecked.create({
      trackId, checkId: 'c1', sha256, elapsedSeconds: 1,
      analysis: checkAnalysis({ status: seed.status ?? 'cleared', clearanceScore: seed.score ?? 95, melodicId: 'mel-1a2b', harmonicId: null, rhythmicId: null }),
    }),
  ];
  if (outcome !== null) {
    events.push(
      TrackRegistrationSigned.create({ trackId, certificateId, sha256, storedName, network: 'testnet', account: 'r'.padEnd(30, 'x'), txHash, txBlob: 'AB', sequence: 1, fee: '12', lastLedgerSequence: null }),
      TrackRegistrationSubmitted.create({ trackId, txHash, outcome, engineResult: outcome === 'validated' ? 'tesSUCCESS' : null, ledgerIndex: outcome === 'validated' ? 4242 : null, note: null }),
      TrackCertificateIssued.create({
        trackId, certificateId,
        certificate: { certificateId, xrplTxHash: txHash, sha256, title: seed.title },
        signature: { algorithm: 'Ed25519', keyId: 'goose-test', publicKey: 'cHVibGlj', canonicalization: 'RFC8785', value: 'c2lnbmF0dXJl' },
      }),
    );
  }
  const metadata = trackEventMetadata(trackId, ownerId);
  const { lastPosition } = await store.append(trackStreamId(trackId), events.map((event) => ({ eventId: randomUUID(), metadata, ...event })), 'no_stream');
  return { workId: trackId, position: lastPosition };
}
