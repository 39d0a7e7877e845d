// Opens the pricing dialog with a low-balance notice when the low-token popup's rule says so
// (low-token-popup.ts): on crossing to 10 tokens or less, or on load when already low and not yet
// shown for that balance.
import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { LOW_TOKEN_POPUP_TOKENS } from '../../../../../domain/tokens/catalogue';
import { formatTokens } from '../../../lib/format';
import { pricingDialogAtom } from '../atoms';
import { lowTokenPopupDecision, readShownBalances, rememberShownBalance } from '../low-token-popup';

export function LowTokenWatcher({ balance }: { balance: number }) {
  const previous = useRef<number | null>(null);
  const openPricing = useSetAtom(pricingDialogAtom);
  useEffect(() => {
    const storage = typeof window === 'undefined' ? undefined : window.localStorage;
    const decision = lowTokenPopupDecision(previous.current, balance, LOW_TOKEN_POPUP_TOKENS, readShownBalances(storage));
    previous.current = balance;
    if (!decision.show || !decision.rememberAs) return;
    rememberShownBalance(storage, decision.rememberAs);
    openPricing({ open: true, notice: `Low token balance: you have ${formatTokens(balance)} tokens left. Top up to keep mastering and registering.` });
  }, [balance, openPricing]);
  return null;
}
