// The Offer a license dialog, also used to edit an offer: one of the owner's registered works (a certificate was
// issued; from the vault list), the license type, scope, territory, duration, currency, price and
// an optional original price, the payment methods (only those this server takes can be ticked:
// card is not pre-ticked without card payments), the terms (checkboxes, permission and
// restriction lists one a line, custom terms). The form is checked with the route's own schema
// first; the server's refusal (not the owner, not registered, frozen) is shown in the dialog. An
// edited offer keeps its work.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import {
  LICENSE_CURRENCIES,
  LICENSE_SCOPES,
  LICENSE_TYPES,
  PAYMENT_OPTIONS,
  PRICE_RANGE_MAX,
  type MarketplaceLicense,
  type PaymentOption,
} from '../../../../../domain/contracts/licensing';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useCapabilities } from '../../../lib/capabilities';
import { useCreateOffer, useUpdateOffer } from '../api/licensing';
import {
  CURRENCY_LABELS,
  defaultOfferForm,
  LICENSE_TYPE_DISPLAY,
  licensableWorks,
  offerFormFrom,
  offerRequestFrom,
  PAYMENT_METHOD_LABELS,
  paymentMethodAvailable,
  paymentMethodReason,
  SCOPE_LABELS,
  type OfferForm as OfferFormState,
} from '../labels';

interface OfferDialogProps {
  visible: boolean;
  onHide(): void;
  items: readonly VaultItem[];
  /** The offer to edit; null offers a new license. */
  editing?: MarketplaceLicense | null;
}

export function OfferDialog({ visible, onHide, items, editing = null }: OfferDialogProps) {
  return (
    <Dialog header={editing ? 'Edit offer' : 'Offer a license'} visible={visible} onHide={onHide} className="license-dialog" draggable={false} modal>
      {visible && <OfferForm items={items} editing={editing} onDone={onHide} />}
    </Dialog>
  );
}

const TERM_CHECKBOXES = [
  { key: 'attributionRequired', label: 'Attribution required' },
  { key: 'commercialUse', label: 'Commercial use allowed' },
  { key: 'derivatives', label: 'Derivatives allowed' },
  { key: 'distribution', label: 'Distribution allowed' },
] as const;

/** Mounted each time the dialog opens, so it starts from the defaults. */
interface OfferFormProps {
  items: readonly VaultItem[];
  editing?: MarketplaceLicense | null;
  onDone(): void;
  initialError?: string | null;
}

