// The signed-in user's token dialogs, hosted once for the whole app: the pricing plans and the
// token history (opened from anywhere by app-wide events) and the low-token popup.
import { useState } from 'react';
import { OPEN_PRICING_EVENT, OPEN_TOKEN_HISTORY_EVENT, pricingNoticeFromEvent, useWindowEvent } from '../../../lib/app-events';
import { LowTokenPopup } from './low-token-popup';
import { PricingDialog } from './pricing-dialog';
import { TokenHistoryDialog } from './token-history-dialog';

export function TokenDialogs() {
  const [pricing, setPricing] = useState<{ open: boolean; notice: string | null }>({ open: false, notice: null });
  const [historyOpen, setHistoryOpen] = useState(false);

  useWindowEvent(OPEN_PRICING_EVENT, (event) => {
    setHistoryOpen(false);
    setPricing({ open: true, notice: pricingNoticeFromEvent(event) });
  });
  useWindowEvent(OPEN_TOKEN_HISTORY_EVENT, () => setHistoryOpen(true));

  return (
    <>
      <LowTokenPopup onOpenPricing={() => setPricing({ open: true, notice: null })} />
      <PricingDialog visible={pricing.open} notice={pricing.notice} onHide={() => setPricing({ open: false, notice: null })} />
      <TokenHistoryDialog visible={historyOpen} onHide={() => setHistoryOpen(false)} />
    </>
  );
}
