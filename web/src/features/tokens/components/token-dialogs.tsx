// The signed-in user's token dialogs, hosted once for the whole app: the pricing plans and the
// token history, opened from anywhere by app-wide events, and the low-token popup,
// which, for a signed-in user, is the pricing plans opened with the low-balance notice: when the
// balance drops to 10 or less while the page is open, or on first load when already that low and
// not yet shown for that balance (remembered per balance value in local storage).
import { useEffect, useState } from 'react';
import { LOW_TOKEN_POPUP_TOKENS } from '../../../../../domain/tokens/catalogue';
import { OPEN_PRICING_EVENT, OPEN_TOKEN_HISTORY_EVENT, pricingNoticeFromEvent, useWindowEvent } from '../../../lib/app-events';
import { usePricing, useTokenBalance } from '../../../lib/tokens/api/tokens';
import { browserStorage, lowTokenPopupDecision, readShownBalances, rememberShownBalance } from '../low-token-popup';
import { PricingDialog } from './pricing-dialog';
import { TokenHistoryDialog } from './token-history-dialog';

interface LowBalanceWatch {
  /** The last balance seen while the page is open. */
  balance: number | null;
  /** The balance the popup is open for. */
  openFor: string | null;
}

export function TokenDialogs() {
  const [pricing, setPricing] = useState<{ open: boolean; notice: string | null }>({ open: false, notice: null });
  const [historyOpen, setHistoryOpen] = useState(false);
  const account = useTokenBalance({ enabled: true });
  const threshold = usePricing().data?.lowTokenPopup ?? LOW_TOKEN_POPUP_TOKENS;
  const balance = account.data?.balance ?? null;
  const [watch, setWatch] = useState<LowBalanceWatch>({ balance: null, openFor: null });

  // Each new balance is judged against the one before it, during render (no effect round trip).
  if (balance !== null && balance !== watch.balance) {
    const decision = lowTokenPopupDecision(watch.balance, balance, threshold, readShownBalances(browserStorage()));
    setWatch({ balance, openFor: decision.show ? decision.rememberAs : watch.openFor });
  }

  const lowFor = watch.openFor;
  useEffect(() => {
    if (lowFor) rememberShownBalance(browserStorage(), lowFor);
  }, [lowFor]);

  useWindowEvent(OPEN_PRICING_EVENT, (event) => {
    setHistoryOpen(false);
    setPricing({ open: true, notice: pricingNoticeFromEvent(event) });
  });
  useWindowEvent(OPEN_TOKEN_HISTORY_EVENT, () => setHistoryOpen(true));

  const closePricing = () => {
    setPricing({ open: false, notice: null });
    setWatch((current) => ({ ...current, openFor: null }));
  };

  return (
    <>
      <PricingDialog visible={pricing.open || lowFor !== null} notice={pricing.notice} onHide={closePricing} />
      <TokenHistoryDialog visible={historyOpen && !pricing.open && lowFor === null} onHide={() => setHistoryOpen(false)} />
    </>
  );
}
