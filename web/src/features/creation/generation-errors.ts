// The studio's failures as the product words them (spec §8): lyrics that could not be written,
// and a song that could not be started, with the server's reason. A song refused for want of
// tokens (402) opens the pricing plans like every other paid step.
import type { ToastOptions } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { reportInsufficientTokens } from '../../lib/tokens/insufficient-tokens';

export const GENERATION_FAILED = 'Generation Failed';
export const LYRICS_FAILED_DETAIL = 'Could not generate lyrics. Please try again or write your own.';
export const SONG_FAILED_FALLBACK = 'Failed to generate song';

type Toaster = { show(options: ToastOptions): void };

export function reportLyricsFailure(toast: Toaster): void {
  toast.show({ severity: 'error', summary: GENERATION_FAILED, detail: LYRICS_FAILED_DETAIL });
}

/** A generation refused or failed to start: the low-token popup for a 402, else the server's reason. */
export function reportSongFailure(error: unknown, toast: Toaster): void {
  if (reportInsufficientTokens(error, GENERATION_FAILED, toast)) return;
  toast.show({ severity: 'error', summary: GENERATION_FAILED, detail: errorMessage(error, SONG_FAILED_FALLBACK) });
}
