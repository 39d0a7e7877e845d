// A step the user cannot pay for answers 402 with the price and the balance ('Insufficient
// tokens: this step costs 25.00, your balance is 12.00'). The failing screen shows that text and
// the pricing plans open, so the way to more tokens is one click away.
import type { ToastOptions } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../api-client';
import { openPricing } from '../app-events';

export function isInsufficientTokens(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 402;
}

/**
 * For a 402: toasts the server's text under `summary` and opens the pricing dialog with it as
 * its notice, then answers true. Any other failure answers false, for the caller to report.
 */
export function reportInsufficientTokens(error: unknown, summary: string, toast: { show(options: ToastOptions): void }): boolean {
  if (!isInsufficientTokens(error)) return false;
  const detail = errorMessage(error, 'You do not have enough tokens for this step');
  toast.show({ severity: 'error', summary, detail });
  openPricing(detail);
  return true;
}
