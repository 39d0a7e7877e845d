// Events of a license offer (stream `license-offer-<offerId>`): what an owner puts on the
// marketplace for one registered work, its changes and its withdrawal. Money is integer cents.
import { z } from 'zod';
import { LICENSE_CURRENCIES, LICENSE_SCOPES, LICENSE_TYPES, licenseTermsSchema, PAYMENT_OPTIONS } from '../contracts/licensing';
import { defineEvent } from '../shared/events';

const id = z.string().min(1).max(200);

export const offerDetailsSchema = z.object({
  type: z.enum(LICENSE_TYPES),
  scope: z.enum(LICENSE_SCOPES),
  territory: z.string().min(1),
  duration: z.string().min(1),
  currency: z.enum(LICENSE_CURRENCIES),
  priceCents: z.number().int().positive(),
  originalPriceCents: z.number().int().positive().nullable(),
  paymentOptions: z.array(z.enum(PAYMENT_OPTIONS)).min(1),
  terms: licenseTermsSchema,
});
export type OfferDetails = z.infer<typeof offerDetailsSchema>;

export const LicenseOffered = defineEvent(
  'LicenseOffered',
  1,
  z.object({ offerId: id, workId: id, ownerId: z.uuid(), workTitle: z.string(), offer: offerDetailsSchema, offeredAt: z.iso.datetime() }),
);

export const LicenseOfferUpdated = defineEvent('LicenseOfferUpdated', 1, z.object({ offerId: id, offer: offerDetailsSchema }));

export const LicenseOfferWithdrawn = defineEvent('LicenseOfferWithdrawn', 1, z.object({ offerId: id, reason: z.string().min(1) }));

export const licenseOfferEventDefinitions = [LicenseOffered, LicenseOfferUpdated, LicenseOfferWithdrawn] as const;
