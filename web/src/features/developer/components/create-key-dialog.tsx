// The Create API Key dialog: a name (required: "Please
// enter a key name") and a tier with its quota, then the API Terms of Service; Accept sends the
// creation with termsAccepted true. Success toasts "API Key Created" for 8 s and hands the answer
// (the only one carrying the whole key) to the tab; a refusal toasts "Failed to create API key.
// Please try again." with the server's reason and keeps the form as it was.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useId, useState, type FormEvent } from 'react';
import type { CreateApiKeyResponse } from '../../../../../domain/contracts/developer';
import { useToast } from '../../../components/ui/toast';
import { useCreateApiKey } from '../api/developer';
import { acceptedRequest, continueToTerms, EMPTY_DRAFT, type KeyDraft } from '../create-flow';
import { keyCreatedToast, keyCreateFailedToast, TIER_OPTIONS } from '../labels';
import { TermsDialog } from './terms-dialog';

interface CreateKeyDialogProps {
  visible: boolean;
  onHide(): void;
  onCreated(answer: CreateApiKeyResponse): void;
}

export function CreateKeyDialog({ visible, onHide, onCreated }: CreateKeyDialogProps) {
  const toast = useToast();
  const create = useCreateApiKey();
  const [draft, setDraft] = useState<KeyDraft>(EMPTY_DRAFT);
  const [termsOpen, setTermsOpen] = useState(false);

  const accept = () =>
    create.mutate(
      acceptedRequest(draft),
      {
        onSuccess: (answer) => {
          toast.show(keyCreatedToast(answer));
          setTermsOpen(false);
          setDraft(EMPTY_DRAFT);
          onCreated(answer);
          onHide();
        },
        onError: (failure) => {
          toast.show(keyCreateFailedToast(failure));
          setTermsOpen(false);
        },
      },
    );

  return (
    <>
      <Dialog header="Create API Key" visible={visible && !termsOpen} onHide={onHide} className="developer-dialog" draggable={false} modal>
        <CreateKeyForm draft={draft} onChange={setDraft} onContinue={() => setTermsOpen(true)} onCancel={onHide} />
      </Dialog>
      <TermsDialog visible={visible && termsOpen} accepting={create.isPending} onAccept={accept} onDecline={() => setTermsOpen(false)} />
    </>
  );
}

interface CreateKeyFormProps {
  draft: KeyDraft;
  onChange(draft: KeyDraft): void;
  /** Called with a valid name only: the terms come next. */
  onContinue(): void;
  onCancel(): void;
}

export function CreateKeyForm({ draft, onChange, onContinue, onCancel }: CreateKeyFormProps) {
  const ids = useId();
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = continueToTerms(draft);
    setError(next.step === 'form' ? next.error : null);
    if (next.step === 'terms') onContinue();
  };
  return (
    <form className="create-key-form" onSubmit={submit} noValidate>
      <div className="create-key-form__field">
        <label htmlFor={`${ids}-name`}>Key name</label>
        <InputText
          id={`${ids}-name`}
          value={draft.keyName}
          placeholder="e.g. Catalogue sync"
          maxLength={100}
          invalid={error !== null}
          aria-describedby={error ? `${ids}-name-error` : undefined}
          onChange={(event) => onChange({ ...draft, keyName: event.target.value })}
        />
        {error && <Message id={`${ids}-name-error`} severity="error" text={error} />}
      </div>
      <fieldset className="create-key-form__tiers">
        <legend>Tier</legend>
        {TIER_OPTIONS.map((option) => (
          <div key={option.value} className="create-key-form__tier">
            <RadioButton
              inputId={`${ids}-${option.value}`}
              name="tier"
              value={option.value}
              checked={draft.tier === option.value}
              onChange={() => onChange({ ...draft, tier: option.value })}
            />
            <label htmlFor={`${ids}-${option.value}`}>
              <strong>{option.label}</strong> <span className="muted small">{option.summary}</span>
            </label>
          </div>
        ))}
      </fieldset>
      <div className="button-row">
        <Button type="button" label="Cancel" outlined onClick={onCancel} />
        <Button type="submit" label="Continue" icon="pi pi-arrow-right" iconPos="right" />
      </div>
    </form>
  );
}
