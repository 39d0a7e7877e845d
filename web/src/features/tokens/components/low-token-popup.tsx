// The low-token popup (spec 3 §4): opens when the balance drops to 10 tokens or less while the
// page is open, or on first load when already that low and not yet shown for that balance
// (remembered per balance value in local storage). It leads to the pricing plans.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useState } from 'react';
import { LOW_TOKEN_POPUP_TOKENS } from '../../../../../domain/tokens/catalogue';
import { usePricing, useTokenBalance } from '../api/tokens';
import { formatBalance } from '../labels';
import { browserStorage, lowTokenPopupDecision, readShownBalances, rememberShownBalance } from '../low-token-popup';

interface Tracked {
  /** The last balance seen while the page is open. */
  balance: number | null;
  /** The balance the popup is open for. */
  openFor: string | null;
}

export function LowTokenPopup({ onOpenPricing }: { onOpenPricing(): void }) {
  const account = useTokenBalance({ enabled: true });
  const pricing = usePricing();
  const threshold = pricing.data?.lowTokenPopup ?? LOW_TOKEN_POPUP_TOKENS;
  const balance = account.data?.balance ?? null;
  const [tracked, setTracked] = useState<Tracked>({ balance: null, openFor: null });

  // Each new balance is judged against the one before it, during render (no effect round trip).
  if (balance !== null && balance !== tracked.balance) {
    const decision = lowTokenPopupDecision(tracked.balance, balance, threshold, readShownBalances(browserStorage()));
    setTracked({ balance, openFor: decision.show ? decision.rememberAs : tracked.openFor });
  }

  const { openFor } = tracked;
  useEffect(() => {
    if (openFor) rememberShownBalance(browserStorage(), openFor);
  }, [openFor]);

  const close = () => setTracked((current) => ({ ...current, openFor: null }));
  const viewPlans = () => {
    close();
    onOpenPricing();
  };

  return (
    <Dialog
      header="Low token balance"
      visible={openFor !== null}
      onHide={close}
      className="low-token-popup"
      draggable={false}
      resizable={false}
      footer={
        <div className="button-row low-token-popup__footer">
          <Button label="Later" outlined onClick={close} />
          <Button label="View pricing plans" icon="pi pi-tags" onClick={viewPlans} />
        </div>
      }
    >
      <div className="low-token-popup__body">
        <i className="pi pi-exclamation-triangle low-token-popup__icon" aria-hidden="true" />
        <div>
          <p>
            You have <strong>{formatBalance(balance ?? 0)} tokens</strong> left.
          </p>
          <p className="muted small">
            Mastering and copyright registration are paid in tokens (1 token = 1 USD). Buy a package or subscribe to keep going.
          </p>
        </div>
      </div>
    </Dialog>
  );
}
