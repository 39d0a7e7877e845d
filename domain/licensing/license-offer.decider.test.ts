// Given / when / then specifications of a license offer: only the registered work's owner offers,
// prices, options and terms are checked, a frozen work takes no offer or change, and a withdrawn
// offer stays withdrawn.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { IllegalStateError, NotFoundError, UnauthorizedError, ValidationError } from '../shared/errors';
import { evolveTrack, initialTrackState } from '../track/track.decider';
import { TrackCertificateIssued, TrackCopyrightCheckStarted, TrackCopyrightChecked } from '../track/stage.events';
import { TrackFileStored, TrackProbed, TrackUploadReceived, type TrackEvent } from '../track/track.events';
import { FROZEN_REFUSAL, licenseOfferDecider, registeredWorkOf, type LicenseOfferCommand, type WorkFacts } from './license-offer.decider';
import { LicenseOffered, LicenseOfferUpdated, LicenseOfferWithdrawn, type OfferDetails } from './license-offer.events';

const { given, when } = deciderSpec(licenseOfferDecider);
const ownerId = '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f';
const strangerId = '1c9f7d2f-6b3e-4d4c-8f80-2b3c4d5e6f70';
const workId = '2d0a8e3a-7c4f-4e5d-9a91-3c4d5e6f7081';
const work: WorkFacts = { workId, ownerId, title: 'Midnight Rain', registered: true };
const details: OfferDetails = {
  type: 'synchronization',
  scope: 'limited',
  territory: 'Worldwide',
  duration: '1 year',
  currency: 'USD',
  priceCents: 4999,
  originalPriceCents: 6999,
  paymentOptions: ['stripe', 'qxmp_tokens'],
  terms: { permissions: ['Use in one film'], restrictions: [], attributionRequired: true, commercialUse: true, derivatives: false, distribution: false, customTerms: null },
};
const offerCommand = (overrides: Partial<Extract<LicenseOfferCommand, { type: 'OfferLicense' }>['data']> = {}): LicenseOfferCommand => ({
  type: 'OfferLicense',
  data: { offerId: 'o-1', actorId: ownerId, work, licensingFrozen: false, offer: details, offeredAt: '2026-11-26T06:00:00.000Z', ...overrides },
});
const offered = LicenseOffered.create({ offerId: 'o-1', workId, ownerId, workTitle: 'Midnight Rain', offer: details, offeredAt: '2026-11-26T06:00:00.000Z' });

