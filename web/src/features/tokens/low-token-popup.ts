// When the low-token popup opens (spec 3 §4): at a balance of 10 or less, either when the balance
// crosses from above 10 to 10 or less, or on first load when already low and not yet shown for
// that balance. It is remembered per balance value (in local storage), so the same low balance
// does not open it again after a reload.

export const LOW_TOKEN_POPUP_STORAGE_KEY = 'goose.lowTokenPopupShownFor';

export interface PopupDecision {
  show: boolean;
  /** The balance to remember as shown for, when `show`. */
  rememberAs: string | null;
}

/**
 * previous: the balance seen before this one in this page's life (null on first load);
 * shownFor: the balances the popup was already shown for.
 */
export function lowTokenPopupDecision(previous: number | null, current: number, threshold: number, shownFor: readonly string[]): PopupDecision {
  const key = current.toFixed(2);
  if (current > threshold) return { show: false, rememberAs: null };
  const crossed = previous !== null && previous > threshold;
  const firstLoadNotShown = previous === null && !shownFor.includes(key);
  return crossed || firstLoadNotShown ? { show: true, rememberAs: key } : { show: false, rememberAs: null };
}

export function readShownBalances(storage: Pick<Storage, 'getItem'> | undefined): string[] {
  try {
    const parsed = JSON.parse(storage?.getItem(LOW_TOKEN_POPUP_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberShownBalance(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, balance: string): void {
  const shown = readShownBalances(storage);
  if (shown.includes(balance)) return;
  // A handful is enough to know which balances were seen; the oldest go first.
  storage?.setItem(LOW_TOKEN_POPUP_STORAGE_KEY, JSON.stringify([...shown, balance].slice(-20)));
}
