// When the low-token popup opens: at a balance of 10 or less, either when the balance
// crosses from above 10 to 10 or less, or on first load when already low and not yet shown for
// that balance. It is remembered per balance value in local storage, so the same low balance does
// not open it again after a reload, while a new low balance does.

export const LOW_TOKEN_POPUP_STORAGE_KEY = 'goose.lowTokenPopupShownFor';
/** How many shown balances are kept; the oldest are forgotten first. */
const REMEMBERED_BALANCES = 20;

export interface LowTokenPopupDecision {
  show: boolean;
  /** The balance value to remember as shown, when `show`. */
  rememberAs: string | null;
}

/** The key a balance is remembered under: 2 decimals, as the header shows it. */
export function balanceKey(balance: number): string {
  return balance.toFixed(2);
}

/**
 * previous: the balance seen before this one while the page is open (null on first load);
 * shownFor: the balance values the popup was already shown for.
 */
export function lowTokenPopupDecision(previous: number | null, current: number, threshold: number, shownFor: readonly string[]): LowTokenPopupDecision {
  if (current > threshold) return { show: false, rememberAs: null };
  const key = balanceKey(current);
  const crossed = previous !== null && previous > threshold;
  const firstLoadNotShown = previous === null && !shownFor.includes(key);
  return crossed || firstLoadNotShown ? { show: true, rememberAs: key } : { show: false, rememberAs: null };
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The balances the popup was shown for; a missing or corrupt entry reads as none. */
export function readShownBalances(storage: ReadableStorage | null): string[] {
  try {
    const parsed = JSON.parse(storage?.getItem(LOW_TOKEN_POPUP_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberShownBalance(storage: WritableStorage | null, key: string): void {
  const shown = readShownBalances(storage);
  if (shown.includes(key)) return;
  try {
    storage?.setItem(LOW_TOKEN_POPUP_STORAGE_KEY, JSON.stringify([...shown, key].slice(-REMEMBERED_BALANCES)));
  } catch {
    // A full or blocked storage only means the popup may show again after a reload.
  }
}

/** The page's local storage, or null where there is none (private modes may refuse it). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
