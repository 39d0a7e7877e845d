// The XRP purchase card's calls (spec 2 §4 "XRP purchase"): the XRP quote, the wallet to pay,
// its QR code, and the card purchase, whose answer is a provider page to open in a window.
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { XRP_PRICING_KEY, XRP_QR_CODE_KEY, XRP_WALLET_INFO_KEY } from '../../../lib/query-keys';

export interface XrpPricingResponse {
  pricing: { xrpAmount: number; usdAmount: number; rate: number; rateSource: string; rateAt: string } | null;
  error?: string;
}

export interface XrpWalletInfo {
  walletAddress: string;
  requiredAmount: number | null;
  /** null: the funding could not be checked (the note says why). */
  funded: boolean | null;
  balanceXrp: number | null;
  note?: string;
  /** Whether XRP arriving at the address becomes tokens on this server, and the sentence that says so. */
  deposits: { credited: boolean; note: string };
}

export interface XrpQrCode {
  qrCodeDataUrl: string;
  paymentUri: string;
}

export type XrpPurchaseResponse = { success: true; purchaseUrl: string } | { success: false; error: string };

function useXrpRead<T>(queryKey: readonly [string], enabled: boolean) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiGet<T>(queryKey[0], { on401: 'throw', signal }) as Promise<T>,
    enabled,
    retry: retryUnlessRefused,
  });
}

export const useXrpPricing = (enabled: boolean) => useXrpRead<XrpPricingResponse>(XRP_PRICING_KEY, enabled);
export const useXrpWalletInfo = (enabled: boolean) => useXrpRead<XrpWalletInfo>(XRP_WALLET_INFO_KEY, enabled);
export const useXrpQrCode = (enabled: boolean) => useXrpRead<XrpQrCode>(XRP_QR_CODE_KEY, enabled);

/** A purchase creates a payment on the provider: never resent on its own. */
export function useXrpPurchase() {
  return useMutation({ mutationFn: () => apiRequest<XrpPurchaseResponse>('POST', '/api/xrp/purchase', {}), retry: false });
}
