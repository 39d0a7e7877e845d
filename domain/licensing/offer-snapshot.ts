// A license offer as a purchase needs it, folded from the offer's own stream
// (`license-offer-<offerId>`): who offers which work, the details as they stand, withdrawn or not.
// Read from the events, not from the marketplace read model, so a purchase is never decided on a
// listing that lags behind.
import { licenseOfferStreamId } from './license-offer.decider';
import type { LicenseOffered, LicenseOfferUpdated, LicenseOfferWithdrawn, OfferDetails } from './license-offer.events';

export interface OfferSnapshot {
  offerId: string;
  workId: string;
  workTitle: string;
  ownerId: string;
  details: OfferDetails;
  withdrawn: boolean;
}

type OfferEvent = ReturnType<typeof LicenseOffered.create> | ReturnType<typeof LicenseOfferUpdated.create> | ReturnType<typeof LicenseOfferWithdrawn.create>;

export function foldOffer(events: readonly OfferEvent[]): OfferSnapshot | null {
  let offer = null as OfferSnapshot | null;
  for (const event of events) {
    switch (event.type) {
      case 'LicenseOffered':
        offer = { offerId: event.data.offerId, workId: event.data.workId, workTitle: event.data.workTitle, ownerId: event.data.ownerId, details: event.data.offer, withdrawn: false };
        break;
      case 'LicenseOfferUpdated':
        if (offer) offer = { ...offer, details: event.data.offer };
        break;
      case 'LicenseOfferWithdrawn':
        if (offer) offer = { ...offer, withdrawn: true };
        break;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown license offer event ${JSON.stringify(unknown)}`);
      }
    }
  }
  return offer;
}

/** The offer as its stream stands, or null when there is none. */
export async function readOffer(store: { readStream(streamId: string): Promise<readonly { type: string; data: unknown }[]> }, offerId: string): Promise<OfferSnapshot | null> {
  const events = await store.readStream(licenseOfferStreamId(offerId));
  return foldOffer(events.map((e) => ({ type: e.type, data: e.data }) as OfferEvent));
}
