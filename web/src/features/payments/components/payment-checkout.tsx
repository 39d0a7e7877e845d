// The card payment page shared by /checkout (a token package) and /subscribe (a monthly tier): the
// selection read from the address (none or an unknown one: a toast and back to the dashboard),
// the item's name, price and tokens from the price list, the payment created on load, a spinner
// until its client secret arrives, then Stripe's Payment Element. Where the server has no card
// payments (the `card-payments` capability) the page says so in its plain words and shows no form.
// Stripe.js comes from `@stripe/stripe-js/pure`: the package's main entry injects js.stripe.com
// into every page that imports it, while this one loads it only when a payment form is shown.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Tag } from 'primereact/tag';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { capabilityState, NOT_ON_THIS_SERVER, useCapabilities } from '../../../lib/capabilities';
import { formatTokens } from '../../../lib/format';
import { CURRENT_USER_KEY, TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY } from '../../../lib/query-keys';
import { usePaymentsConfig } from '../api/payments';
import '../payments.css';

/** What the page sells, from the price list. */
export interface PaymentItem {
  name: string;
  /** USD; a month for a subscription. */
  price: number;
  tokens: number;
  features?: readonly string[];
}

/** The words of one flow (package or subscription). */
export interface PaymentFlow {
  title: string;
  icon: string;
  noSelection: string;
  invalidSelection: string;
  initFailure: string;
  failedSummary: string;
  successSummary: string;
  successDetail: string;
  submitLabel: string;
  priceSuffix: string;
}

export const PACKAGE_FLOW: PaymentFlow = {
  title: 'Checkout',
  icon: 'pi-credit-card',
  noSelection: 'No package selected',
  invalidSelection: 'Invalid package selected',
  initFailure: 'Failed to initialize payment. Please try again.',
  failedSummary: 'Payment Failed',
  successSummary: 'Payment Successful',
  successDetail: 'Your tokens are added to your balance as soon as Stripe confirms the payment (usually within seconds).',
  submitLabel: 'Pay',
  priceSuffix: '',
};

export const SUBSCRIPTION_FLOW: PaymentFlow = {
  title: 'Subscription',
  icon: 'pi-star',
  noSelection: 'No subscription tier selected',
  invalidSelection: 'Invalid subscription tier selected',
  initFailure: 'Failed to initialize subscription. Please try again.',
  failedSummary: 'Subscription Failed',
  successSummary: 'Subscription Active',
  successDetail: 'Your first month\'s tokens and allowances are added as soon as Stripe confirms the payment.',
  submitLabel: 'Subscribe',
  priceSuffix: ' / month',
};

/** One Stripe.js per publishable key for the whole visit (loadStripe fetches js.stripe.com once). */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

interface PaymentCheckoutProps {
  flow: PaymentFlow;
  /** The address's selection: null when none was given. */
  selection: string | null;
  /** The selected item, or null when the selection is unknown (or the price list is not in yet). */
  item: PaymentItem | null;
  /** Whether the selection is one the catalogue sells (known before the price list arrives). */
  validSelection: boolean;
  /** The payment the page created on load (created once payments are known to be configured). */
  created: { data?: { clientSecret: string }; isError: boolean; error: unknown };
}

