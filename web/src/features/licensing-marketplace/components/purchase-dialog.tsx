// The Purchase dialog: the work and creator, a payment method select of only
// the options the license offers, those this server does not take (card without card payments, XRP
// escrow without escrow) disabled with the reason said (stripe by default only when taken), the total with its currency
// symbol, Cancel and Purchase (Processing... while busy). A card purchase goes on to Stripe
// Checkout; tokens are issued by the server and land in My licenses; any non-OK answer toasts
// "Purchase failed" with the server's error. A visitor is asked to sign in first.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useId, useState } from 'react';
import type { MarketplaceLicense, PaymentOption, PurchaseResponse } from '../../../../../domain/contracts/licensing';
import { useToast, type ToastOptions } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { openLogin, openPricing, openSignup } from '../../../lib/app-events';
import { useCapabilities } from '../../../lib/capabilities';
import { usePurchaseLicense } from '../api/licensing';
import { defaultPaymentMethod, formatPrice, LICENSE_TYPE_DISPLAY, PAYMENT_METHOD_LABELS, paymentMethodAvailable, paymentMethodReason, SCOPE_LABELS } from '../labels';

interface PurchaseDialogProps {
  license: MarketplaceLicense | null;
  signedIn: boolean;
  onHide(): void;
  /** A license was issued or is being issued: the page shows My licenses. */
  onPurchased(): void;
}

export function PurchaseDialog({ license, signedIn, onHide, onPurchased }: PurchaseDialogProps) {
  return (
    <Dialog header="Purchase License" visible={license !== null} onHide={onHide} className="license-dialog" draggable={false} modal>
      {license && (signedIn ? <PurchaseForm license={license} onDone={onHide} onPurchased={onPurchased} /> : <SignInToPurchase onDone={onHide} />)}
    </Dialog>
  );
}

export function SignInToPurchase({ onDone }: { onDone(): void }) {
  const go = (open: () => void) => () => {
    onDone();
    open();
  };
  return (
    <div className="purchase-sign-in">
      <p>Sign in to purchase a license. The license certificate is issued in your name.</p>
      <div className="button-row">
        <Button label="Log In" icon="pi pi-sign-in" onClick={go(openLogin)} />
        <Button label="Sign Up" icon="pi pi-user-plus" outlined onClick={go(openSignup)} />
      </div>
    </div>
  );
}

/** What a purchase's answer means for the buyer: a toast, and whether it goes to My licenses. */
export function purchaseOutcome(answer: PurchaseResponse): { toast: ToastOptions; purchased: boolean } {
  if (!answer.success || answer.status === 'failed') return { toast: { severity: 'error', summary: 'Purchase failed', detail: answer.message || 'Unknown error' }, purchased: false };
  if (answer.status === 'issued') return { toast: { severity: 'success', summary: 'License purchased', detail: answer.message }, purchased: true };
  return { toast: { severity: 'info', summary: 'Purchase started', detail: answer.message }, purchased: true };
}

export function PurchaseForm({ license, onDone, onPurchased }: { license: MarketplaceLicense; onDone(): void; onPurchased(): void }) {
  const ids = useId();
  const toast = useToast();
  const purchase = usePurchaseLicense();
  const capabilities = useCapabilities().data;
  const options = license.pricing.paymentOptions;
  // Chosen by the buyer, else the default of what this server takes (known once capabilities arrive).
  const [chosen, setChosen] = useState<PaymentOption | null>(null);
  const method = chosen ?? defaultPaymentMethod(options, capabilities);
  const unavailable = options.filter((option) => !paymentMethodAvailable(option, capabilities));
  const reasons = [...new Set(unavailable.map((option) => paymentMethodReason(option, capabilities)))].filter((reason) => reason !== null);
  const busy = purchase.isPending;

  const submit = () => {
    if (!method) return;
    purchase.mutate(
      { licenseId: license.id, paymentMethod: method },
      {
        onSuccess: (answer) => {
          if (answer.status === 'awaiting_payment' && answer.checkoutUrl) {
            window.location.assign(answer.checkoutUrl);
            return;
          }
          const outcome = purchaseOutcome(answer);
          toast.show(outcome.toast);
          if (outcome.purchased) {
            onDone();
            onPurchased();
          }
        },
        onError: (error) => {
          const detail = errorMessage(error, 'Unknown error');
          toast.show({ severity: 'error', summary: 'Purchase failed', detail });
          if (error instanceof ApiError && error.status === 402) openPricing(detail);
        },
      },
    );
  };

  return (
    <div className="purchase-form" aria-busy={busy}>
      <dl className="facts">
        <div className="fact">
          <dt>Work</dt>
          <dd>{license.workTitle}</dd>
        </div>
        <div className="fact">
          <dt>Creator</dt>
          <dd>{license.creator}</dd>
        </div>
        <div className="fact">
          <dt>License</dt>
          <dd>
            {LICENSE_TYPE_DISPLAY[license.type].label} · {SCOPE_LABELS[license.scope]} · {license.territory} · {license.duration}
          </dd>
        </div>
      </dl>
      <div className="field">
        <label htmlFor={`${ids}-method`}>Payment method</label>
        <Dropdown
          inputId={`${ids}-method`}
          value={method}
          options={options.map((option) => ({ label: PAYMENT_METHOD_LABELS[option], value: option, disabled: unavailable.includes(option) }))}
          placeholder="No payment method offered here"
          disabled={busy || unavailable.length === options.length}
          onChange={(event) => setChosen(event.value as PaymentOption)}
        />
        {reasons.map((reason) => (
          <small key={reason} className="muted">
            {reason}
          </small>
        ))}
      </div>
      <p className="purchase-form__total">
        Total <strong>{formatPrice(license.pricing.amount, license.pricing.currency)}</strong>
      </p>
      <div className="button-row">
        <Button type="button" label="Cancel" outlined disabled={busy} onClick={onDone} />
        <Button type="button" label={busy ? 'Processing...' : 'Purchase'} icon="pi pi-shopping-cart" disabled={busy || method === null} onClick={submit} />
      </div>
    </div>
  );
}
