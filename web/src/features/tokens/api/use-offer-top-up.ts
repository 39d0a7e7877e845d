// A step refused for lack of tokens (HTTP 402) opens the pricing dialog with the server's reason,
// e.g. "Insufficient tokens: this step costs 25.00, your balance is 12.00".
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { pricingDialogAtom } from '../atoms';

export function isOutOfTokens(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402;
}

/** Answers whether `error` was a 402 (and then opens the pricing dialog). */
export function useOfferTopUp(): (error: unknown) => boolean {
  const openPricing = useSetAtom(pricingDialogAtom);
  return useCallback(
    (error: unknown) => {
      if (!isOutOfTokens(error)) return false;
      openPricing({ open: true, notice: errorMessage(error, 'Not enough tokens for this step') });
      return true;
    },
    [openPricing],
  );
}
