// The XRP purchase card's calls: the XRP quote, the wallet to pay (with
// the ledger network it is on), its QR code, and the card on-ramp, whose answer is a provider page
// to open in a window.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { useToast } from '../../../components/ui/toast';
import {
  xrpPricingResponseSchema,
  xrpPurchaseResponseSchema,
  xrpQrCodeResponseSchema,
  xrpWalletInfoResponseSchema,
  type XrpPricingResponse,
  type XrpPurchaseResponse,
  type XrpQrCodeResponse,
  type XrpWalletInfoResponse,
} from '../../../../../domain/contracts/wallets';
import { errorMessage, getParsed, requestParsed, retryUnlessRefused } from '../../api-client';
import { XRP_PRICING_KEY, XRP_QR_CODE_KEY, XRP_WALLET_INFO_KEY } from '../../query-keys';

export type { XrpPricingResponse, XrpPurchaseResponse };
export type XrpWalletInfo = XrpWalletInfoResponse;
export type XrpQrCode = XrpQrCodeResponse;

function useXrpRead<T>(queryKey: readonly [string], schema: z.ZodType<T>, enabled: boolean) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => getParsed(schema, queryKey[0], { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

export const useXrpPricing = (enabled: boolean) => useXrpRead(XRP_PRICING_KEY, xrpPricingResponseSchema, enabled);
export const useXrpWalletInfo = (enabled: boolean) => useXrpRead(XRP_WALLET_INFO_KEY, xrpWalletInfoResponseSchema, enabled);
export const useXrpQrCode = (enabled: boolean) => useXrpRead(XRP_QR_CODE_KEY, xrpQrCodeResponseSchema, enabled);

/** A purchase creates a payment on the provider: never resent on its own. `amount`: XRP to buy; default the XRP package's. */
export function useXrpPurchase() {
  return useMutation({
    mutationFn: (amount?: number) => requestParsed(xrpPurchaseResponseSchema, 'POST', '/api/xrp/purchase', amount === undefined ? {} : { amount }),
    retry: false,
  });
}

const PURCHASE_WINDOW = 'width=600,height=700';

/**
 * Opens the card provider's page for buying XRP (`amount`, or the XRP package's) in a new window;
 * `refusal` is the server's reason when it would not make one.
 */
export function useOpenCardOnramp() {
  const toast = useToast();
  const purchase = useXrpPurchase();
  const [refusal, setRefusal] = useState<string | null>(null);
  const open = (amount?: number) => {
    setRefusal(null);
    purchase.mutate(amount, {
      onSuccess: (answer) => {
        if (answer.success) window.open(answer.purchaseUrl, 'xrp-purchase', PURCHASE_WINDOW);
        else setRefusal(answer.error);
      },
      onError: (error) => {
        setRefusal(errorMessage(error, 'The card provider\'s page could not be made'));
        toast.show({ severity: 'error', summary: 'Purchase Error', detail: 'Failed to create XRP purchase. Please try again.' });
      },
    });
  };
  return { open, refusal, pending: purchase.isPending };
}