export function OfferForm({ items, editing = null, onDone, initialError = null }: OfferFormProps) {
  const ids = useId();
  const toast = useToast();
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const capabilities = useCapabilities().data;
  const works = editing ? [{ id: editing.workId, title: editing.workTitle }] : licensableWorks(items);
  const [form, setForm] = useState<OfferFormState>(() =>
    editing ? offerFormFrom(editing) : { ...defaultOfferForm(capabilities), workId: works.length === 1 ? (works[0]?.id ?? null) : null },
  );
  const [error, setError] = useState<string | null>(initialError);
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof OfferFormState>(key: K, value: OfferFormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  const togglePayment = (option: PaymentOption, on: boolean) =>
    set('paymentOptions', on ? PAYMENT_OPTIONS.filter((o) => o === option || form.paymentOptions.includes(o)) : form.paymentOptions.filter((o) => o !== option));
  const currencyCode = form.currency === 'USD' ? 'USD' : undefined;

  const submit = () => {
    const checked = offerRequestFrom(form);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    const handlers = {
      onSuccess: (offer: MarketplaceLicense) => {
        toast.show(
          editing
            ? { severity: 'success', summary: 'Offer updated', detail: `The offer for “${offer.workTitle}” is updated` }
            : { severity: 'success', summary: 'License offered', detail: `“${offer.workTitle}” is listed in the marketplace` },
        );
        onDone();
      },
      onError: (failure: unknown) => setError(errorMessage(failure, 'The offer could not be saved')),
    };
    if (editing) update.mutate({ offerId: editing.id, request: checked.request }, handlers);
    else create.mutate(checked.request, handlers);
  };

  return (
    <form
      className="offer-form"
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {works.length === 0 && (
        <Message severity="warn" text="You have no registered works yet. Licenses are offered for works whose certificate was issued: register a track in the Copyright Oracle first." />
      )}
      <div className="field">
        <label htmlFor={`${ids}-work`}>Work</label>
        <Dropdown
          inputId={`${ids}-work`}
          value={form.workId}
          options={works.map((item) => ({ label: item.title, value: item.id }))}
          placeholder="Choose a registered work"
          disabled={busy || works.length === 0 || editing !== null}
          filter={works.length > 8}
          onChange={(event) => set('workId', typeof event.value === 'string' ? event.value : null)}
        />
      </div>
      <div className="offer-form__row">
        <div className="field">
          <label htmlFor={`${ids}-type`}>License type</label>
          <Dropdown
            inputId={`${ids}-type`}
            value={form.type}
            options={LICENSE_TYPES.map((type) => ({ label: LICENSE_TYPE_DISPLAY[type].label, value: type }))}
            disabled={busy}
            onChange={(event) => set('type', event.value as OfferFormState['type'])}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-scope`}>Scope</label>
          <Dropdown
            inputId={`${ids}-scope`}
            value={form.scope}
            options={LICENSE_SCOPES.map((scope) => ({ label: SCOPE_LABELS[scope], value: scope }))}
            disabled={busy}
            onChange={(event) => set('scope', event.value as OfferFormState['scope'])}
          />
        </div>
      </div>
      <div className="offer-form__row">
        <div className="field">
          <label htmlFor={`${ids}-territory`}>Territory</label>
          <InputText id={`${ids}-territory`} value={form.territory} disabled={busy} onChange={(event) => set('territory', event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-duration`}>Duration</label>
          <InputText id={`${ids}-duration`} value={form.duration} disabled={busy} onChange={(event) => set('duration', event.target.value)} />
        </div>
      </div>
      <div className="offer-form__row">
        <div className="field">
          <label htmlFor={`${ids}-currency`}>Currency</label>
          <Dropdown
            inputId={`${ids}-currency`}
            value={form.currency}
            options={LICENSE_CURRENCIES.map((currency) => ({ label: CURRENCY_LABELS[currency], value: currency }))}
            disabled={busy}
            onChange={(event) => set('currency', event.value as OfferFormState['currency'])}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-price`}>Price</label>
          <InputNumber
            inputId={`${ids}-price`}
            value={form.price}
            mode={currencyCode ? 'currency' : 'decimal'}
            currency={currencyCode}
            suffix={currencyCode ? undefined : ' tokens'}
            locale="en-US"
            minFractionDigits={2}
            maxFractionDigits={2}
            min={0}
            max={PRICE_RANGE_MAX}
            disabled={busy}
            onValueChange={(event) => set('price', event.value ?? null)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-original`}>Original price (optional)</label>
          <InputNumber
            inputId={`${ids}-original`}
            value={form.originalPrice}
            mode={currencyCode ? 'currency' : 'decimal'}
            currency={currencyCode}
            suffix={currencyCode ? undefined : ' tokens'}
            locale="en-US"
            minFractionDigits={2}
            maxFractionDigits={2}
            min={0}
            max={PRICE_RANGE_MAX}
            disabled={busy}
            onValueChange={(event) => set('originalPrice', event.value ?? null)}
          />
        </div>
      </div>
      <fieldset className="offer-form__group">
        <legend>Payment methods</legend>
        {PAYMENT_OPTIONS.map((option) => {
          const checked = form.paymentOptions.includes(option);
          // A method this server does not take cannot be offered; one an edited offer already has can still be taken off.
          const offerable = paymentMethodAvailable(option, capabilities);
          const reason = offerable ? null : paymentMethodReason(option, capabilities);
          return (
            <div className="checkbox-field" key={option}>
              <Checkbox
                inputId={`${ids}-pay-${option}`}
                checked={checked}
                disabled={busy || (!offerable && !checked)}
                onChange={(event) => togglePayment(option, event.checked === true)}
              />
              <label htmlFor={`${ids}-pay-${option}`}>
                {PAYMENT_METHOD_LABELS[option]}
                {reason && <small className="muted"> ({reason})</small>}
              </label>
            </div>
          );
        })}
      </fieldset>
      <fieldset className="offer-form__group">
        <legend>Terms</legend>
        {TERM_CHECKBOXES.map((term) => (
          <div className="checkbox-field" key={term.key}>
            <Checkbox inputId={`${ids}-${term.key}`} checked={form[term.key]} disabled={busy} onChange={(event) => set(term.key, event.checked === true)} />
            <label htmlFor={`${ids}-${term.key}`}>{term.label}</label>
          </div>
        ))}
      </fieldset>
      <div className="offer-form__row">
        <div className="field">
          <label htmlFor={`${ids}-permissions`}>Permissions (one a line)</label>
          <InputTextarea id={`${ids}-permissions`} rows={3} value={form.permissions} disabled={busy} onChange={(event) => set('permissions', event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-restrictions`}>Restrictions (one a line)</label>
          <InputTextarea id={`${ids}-restrictions`} rows={3} value={form.restrictions} disabled={busy} onChange={(event) => set('restrictions', event.target.value)} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-custom`}>Custom terms</label>
        <InputTextarea id={`${ids}-custom`} rows={3} value={form.customTerms} disabled={busy} onChange={(event) => set('customTerms', event.target.value)} />
      </div>
      {error && <Message severity="error" text={error} />}
      <div className="button-row">
        <Button type="submit" label={editing ? 'Save offer' : 'Offer license'} icon="pi pi-check" loading={busy} disabled={busy || works.length === 0} />
        <Button type="button" label="Cancel" outlined disabled={busy} onClick={onDone} />
      </div>
    </form>
  );
}
