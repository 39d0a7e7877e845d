// The low-token popup's rule and its memory per balance value.
import { describe, expect, it } from 'vitest';
import { LOW_TOKEN_POPUP_STORAGE_KEY, lowTokenPopupDecision, readShownBalances, rememberShownBalance } from './low-token-popup';

function memoryStorage() {
  const store = new Map<string, string>();
  return { store, getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
}

describe('low-token popup rule', () => {
  it('opens when the balance crosses from above 10 to 10 or less, even for a balance shown before', () => {
    expect(lowTokenPopupDecision(15, 10, 10, [])).toEqual({ show: true, rememberAs: '10.00' });
    expect(lowTokenPopupDecision(10.01, 4.5, 10, ['4.50'])).toEqual({ show: true, rememberAs: '4.50' });
  });

  it('stays closed above the threshold, and while a low balance moves without crossing', () => {
    expect(lowTokenPopupDecision(null, 10.01, 10, [])).toEqual({ show: false, rememberAs: null });
    expect(lowTokenPopupDecision(20, 15, 10, [])).toEqual({ show: false, rememberAs: null });
    expect(lowTokenPopupDecision(8, 5, 10, [])).toEqual({ show: false, rememberAs: null });
  });

  it('opens on first load when already low, once per balance value', () => {
    expect(lowTokenPopupDecision(null, 7, 10, [])).toEqual({ show: true, rememberAs: '7.00' });
    expect(lowTokenPopupDecision(null, 7, 10, ['7.00'])).toEqual({ show: false, rememberAs: null });
    expect(lowTokenPopupDecision(null, 6, 10, ['7.00'])).toEqual({ show: true, rememberAs: '6.00' });
    expect(lowTokenPopupDecision(null, 0, 10, [])).toEqual({ show: true, rememberAs: '0.00' });
  });
});

describe('low-token popup memory', () => {
  it('remembers each balance once, keeps the newest 20, and reads a corrupt entry as none', () => {
    const storage = memoryStorage();
    rememberShownBalance(storage, '7.00');
    rememberShownBalance(storage, '7.00');
    rememberShownBalance(storage, '3.00');
    expect(readShownBalances(storage)).toEqual(['7.00', '3.00']);
    for (let balance = 0; balance < 25; balance += 1) rememberShownBalance(storage, `${balance}.50`);
    expect(readShownBalances(storage)).toHaveLength(20);
    expect(readShownBalances(storage).at(-1)).toBe('24.50');
    storage.store.set(LOW_TOKEN_POPUP_STORAGE_KEY, '{not json');
    expect(readShownBalances(storage)).toEqual([]);
    expect(readShownBalances(null)).toEqual([]);
  });
});
