// Licensing fixtures for API tests: a work registered with its certificate issued (as the lifecycle
// leaves it) and a license offer appended to its own stream (as the offers decider records it).
import { randomUUID } from 'node:crypto';
import { LicenseOffered, LicenseOfferWithdrawn, type OfferDetails } from '../../domain/licensing/license-offer.events';
import { licenseOfferStreamId } from '../../domain/licensing/license-offer.decider';
import { TrackCertificateIssued } from '../../domain/track/stage.events';
import { appendTrackEvents, seedTrack, type SeedDeps } from './seed-track';

/** A track registered and its certificate issued; its id is the work's. */
export async function registeredWork(deps: SeedDeps, ownerId: string, title = 'Night Drive'): Promise<string> {
  const { trackId, certificateId, txHash, sha256 } = await seedTrack(deps, ownerId, { until: 'registered', title });
  const signature = { algorithm: 'Ed25519' as const, keyId: 'goose-test', publicKey: 'pk', canonicalization: 'RFC8785' as const, value: 'sig' };
  await appendTrackEvents(deps, trackId, ownerId, [TrackCertificateIssued.create({ trackId, certificateId: certificateId!, certificate: { certificateId: certificateId!, xrplTxHash: txHash!, sha256 }, signature })]);
  return trackId;
}

export function offerDetails(overrides: Partial<OfferDetails> = {}): OfferDetails {
  return {
    type: 'synchronization',
    scope: 'limited',
    territory: 'Worldwide',
    duration: 'Perpetual',
    currency: 'QXMP',
    priceCents: 1250,
    originalPriceCents: null,
    paymentOptions: ['qxmp_tokens', 'stripe', 'polygon_escrow'],
    terms: { permissions: ['Use in one film'], restrictions: [], attributionRequired: true, commercialUse: true, derivatives: false, distribution: true, customTerms: null },
    ...overrides,
  };
}

/** An offer of `workId` by `ownerId`; its id is what a purchase names. */
export async function offerLicense(
  deps: SeedDeps,
  ownerId: string,
  workId: string,
  { details = {}, withdrawn = false, workTitle = 'Night Drive' }: { details?: Partial<OfferDetails>; withdrawn?: boolean; workTitle?: string } = {},
): Promise<string> {
  const offerId = randomUUID();
  const events: { type: string; data: unknown }[] = [LicenseOffered.create({ offerId, workId, ownerId, workTitle, offer: offerDetails(details), offeredAt: new Date().toISOString() })];
  if (withdrawn) events.push(LicenseOfferWithdrawn.create({ offerId, reason: 'Owner withdrew it' }));
  const metadata = { correlationId: 'test', causationId: null, actor: `user:${ownerId}`, workflowId: null, occurredAt: new Date().toISOString() };
  const result = await deps.eventStore.append(licenseOfferStreamId(offerId), events.map((e) => ({ eventId: randomUUID(), metadata, type: e.type, data: e.data })), 'no_stream');
  await deps.projector.waitFor(result.lastPosition);
  return offerId;
}
