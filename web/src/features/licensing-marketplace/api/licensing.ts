// The Licensing Marketplace's calls: the public listing with every
// filter sent to the server, a purchase, the buyer's licenses and their certificates and ratings, the
// owner's offers (create, withdraw) and sales. Every answer is parsed with its schema from
// domain/contracts/licensing.ts; the websocket invalidates these keys when the licenses read model
// changes, so nothing here polls.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  licenseEnvelopeSchema,
  marketplaceListSchema,
  offerResponseSchema,
  purchasedLicenseListSchema,
  purchaseResponseSchema,
  salesSummarySchema,
  type CreateOfferRequest,
  type MarketplaceLicense,
  type PurchaseRequest,
  type PurchaseResponse,
} from '../../../../../domain/contracts/licensing';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import {
  LICENSE_SALES_KEY,
  MARKETPLACE_KEY,
  MY_LICENSES_KEY,
  MY_OFFERS_KEY,
  TOKEN_BALANCE_KEY,
  TOKEN_TRANSACTIONS_KEY,
  USER_KEY,
  WORK_SEARCH_KEY,
  WORKS_KEY,
} from '../../../lib/query-keys';

export type MarketplaceList = z.infer<typeof marketplaceListSchema>;
export type SalesSummary = z.infer<typeof salesSummarySchema>;


export const licenseUrl = (licenseId: string) => `/api/licenses/${encodeURIComponent(licenseId)}`;
/** The signed license certificate ({certificate, signature}) and its PDF, downloaded with the session cookie. */
export const certificateJsonUrl = (licenseId: string) => `${licenseUrl(licenseId)}/certificate.json`;
export const certificatePdfUrl = (licenseId: string) => `${licenseUrl(licenseId)}/certificate.pdf`;

/** The public listing for these query parameters (labels.ts marketplaceSearchParams); the last page stays while the next loads. */
export function useMarketplace(searchParams: string) {
  return useQuery({
    queryKey: [...MARKETPLACE_KEY, searchParams],
    queryFn: ({ signal }) => getParsed(marketplaceListSchema, `${MARKETPLACE_KEY[0]}?${searchParams}`, { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

export function useMyLicenses({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: MY_LICENSES_KEY,
    queryFn: async ({ signal }) => (await getParsed(purchasedLicenseListSchema, MY_LICENSES_KEY[0], { signal })).licenses,
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useMyOffers({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: MY_OFFERS_KEY,
    queryFn: async ({ signal }) => (await getParsed(marketplaceListSchema, MY_OFFERS_KEY[0], { signal })).licenses,
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useSales({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: LICENSE_SALES_KEY,
    queryFn: ({ signal }) => getParsed(salesSummarySchema, LICENSE_SALES_KEY[0], { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

export async function purchaseLicense(request: PurchaseRequest): Promise<PurchaseResponse> {
  return requestParsed(purchaseResponseSchema, 'POST', '/api/licenses/purchase', request);
}

/** A purchase holds tokens or opens a payment: never resent on its own. */
export function usePurchaseLicense() {
  return useOneShotMutation(purchaseLicense, [MY_LICENSES_KEY, MARKETPLACE_KEY, TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY]);
}

const OFFER_REFRESHES = [MY_OFFERS_KEY, MARKETPLACE_KEY, WORK_SEARCH_KEY, WORKS_KEY] as const;

export async function createOffer(request: CreateOfferRequest): Promise<MarketplaceLicense> {
  return (await requestParsed(offerResponseSchema, 'POST', '/api/licenses/offers', request)).license;
}

export function useCreateOffer() {
  return useOneShotMutation(createOffer, OFFER_REFRESHES);
}

/** PUT /api/licenses/offers/:id takes the offer's request less its work. */
export async function updateOffer({ offerId, request }: { offerId: string; request: CreateOfferRequest }): Promise<MarketplaceLicense> {
  const { workId: _workId, ...changes } = request;
  return (await requestParsed(offerResponseSchema, 'PUT', `/api/licenses/offers/${encodeURIComponent(offerId)}`, changes)).license;
}

export function useUpdateOffer() {
  return useOneShotMutation(updateOffer, OFFER_REFRESHES);
}

export async function withdrawOffer(offerId: string): Promise<MarketplaceLicense> {
  return (await requestParsed(offerResponseSchema, 'DELETE', `/api/licenses/offers/${encodeURIComponent(offerId)}`)).license;
}

export function useWithdrawOffer() {
  return useOneShotMutation(withdrawOffer, OFFER_REFRESHES);
}

export async function rateLicense({ licenseId, rating }: { licenseId: string; rating: number }) {
  return (await requestParsed(licenseEnvelopeSchema, 'POST', `${licenseUrl(licenseId)}/rating`, { rating })).license;
}

/** A buyer rates an issued license once. */
export function useRateLicense() {
  return useOneShotMutation(rateLicense, [MY_LICENSES_KEY, MARKETPLACE_KEY]);
}
