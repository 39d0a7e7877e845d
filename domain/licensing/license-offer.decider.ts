// The license offer aggregate (stream `license-offer-<offerId>`): what an owner puts on the
// marketplace for one registered work, its changes and its withdrawal. The work's facts (owner,
// title, certificate) are read by the caller from the track's own stream (`registeredWorkOf`), never
// from a read model, and handed in with the command, as is whether the work's licensing is frozen.
import { IllegalStateError, NotFoundError, UnauthorizedError, ValidationError } from '../shared/errors';
import type { TrackState } from '../track/track.decider';
import { LicenseOffered, LicenseOfferUpdated, LicenseOfferWithdrawn, type OfferDetails } from './license-offer.events';
import { LICENSING_FROZEN } from './ports';
import { PRICE_RANGE_MAX, type LicenseType } from '../contracts/licensing';

export type LicenseOfferEvent = ReturnType<typeof LicenseOffered.create> | ReturnType<typeof LicenseOfferUpdated.create> | ReturnType<typeof LicenseOfferWithdrawn.create>;

export function licenseOfferStreamId(offerId: string): string {
  return `license-offer-${offerId}`;
}

/** What an offer needs to know of its work, as the track's stream tells it. */
export interface WorkFacts {
  workId: string;
  ownerId: string;
  title: string;
  /** The copyright certificate was issued: the work is registered. */
  registered: boolean;
}

/** The work's facts from its folded track stream; null when no such track exists. */
export function registeredWorkOf(workId: string, track: TrackState): WorkFacts | null {
  if (track.status === 'none') return null;
  const registered = track.status === 'probed' && track.stages.certificate !== null;
  return { workId, ownerId: track.upload.ownerId, title: track.upload.title, registered };
}

export interface LicenseOfferState {
  offerId: string | null;
  workId: string | null;
  ownerId: string | null;
  offer: OfferDetails | null;
  withdrawn: boolean;
}

export const initialLicenseOfferState: LicenseOfferState = { offerId: null, workId: null, ownerId: null, offer: null, withdrawn: false };

export type LicenseOfferCommand =
  | { type: 'OfferLicense'; data: { offerId: string; actorId: string; work: WorkFacts | null; licensingFrozen: boolean; offer: OfferDetails; offeredAt: string } }
  | { type: 'UpdateOffer'; data: { actorId: string; licensingFrozen: boolean; offer: OfferDetails } }
  | { type: 'WithdrawOffer'; data: { actorId: string; reason: string } };

export const FROZEN_REFUSAL = LICENSING_FROZEN;

/** What a license type grants must be allowed by its terms: a commercial-use license that forbids commercial use grants nothing. */
const REQUIRED_TERM: Partial<Record<LicenseType, { term: 'commercialUse' | 'derivatives' | 'distribution'; label: string }>> = {
  commercial_use: { term: 'commercialUse', label: 'commercial use' },
  adaptation: { term: 'derivatives', label: 'derivatives' },
  distribution: { term: 'distribution', label: 'distribution' },
};

/** Throws a ValidationError naming the first thing wrong with an offer's price, options or terms. */
export function validateOffer(offer: OfferDetails): void {
  const maxCents = PRICE_RANGE_MAX * 100;
  if (!Number.isInteger(offer.priceCents) || offer.priceCents < 100) throw new ValidationError('The price must be at least 1.00');
  if (offer.priceCents > maxCents) throw new ValidationError(`The price must be at most ${PRICE_RANGE_MAX.toLocaleString('en-US')}.00`);
  if (offer.originalPriceCents !== null) {
    if (!Number.isInteger(offer.originalPriceCents) || offer.originalPriceCents > maxCents) throw new ValidationError(`The original price must be a whole number of cents up to ${PRICE_RANGE_MAX.toLocaleString('en-US')}.00`);
    if (offer.originalPriceCents <= offer.priceCents) throw new ValidationError('The original price must be above the price (it is shown struck through as the discount)');
  }
  if (offer.paymentOptions.length === 0) throw new ValidationError('Offer at least one payment method');
  if (new Set(offer.paymentOptions).size !== offer.paymentOptions.length) throw new ValidationError('Each payment method may be offered once');
  if (offer.territory.trim() === '') throw new ValidationError('Say where the license applies (e.g. Worldwide)');
  if (offer.duration.trim() === '') throw new ValidationError('Say how long the license lasts (e.g. Perpetual)');
  const required = REQUIRED_TERM[offer.type];
  if (required && !offer.terms[required.term]) throw new ValidationError(`A ${offer.type.replaceAll('_', ' ')} license must allow ${required.label} in its terms`);
}

function offerLicense(data: Extract<LicenseOfferCommand, { type: 'OfferLicense' }>['data'], state: LicenseOfferState): LicenseOfferEvent[] {
  if (state.offerId !== null) {
    if (state.offerId === data.offerId) return [];
    throw new IllegalStateError('This offer exists already');
  }
  const { work } = data;
  if (!work) throw new NotFoundError('Work not found');
  if (work.ownerId !== data.actorId) throw new UnauthorizedError('Only the work\'s owner can offer licenses for it');
  if (!work.registered) throw new ValidationError('Only a registered work can be licensed: its copyright certificate has not been issued yet');
  if (data.licensingFrozen) throw new IllegalStateError(FROZEN_REFUSAL);
  validateOffer(data.offer);
  return [LicenseOffered.create({ offerId: data.offerId, workId: work.workId, ownerId: work.ownerId, workTitle: work.title, offer: data.offer, offeredAt: data.offeredAt })];
}

export function decideLicenseOffer(command: LicenseOfferCommand, state: LicenseOfferState): LicenseOfferEvent[] {
  if (command.type === 'OfferLicense') return offerLicense(command.data, state);
  if (state.offerId === null || state.offer === null) throw new NotFoundError('Offer not found');
  if (state.ownerId !== command.data.actorId) throw new UnauthorizedError('Only the work\'s owner can change its offers');
  const offerId = state.offerId;
  switch (command.type) {
    case 'UpdateOffer': {
      if (state.withdrawn) throw new IllegalStateError('This offer was withdrawn; make a new one');
      if (command.data.licensingFrozen) throw new IllegalStateError(FROZEN_REFUSAL);
      validateOffer(command.data.offer);
      if (JSON.stringify(command.data.offer) === JSON.stringify(state.offer)) return [];
      return [LicenseOfferUpdated.create({ offerId, offer: command.data.offer })];
    }
    case 'WithdrawOffer':
      if (state.withdrawn) return [];
      return [LicenseOfferWithdrawn.create({ offerId, reason: command.data.reason })];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown license offer command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveLicenseOffer(state: LicenseOfferState, event: LicenseOfferEvent): LicenseOfferState {
  switch (event.type) {
    case 'LicenseOffered':
      return { offerId: event.data.offerId, workId: event.data.workId, ownerId: event.data.ownerId, offer: event.data.offer, withdrawn: false };
    case 'LicenseOfferUpdated':
      return { ...state, offer: event.data.offer };
    case 'LicenseOfferWithdrawn':
      return { ...state, withdrawn: true };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown license offer event ${JSON.stringify(unknown)}`);
    }
  }
}

export const licenseOfferDecider = {
  decide: decideLicenseOffer,
  evolve: evolveLicenseOffer,
  initialState: initialLicenseOfferState,
};
