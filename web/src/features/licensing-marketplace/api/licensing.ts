// The Licensing Marketplace's calls: the public listing with every
// filter sent to the server, a purchase, the buyer's licenses and their certificates and ratings, the
// owner's offers (create, withdraw) and sales. Every answer is parsed with its schema from
// domain/contracts/licensing.ts; the websocket invalidates these keys when the licenses read model
// changes, so nothing here polls.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  marketplaceListSchema,
  offerResponseSchema,
  purchasedLicenseListSchema,
  purchasedLicenseSchema,
  purchaseResponseSchema,
  salesSummarySchema,
  type CreateOfferRequest,
  type MarketplaceLicense,
  type PurchaseRequest,
  type PurchaseResponse,
} from '../../../../../domain/contracts/licensing';
import { apiGet, apiRequest, retryUnlessRefused } from '../../../lib/api-client';
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

async function getParsed<T>(url: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  return schema.parse(await apiGet<unknown>(url, { on401: 'throw', signal }));
}

export const licenseUrl = (licenseId: string) => `/api/licenses/${encodeURIComponent(licenseId)}`;
/** The signed license certificate ({certificate, signature}) and its PDF, downloaded with the session cookie. */
export const certificateJsonUrl = (licenseId: string) => `${licenseUrl(licenseId)}/certificate.json`;
export const certificatePdfUrl = (licenseId: string) => `${licenseUrl(licenseId)}/certificate.pdf`;

/** The public listing for these query parameters (labels.ts marketplaceSearchParams); the last page stays while the next loads. */
export function useMarketplace(searchParams: string) {
  return useQuery({
    queryKey: [...MARKETPLACE_KEY, searchParams],
    queryFn: ({ signal }) => getParsed(`${MARKETPLACE_KEY[0]}?${searchParams}`, marketplaceListSchema, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

export function useMyLicenses({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: MY_LICENSES_KEY,
    queryFn: async ({ signal }) => (await getParsed(MY_LICENSES_KEY[0], purchasedLicenseListSchema, signal)).licenses,
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useMyOffers({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: MY_OFFERS_KEY,
    queryFn: async ({ signal }) => (await getParsed(MY_OFFERS_KEY[0], marketplaceListSchema, signal)).licenses,
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useSales({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: LICENSE_SALES_KEY,
    queryFn: ({ signal }) => getParsed(LICENSE_SALES_KEY[0], salesSummarySchema, signal),
    enabled,
    retry: retryUnlessRefused,
  });
}

export async function purchaseLicense(request: PurchaseRequest): Promise<PurchaseResponse> {
  return purchaseResponseSchema.parse(await apiRequest<unknown>('POST', '/api/licenses/purchase', request));
}

/** A purchase holds tokens or opens a payment: never resent on its own. */
export function usePurchaseLicense() {
  return useOneShotMutation(purchaseLicense, [MY_LICENSES_KEY, MARKETPLACE_KEY, TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY]);
}

const OFFER_REFRESHES = [MY_OFFERS_KEY, MARKETPLACE_KEY, WORK_SEARCH_KEY, WORKS_KEY] as const;

export async function createOffer(request: CreateOfferRequest): Promise<MarketplaceLicense> {
  return offerResponseSchema.parse(await apiRequest<unknown>('POST', '/api/licenses/offers', request)).license;
}

export function useCreateOffer() {
  return useOneShotMutation(createOffer, OFFER_REFRESHES);
}

/** PUT /api/licenses/offers/:id takes the offer's request less its work. */
export async function updateOffer({ offerId, request }: { offerId: string; request: CreateOfferRequest }): Promise<MarketplaceLicense> {
  const { workId: _workId, ...changes } = request;
  return offerResponseSchema.parse(await apiRequest<unknown>('PUT', `/api/licenses/offers/${encodeURIComponent(offerId)}`, changes)).license;
}

export function useUpdateOffer() {
  return useOneShotMutation(updateOffer, OFFER_REFRESHES);
}

export async function withdrawOffer(offerId: string): Promise<MarketplaceLicense> {
  return offerResponseSchema.parse(await apiRequest<unknown>('DELETE', `/api/licenses/offers/${encodeURIComponent(offerId)}`)).license;
}

export function useWithdrawOffer() {
  return useOneShotMutation(withdrawOffer, OFFER_REFRESHES);
}

export async function rateLicense({ licenseId, rating }: { licenseId: string; rating: number }) {
  const answer = await apiRequest<unknown>('POST', `${licenseUrl(licenseId)}/rating`, { rating });
  return z.object({ license: purchasedLicenseSchema }).parse(answer).license;
}

/** A buyer rates an issued license once. */
export function useRateLicense() {
  return useOneShotMutation(rateLicense, [MY_LICENSES_KEY, MARKETPLACE_KEY]);
}
