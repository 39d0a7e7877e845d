// Which token dialogs are open, shared by the header, the popup watcher and the screens that can
// run out of tokens (a 402 opens the pricing dialog with the server's message).
import { atom } from 'jotai';

export interface PricingDialogState {
  open: boolean;
  /** Shown above the plans: the low-balance notice, or why a step was refused. */
  notice: string | null;
}

export const pricingDialogAtom = atom<PricingDialogState>({ open: false, notice: null });
export const tokenHistoryOpenAtom = atom(false);
