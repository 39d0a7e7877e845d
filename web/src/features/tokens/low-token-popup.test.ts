// The low-token popup's rule (spec 3 §4), as a pure function.
import { describe, expect, it } from 'vitest';
import { lowTokenPopupDecision, readShownBalances, rememberShownBalance } from './low-token-popup';

describe('low-token popup', () => {
  it('opens when the balance crosses from above 10 to 10 or less', () => {
    expect(lowTokenPopupDecision(15, 10, 10, [])).toEqual({ show: true, rememberAs: '10.00' });
    expect(lowTokenPopupDecision(10.01, 4.5, 10, ['4.50'])).toEqual({ show: true, rememberAs: '4.50' });
  });

  it('stays closed above the threshold and while the balance moves below it without crossing', () => {
    expect(lowTokenPopupDecision(20, 15, 10, [])).toEqual({ show: false, rememberAs: null });
    expect(lowTokenPopupDecision(8, 5, 10, [])).toEqual({ show: false, rememberAs: null });
  });

  it('opens on first load when already low, once per balance value', () => {
    expect(lowTokenPopupDecision(null, 7, 10, [])).toEqual({ show: true, rememberAs: '7.00' });
    expect(lowTokenPopupDecision(null, 7, 10, ['7.00'])).toEqual({ show: false, rememberAs: null });
    expect(lowTokenPopupDecision(null, 6, 10, ['7.00'])).toEqual({ show: true, rememberAs: '6.00' });
  });

  it('remembers the balances it was shown for, and survives a corrupt store', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    rememberShownBalance(storage, '7.00');
    rememberShownBalance(storage, '7.00');
    rememberShownBalance(storage, '3.00');
    expect(readShownBalances(storage)).toEqual(['7.00', '3.00']);
    store.set('goose.lowTokenPopupShownFor', '{not json');
    expect(readShownBalances(storage)).toEqual([]);
  });
});
