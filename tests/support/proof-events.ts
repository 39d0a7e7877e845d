// Event histories that make proofs, for the proofs read model, route and CLI tests: a track
// checked, registered and certified (signed for real with a test Ed25519 key), optionally mastered
// and validated on the ledger later, and a license bought and issued on it.
import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import canonicalize from 'canonicalize';
import { LicenseIssued, LicensePurchaseRequested } from '../../domain/licensing/license.events';
import {
  TrackCertificateIssued,
  TrackCopyrightChecked,
  TrackMastered,
  TrackRegistrationSigned,
  TrackRegistrationSubmitted,
} from '../../domain/track/stage.events';
import { TrackFileStored, TrackUploadReceived } from '../../domain/track/track.events';
import { checkAnalysis } from './seed-track';

/** Signs like infra/certificate's key: keyId, the raw public key (base64url), sign → base64url. */
export interface TestSigningKey {
  keyId: string;
  publicKey: string;
  sign(message: Buffer): string;
}

export function testSigningKey(): TestSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'jwk' }).x ?? '';
  return {
    publicKey: raw,
    keyId: `goose-${createHash('sha256').update(Buffer.from(raw, 'base64url')).digest('hex').slice(0, 16)}`,
    sign: (message) => sign(null, message, privateKey).toString('base64url'),
  };
}

export function signStatement(statement: Record<string, unknown>, key: TestSigningKey) {
  return {
    algorithm: 'Ed25519' as const,
    keyId: key.keyId,
    publicKey: key.publicKey,
    canonicalization: 'RFC8785' as const,
    value: key.sign(Buffer.from(canonicalize(statement) ?? '', 'utf8')),
  };
}

type Recordable = { type: string; data: unknown };

export interface RegisteredTrackOptions {
  title?: string;
  owner?: string;
  /** The registered file's bytes (its SHA-256 goes into the certificate). */
  fileBytes?: Uint8Array;
  /** Register the master rather than the upload. */
  mastered?: boolean;
  /** How the first submission went; 'validated' records ledger index 4812003. */
  outcome?: 'validated' | 'submitted' | 'awaiting_submission';
  clearanceScore?: number;
  account?: string;
}

export interface RegisteredTrack {
  trackId: string;
  ownerId: string;
  certificateId: string;
  txHash: string;
  sha256: string;
  proofId: string;
  events: Recordable[];
  /** The later submission that validates a registration that was awaiting submission. */
  validation: Recordable;
}