describe('license offer decider', () => {
  it('offers a license for the owner of a registered work, once per offer id', () => {
    expect(when([], offerCommand())).toEqual([offered]);
    expect(when([offered], offerCommand())).toEqual([]);
    expect(() => when([offered], offerCommand({ offerId: 'o-2' }))).toThrow(IllegalStateError);
  });

  it('refuses another user, an unknown work, an unregistered work and a frozen one', () => {
    expect(() => when([], offerCommand({ actorId: strangerId }))).toThrow(UnauthorizedError);
    expect(() => when([], offerCommand({ work: null }))).toThrow(NotFoundError);
    expect(() => when([], offerCommand({ work: { ...work, registered: false } }))).toThrow(/Only a registered work can be licensed/);
    expect(() => when([], offerCommand({ licensingFrozen: true }))).toThrow(FROZEN_REFUSAL);
  });

  it.each([
    [{ priceCents: 99 }, 'The price must be at least 1.00'],
    [{ priceCents: 1_000_001 }, 'The price must be at most 10,000.00'],
    [{ originalPriceCents: 4999 }, 'The original price must be above the price'],
    [{ paymentOptions: [] }, 'Offer at least one payment method'],
    [{ paymentOptions: ['stripe', 'stripe'] }, 'Each payment method may be offered once'],
    [{ territory: ' ' }, 'Say where the license applies'],
    [{ type: 'commercial_use', terms: { ...details.terms, commercialUse: false } }, 'A commercial use license must allow commercial use'],
    [{ type: 'adaptation' }, 'A adaptation license must allow derivatives'],
  ] as const)('refuses an invalid offer %o', (change, message) => {
    const offer = { ...details, ...change } as OfferDetails;
    expect(() => when([], offerCommand({ offer }))).toThrow(ValidationError);
    expect(() => when([], offerCommand({ offer }))).toThrow(message);
  });

  it('updates the owner\'s active offer, deciding nothing for the same details', () => {
    const changed = { ...details, priceCents: 3999 };
    expect(when([offered], { type: 'UpdateOffer', data: { actorId: ownerId, licensingFrozen: false, offer: changed } })).toEqual([LicenseOfferUpdated.create({ offerId: 'o-1', offer: changed })]);
    expect(when([offered], { type: 'UpdateOffer', data: { actorId: ownerId, licensingFrozen: false, offer: details } })).toEqual([]);
    expect(() => when([offered], { type: 'UpdateOffer', data: { actorId: strangerId, licensingFrozen: false, offer: changed } })).toThrow(UnauthorizedError);
    expect(() => when([offered], { type: 'UpdateOffer', data: { actorId: ownerId, licensingFrozen: true, offer: changed } })).toThrow(FROZEN_REFUSAL);
    expect(() => when([offered], { type: 'UpdateOffer', data: { actorId: ownerId, licensingFrozen: false, offer: { ...details, priceCents: 0 } } })).toThrow(ValidationError);
    expect(() => when([], { type: 'UpdateOffer', data: { actorId: ownerId, licensingFrozen: false, offer: changed } })).toThrow(NotFoundError);
  });

  it('withdraws once; a withdrawn offer cannot change', () => {
    const withdrawn = LicenseOfferWithdrawn.create({ offerId: 'o-1', reason: 'Withdrawn by the owner' });
    expect(when([offered], { type: 'WithdrawOffer', data: { actorId: ownerId, reason: 'Withdrawn by the owner' } })).toEqual([withdrawn]);
    expect(when([offered, withdrawn], { type: 'WithdrawOffer', data: { actorId: ownerId, reason: 'again' } })).toEqual([]);
    expect(() => when([offered], { type: 'WithdrawOffer', data: { actorId: strangerId, reason: 'x' } })).toThrow(UnauthorizedError);
    expect(() => when([offered, withdrawn], { type: 'UpdateOffer', data: { actorId: ownerId, licensingFrozen: false, offer: details } })).toThrow(/was withdrawn/);
    expect(given(offered, withdrawn)).toMatchObject({ offerId: 'o-1', workId, ownerId, withdrawn: true });
  });
});

describe('registeredWorkOf', () => {
  const sha256 = 'c'.repeat(64);
  const upload = TrackUploadReceived.create({ trackId: workId, ownerId, title: 'Midnight Rain', description: '', contentType: 'music', royaltySplit: 100, originalName: 'x.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 10, genre: null });
  const intake: TrackEvent[] = [
    upload,
    TrackFileStored.create({ trackId: workId, storedName: 'x.wav', sha256, size: 10 }),
    TrackProbed.create({ trackId: workId, format: 'wav', durationSeconds: 120, codec: null, sampleRate: 44100, channels: 2, bitRate: null }),
    TrackCopyrightCheckStarted.create({ trackId: workId, checkId: 'c1', storedName: 'x.wav', sha256 }),
    TrackCopyrightChecked.create({
      trackId: workId, checkId: 'c1', sha256, elapsedSeconds: 1,
      analysis: { clearanceScore: 100, status: 'cleared', audioFingerprint: null, melodicId: null, harmonicId: null, rhythmicId: null, databasesChecked: 1, recordsScanned: 1, conflicts: [], recommendations: [], reason: null, notChecked: [] },
    }),
  ];
  const fold = (events: TrackEvent[]) => events.reduce(evolveTrack, initialTrackState);

  it('is registered only once the certificate is issued', () => {
    expect(registeredWorkOf(workId, fold([]))).toBeNull();
    expect(registeredWorkOf(workId, fold(intake))).toEqual({ ...work, registered: false });
    const certificate = TrackCertificateIssued.create({
      trackId: workId, certificateId: 'GOOSE-CERT-1', certificate: { certificateId: 'GOOSE-CERT-1', xrplTxHash: 'A'.repeat(64), sha256 },
      signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', canonicalization: 'RFC8785', value: 'sig' },
    });
    expect(registeredWorkOf(workId, fold([...intake, certificate]))).toEqual(work);
  });
});