export function PaymentCheckout({ flow, selection, item, validSelection, created }: PaymentCheckoutProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const capabilities = useCapabilities();
  const card = capabilityState(capabilities.data, 'card-payments');
  // The publishable key the form needs; asked only where card payments are on.
  const config = usePaymentsConfig(card.available);

  useEffect(() => {
    if (validSelection) return;
    toast.show({ severity: 'warn', summary: selection ? flow.invalidSelection : flow.noSelection });
    navigate('/dashboard', { replace: true });
  }, [validSelection, selection, flow, toast, navigate]);

  useEffect(() => {
    if (created.isError) toast.show({ severity: 'error', summary: 'Error', detail: flow.initFailure });
  }, [created.isError, flow, toast]);

  if (!validSelection) return null;

  if (capabilities.isError) {
    return <Message severity="error" className="payment__message" text={`Could not ask the server whether card payments are offered: ${errorMessage(capabilities.error, 'unknown error')}`} />;
  }
  if (!card.loading && !card.available) {
    return (
      <section className="payment" aria-labelledby="payment-title">
        <Card>
          <h1 id="payment-title" className="payment__title">
            <i className={`pi ${flow.icon}`} aria-hidden="true" /> {flow.title}
          </h1>
          <p className="payment__off">
            <Tag value={NOT_ON_THIS_SERVER} severity="secondary" /> {card.reason}
          </p>
          {item && <ItemSummary item={item} flow={flow} />}
          <div className="button-row">
            <Link to="/dashboard" className="p-button p-component">
              <i className="pi pi-arrow-left" aria-hidden="true" />
              <span>Back to the dashboard</span>
            </Link>
          </div>
        </Card>
      </section>
    );
  }
  if (config.isError) {
    return <Message severity="error" className="payment__message" text={`Could not ask the server whether payments are available: ${errorMessage(config.error, 'unknown error')}`} />;
  }

  return (
    <section className="payment" aria-labelledby="payment-title">
      <Card>
        <h1 id="payment-title" className="payment__title">
          <i className={`pi ${flow.icon}`} aria-hidden="true" /> {flow.title}
        </h1>
        {item && <ItemSummary item={item} flow={flow} />}
        {created.isError ? (
          <Message severity="error" className="payment__message" text={`${flow.initFailure} (${errorMessage(created.error, 'unknown error')})`} />
        ) : created.data && config.data?.publishableKey ? (
          <Elements stripe={stripeFor(config.data.publishableKey)} options={{ clientSecret: created.data.clientSecret, appearance: { theme: 'stripe' } }}>
            <PaymentForm flow={flow} />
          </Elements>
        ) : (
          <div className="payment__loading" role="status" aria-live="polite">
            <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" aria-hidden="true" />
            <span>Preparing the secure payment form…</span>
          </div>
        )}
      </Card>
    </section>
  );
}

function ItemSummary({ item, flow }: { item: PaymentItem; flow: PaymentFlow }) {
  return (
    <div className="payment__summary">
      <div>
        <h2 className="payment__item">{item.name}</h2>
        <p className="muted">{formatTokens(item.tokens)} GOOSE tokens{flow.priceSuffix ? ' every paid month' : ''} (1 token = 1 USD)</p>
        {item.features && item.features.length > 0 && (
          <ul className="payment__features">
            {item.features.map((feature) => (
              <li key={feature}>
                <i className="pi pi-check" aria-hidden="true" /> {feature}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="payment__price" aria-label="Price">
        ${item.price.toFixed(2)}
        <span className="muted">{flow.priceSuffix}</span>
      </div>
    </div>
  );
}

function PaymentForm({ flow }: { flow: PaymentFlow }) {
  const stripe = useStripe();
  const elements = useElements();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formReady, setFormReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe) {
      toast.show({ severity: 'error', summary: 'Payment Error', detail: 'Payment system not ready. Please try again.' });
      return;
    }
    if (!elements || !formReady) {
      toast.show({ severity: 'error', summary: 'Payment Error', detail: 'Payment form not ready. Please wait a moment and try again.' });
      return;
    }
    setSubmitting(true);
    try {
      // Cards finish here; methods that need a redirect come back to the dashboard.
      const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: `${window.location.origin}/dashboard` }, redirect: 'if_required' });
      if (error) {
        toast.show({ severity: 'error', summary: flow.failedSummary, detail: error.message ?? 'The payment was not completed.' });
        return;
      }
      toast.show({ severity: 'success', summary: flow.successSummary, detail: flow.successDetail });
      await Promise.all([TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, CURRENT_USER_KEY, USER_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      navigate('/dashboard');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="payment__form" onSubmit={submit}>
      <PaymentElement onReady={() => setFormReady(true)} />
      <Button type="submit" label={flow.submitLabel} icon="pi pi-lock" loading={submitting} disabled={submitting} className="payment__submit" />
      <p className="muted payment__note">
        <i className="pi pi-shield" aria-hidden="true" /> Card details go straight to Stripe; GOOSE never sees them.
      </p>
    </form>
  );
}
