// HTTP payloads of the licensing marketplace: an
// owner's offers for a registered work, the public listing, purchases by tokens, card or XRPL escrow,
// the buyer's licenses with their certificates, and the owner's sales. Money is integer cents.
import { z } from 'zod';
import { WORK_CONTENT_TYPES } from './registry';

export const LICENSE_TYPES = ['reproduction', 'distribution', 'public_performance', 'synchronization', 'adaptation', 'commercial_use'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
export const LICENSE_SCOPES = ['single_use', 'limited', 'extended', 'exclusive', 'royalty_free'] as const;
export type LicenseScope = (typeof LICENSE_SCOPES)[number];
/** Wire names fixed by the API contract: stripe is a card through Stripe, qxmp_tokens the platform's tokens, polygon_escrow an XRPL escrow. */
export const PAYMENT_OPTIONS = ['stripe', 'qxmp_tokens', 'polygon_escrow'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];
/** USD is paid in dollars (card or escrow at XRP_USD_RATE); QXMP in tokens (1 token = 1 USD). */
export const LICENSE_CURRENCIES = ['USD', 'QXMP'] as const;
export const MARKETPLACE_SORTS = ['popularity', 'price_low', 'price_high', 'rating', 'newest', 'sales'] as const;
export const LICENSE_CONTRACT_STATUSES = ['pending', 'active', 'completed', 'disputed'] as const;
/** The offer form's price slider maximum, in whole currency units. */
export const PRICE_RANGE_MAX = 10_000;

export const licenseTermsSchema = z.object({
  permissions: z.array(z.string().trim().min(1).max(200)).max(20),
  restrictions: z.array(z.string().trim().min(1).max(200)).max(20),
  attributionRequired: z.boolean(),
  commercialUse: z.boolean(),
  derivatives: z.boolean(),
  distribution: z.boolean(),
  customTerms: z.string().max(5000).nullable(),
});
export type LicenseTerms = z.infer<typeof licenseTermsSchema>;

/** POST /api/licenses/offers (the work's owner). */
export const createOfferRequestSchema = z.object({
  workId: z.string().min(1, 'Choose a registered work to license'),
  type: z.enum(LICENSE_TYPES),
  scope: z.enum(LICENSE_SCOPES),
  /** e.g. "Worldwide" or ISO country codes "US, CA". */
  territory: z.string().trim().min(1).max(200).default('Worldwide'),
  /** e.g. "Perpetual", "1 year". */
  duration: z.string().trim().min(1).max(100).default('Perpetual'),
  currency: z.enum(LICENSE_CURRENCIES),
  /** In cents (USD) or token cents (QXMP); at least 1.00. */
  priceCents: z.number().int().min(100, 'The price must be at least 1.00').max(PRICE_RANGE_MAX * 100),
  /** A list price shown struck through, above the price; null without a discount. */
  originalPriceCents: z.number().int().max(PRICE_RANGE_MAX * 100).nullable().default(null),
  paymentOptions: z.array(z.enum(PAYMENT_OPTIONS)).min(1, 'Offer at least one payment method'),
  terms: licenseTermsSchema,
});
export type CreateOfferRequest = z.input<typeof createOfferRequestSchema>;

export const marketplaceQuerySchema = z.object({
  query: z.string().trim().max(200).default(''),
  /** Only the offers of this work (the registry's License button). */
  workId: z.string().trim().min(1).max(200).optional(),
  contentType: z.enum(['all', ...WORK_CONTENT_TYPES]).default('all'),
  licenseType: z.enum(['all', ...LICENSE_TYPES]).default('all'),
  scope: z.enum(['all', ...LICENSE_SCOPES]).default('all'),
  territory: z.string().trim().max(200).default('all'),
  duration: z.string().trim().max(100).default('all'),
  /** "min,max" in whole currency units (the slider's). */
  priceRange: z
    .string()
    .regex(/^\d+(\.\d+)?,\d+(\.\d+)?$/, 'priceRange is "min,max"')
    .refine((range) => range.split(',').every((units) => Number(units) <= PRICE_RANGE_MAX), `priceRange goes from 0 to ${PRICE_RANGE_MAX}`)
    .refine((range) => {
      const [min, max] = range.split(',').map(Number);
      return min! <= max!;
    }, 'priceRange min must not be above its max')
    .optional(),
  currency: z.enum(['all', ...LICENSE_CURRENCIES]).default('all'),
  paymentMethod: z.enum(['all', ...PAYMENT_OPTIONS]).default('all'),
  sortBy: z.enum(MARKETPLACE_SORTS).default('popularity'),
  onlyVerified: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  onlyNoDisputes: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type MarketplaceQuery = z.input<typeof marketplaceQuerySchema>;

export const marketplaceLicenseSchema = z.object({
  /** The offer's id: what a purchase names as licenseId. */
  id: z.string(),
  workId: z.string(),
  workTitle: z.string(),
  creator: z.string(),
  contentType: z.enum(WORK_CONTENT_TYPES),
  type: z.enum(LICENSE_TYPES),
  scope: z.enum(LICENSE_SCOPES),
  territory: z.string(),
  duration: z.string(),
  /** Mean of buyers' ratings (1–5), null before any; ratingCount how many. */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  totalSales: z.number().int(),
  pricing: z.object({
    currency: z.enum(LICENSE_CURRENCIES),
    /** In whole currency units with cents (e.g. 49.99), as the card shows. */
    amount: z.number(),
    amountCents: z.number().int(),
    originalPrice: z.number().nullable(),
    /** Percent off the original price, rounded; null without one. */
    discount: z.number().int().nullable(),
    paymentOptions: z.array(z.enum(PAYMENT_OPTIONS)),
  }),
  terms: licenseTermsSchema,
  smartContract: z.object({
    contractStatus: z.enum(LICENSE_CONTRACT_STATUSES),
    /** The work's royalty contract, null when it has none (revenue then waits for one). */
    contractId: z.string().nullable(),
    royaltyRate: z.number(),
    blockchainNetwork: z.string(),
    automaticPayouts: z.boolean(),
    escrowAddress: z.string().nullable(),
    escrowAmount: z.string().nullable(),
  }),
  verification: z.object({ ownershipVerified: z.boolean(), rightsCleared: z.boolean(), oracleScore: z.number().nullable(), disputeCount: z.number().int() }),
  status: z.enum(['active', 'withdrawn']),
  createdAt: z.string(),
});
export type MarketplaceLicense = z.infer<typeof marketplaceLicenseSchema>;

export const marketplaceListSchema = z.object({ licenses: z.array(marketplaceLicenseSchema), total: z.number().int() });
export const offerResponseSchema = z.object({ license: marketplaceLicenseSchema });

export const purchaseRequestSchema = z.object({
  licenseId: z.string().min(1),
  paymentMethod: z.enum(PAYMENT_OPTIONS).default('stripe'),
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

export const PURCHASE_STATUSES = ['awaiting_payment', 'paid', 'issued', 'failed', 'refunded'] as const;

export const purchaseResponseSchema = z.object({
  success: z.boolean(),
  /** The purchased license's id (the API contract's field name). */
  contractId: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  /** Stripe Checkout's page to pay on, when paying by card. */
  checkoutUrl: z.string().nullable(),
  /** The escrow's ledger details when paying by XRPL escrow. */
  escrow: z.object({ account: z.string(), destination: z.string(), xrpAmount: z.string(), txHash: z.string().nullable(), status: z.string() }).nullable(),
  message: z.string(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

export const purchasedLicenseSchema = z.object({
  id: z.string(),
  offerId: z.string(),
  workId: z.string(),
  workTitle: z.string(),
  creator: z.string(),
  buyer: z.string(),
  type: z.enum(LICENSE_TYPES),
  scope: z.enum(LICENSE_SCOPES),
  territory: z.string(),
  duration: z.string(),
  currency: z.enum(LICENSE_CURRENCIES),
  priceCents: z.number().int(),
  paymentMethod: z.enum(PAYMENT_OPTIONS),
  status: z.enum(PURCHASE_STATUSES),
  /** Why it failed or is waiting, in plain words. */
  reason: z.string().nullable(),
  certificateId: z.string().nullable(),
  proofId: z.string().nullable(),
  /** The buyer's rating, 1–5, once given. */
  rating: z.number().int().nullable(),
  purchasedAt: z.string(),
  issuedAt: z.string().nullable(),
});
export type PurchasedLicense = z.infer<typeof purchasedLicenseSchema>;

/** GET /api/licenses/mine (what the signed-in user bought) and GET /api/licenses/sales (what they sold). */
export const purchasedLicenseListSchema = z.object({ licenses: z.array(purchasedLicenseSchema) });
/** GET /api/licenses/:id and the rating's answer. */
export const licenseEnvelopeSchema = z.object({ license: purchasedLicenseSchema });
export const salesSummarySchema = z.object({
  sales: z.array(purchasedLicenseSchema),
  totals: z.object({ count: z.number().int(), revenueCents: z.number().int(), tokenRevenueCents: z.number().int() }),
});

export const rateLicenseRequestSchema = z.object({ rating: z.number().int().min(1).max(5) });