export function registeredTrackEvents(key: TestSigningKey, options: RegisteredTrackOptions = {}): RegisteredTrack {
  const { title = 'Midnight Harbour', owner = 'ada', mastered = false, outcome = 'awaiting_submission', clearanceScore = 93.4, account = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' } = options;
  const trackId = randomUUID();
  const ownerId = randomUUID();
  const fileBytes = options.fileBytes ?? new TextEncoder().encode(`${title} ${trackId}`);
  const uploadSha = createHash('sha256').update(fileBytes).digest('hex');
  const masterSha = createHash('sha256').update(`${trackId}-master`).digest('hex');
  const sha256 = mastered ? masterSha : uploadSha;
  const certificateId = `GOOSE-CERT-${trackId.slice(0, 8).toUpperCase()}`;
  const txHash = createHash('sha256').update(trackId).digest('hex').toUpperCase();
  const storedName = `${trackId}.wav`;
  const events: Recordable[] = [
    TrackUploadReceived.create({ trackId, ownerId, title, description: '', contentType: 'music', royaltySplit: 100, originalName: 'take-1.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: fileBytes.length, genre: 'ambient' }),
    TrackFileStored.create({ trackId, storedName, sha256: uploadSha, size: fileBytes.length }),
  ];
  if (mastered) {
    events.push(
      TrackMastered.create({
        trackId, masteringId: 'm1', kind: 'master', settings: { style: 'balanced', loudness: 'medium', format: 'mp3' },
        files: { master: `${trackId}-master.mp3`, preview: `${trackId}-preview.mp3`, preLimiter: `${trackId}-pre.wav`, abOriginal: `${trackId}-a.wav`, abMaster: `${trackId}-b.wav` },
        masterSha256: masterSha, results: { lufs: -14, dynamicRange: 8, peak: -1, processing: [] }, inputLufs: -20, inputTruePeakDbtp: -3, elapsedSeconds: 4,
      }),
    );
  }
  events.push(
    TrackCopyrightChecked.create({
      trackId, checkId: 'c1', sha256, elapsedSeconds: 2,
      analysis: checkAnalysis({ clearanceScore, audioFingerprint: `gfp1-812-${sha256.slice(0, 24)}`, melodicId: 'mel-4f2a91c0', harmonicId: 'har-0c11d2e9', rhythmicId: null }),
    }),
    TrackRegistrationSigned.create({ trackId, certificateId, sha256, storedName, network: 'testnet', account, txHash, txBlob: 'AB', sequence: 1, fee: '12', lastLedgerSequence: null }),
    TrackRegistrationSubmitted.create(
      outcome === 'validated'
        ? { trackId, txHash, outcome, engineResult: 'tesSUCCESS', ledgerIndex: 4_812_003, note: null }
        : outcome === 'submitted'
          ? { trackId, txHash, outcome, engineResult: 'tesSUCCESS', ledgerIndex: null, note: null }
          : { trackId, txHash, outcome, engineResult: null, ledgerIndex: null, note: 'XRPL_URL is not set' },
    ),
  );
  const certificate = {
    certificateId, trackId, title, owner, ownerId, contentType: 'music', sha256, fileName: mastered ? 'take-1-master.mp3' : 'take-1.wav',
    copyrightStatus: 'registered', publicVisibility: 'public', registrationDate: '2026-11-20T10:32:05.000Z', blockchainNetwork: 'XRPL testnet',
    walletAddress: account, xrplTxHash: txHash, ledgerStatus: outcome, verificationStatus: outcome === 'validated' ? 'verified' : 'signed, awaiting ledger submission',
    blockchainExplorer: { xrpscan: null, xrplorer: null, bithomp: `https://test.bithomp.com/explorer/${txHash}` },
    clearanceScore, verificationUrl: `https://goose.example/verify/${certificateId}`, version: '1.0',
  };
  events.push(TrackCertificateIssued.create({ trackId, certificateId, certificate, signature: signStatement(certificate, key) }));
  const validation = TrackRegistrationSubmitted.create({ trackId, txHash, outcome: 'validated', engineResult: 'tesSUCCESS', ledgerIndex: 4_812_999, note: null });
  return { trackId, ownerId, certificateId, txHash, sha256, proofId: `creation-${certificateId}`, events, validation };
}

export interface IssuedLicense {
  licenseId: string;
  proofId: string;
  buyerId: string;
  requested: Recordable;
  issued: Recordable;
}

export function issuedLicenseEvents(key: TestSigningKey, work: RegisteredTrack, workTitle = 'Midnight Harbour'): IssuedLicense {
  const licenseId = randomUUID();
  const buyerId = randomUUID();
  const proofId = `licensing-${licenseId}`;
  const certificateId = `GOOSE-LIC-${licenseId.slice(0, 8).toUpperCase()}`;
  const offer = {
    type: 'synchronization' as const, scope: 'limited' as const, territory: 'Worldwide', duration: '1 year', currency: 'QXMP' as const, priceCents: 2500,
    originalPriceCents: null, paymentOptions: ['qxmp_tokens' as const],
    terms: { permissions: ['Sync in one film'], restrictions: [], attributionRequired: true, commercialUse: true, derivatives: false, distribution: true, customTerms: null },
  };
  const certificate = {
    certificateId, licenseId, proofId, workId: work.trackId, workTitle, owner: 'ada', buyer: 'bea', type: offer.type, scope: offer.scope, territory: offer.territory,
    duration: offer.duration, price: 25, currency: 'QXMP', paymentMethod: 'qxmp_tokens', issuedAt: '2026-11-21T09:00:00.000Z',
    workCertificateId: work.certificateId, workSha256: work.sha256, verificationUrl: `https://goose.example/proof-explorer?proof=${proofId}`,
  };
  return {
    licenseId,
    proofId,
    buyerId,
    requested: LicensePurchaseRequested.create({
      licenseId, offerId: 'offer-1', workId: work.trackId, workTitle, ownerId: work.ownerId, buyerId, offer, paymentMethod: 'qxmp_tokens', currency: 'QXMP', priceCents: 2500,
      requestedAt: '2026-11-21T08:59:00.000Z',
    }),
    issued: LicenseIssued.create({ licenseId, certificateId, certificate, signature: signStatement(certificate, key), proofId, settlementReference: 'hold-1', issuedAt: '2026-11-21T09:00:00.000Z' }),
  };
}
