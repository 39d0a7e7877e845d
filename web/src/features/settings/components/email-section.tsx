// The settings page's E-mail address section: the confirmed address, one waiting for its link to
// be opened, a form for a new one and Remove. On a server that sends no mail it says so: the link
// is then kept for an operator to pass on, and nothing here claims it was sent.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import type { Account } from '../../../../../domain/contracts/account';
import { PanelTitle } from '../../../components/ui/panel-title';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAccount, useRemoveEmail, useRequestEmail } from '../api/account';
import '../settings.css';

/** What happens to a confirmation link on this server, in words. */
export function linkDelivery(transport: Account['mailTransport']): string {
  return transport === 'smtp'
    ? 'A confirmation link is sent to the address; it is used once you open the link and press Confirm.'
    : 'This server sends no e-mail: the confirmation link is kept for an operator to pass on to you. The address is used once you open the link and press Confirm.';
}

export function EmailSection() {
  const account = useAccount();
  return (
    <section className="settings-section" aria-labelledby="settings-email">
      <PanelTitle id="settings-email" icon="pi-envelope">
        E-mail address
      </PanelTitle>
      {account.status === 'pending' && <p className="muted">Loading your address…</p>}
      {account.status === 'error' && <Message severity="error" text={`Your address could not be loaded: ${errorMessage(account.error, 'try again later')}`} />}
      {account.status === 'success' && <EmailDetails account={account.data} />}
    </section>
  );
}

function EmailDetails({ account }: { account: Account }) {
  const request = useRequestEmail();
  const remove = useRemoveEmail();
  const toast = useToast();
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email, {
      onSuccess: ({ pendingEmail }) => {
        setEmail('');
        toast.show({ severity: 'info', summary: 'Waiting for confirmation', detail: `${pendingEmail.email} is used once its confirmation link is opened.` });
      },
    });
  };

  return (
    <div className="settings-email">
      <dl className="settings-facts">
        <dt>Confirmed address</dt>
        <dd>{account.email ?? 'None: nothing is mailed to you.'}</dd>
        {account.pendingEmail && (
          <>
            <dt>Waiting for confirmation</dt>
            <dd>
              {account.pendingEmail.email}
              <span className="muted"> (the link works until {formatDateTime(account.pendingEmail.expiresAt)})</span>
            </dd>
          </>
        )}
      </dl>
      <p className="muted">{linkDelivery(account.mailTransport)} An address can belong to one account at a time.</p>
      <form className="settings-form settings-form--inline" onSubmit={submit}>
        <label htmlFor="settings-new-email">{account.email ? 'New e-mail address' : 'E-mail address'}</label>
        <div className="settings-form__row">
          <InputText id="settings-new-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required maxLength={254} />
          <Button type="submit" label="Send confirmation link" icon="pi pi-send" loading={request.isPending} disabled={!email.trim()} />
        </div>
      </form>
      {request.isError && <Message severity="error" text={errorMessage(request.error, 'The confirmation link could not be sent')} />}
      {(account.email || account.pendingEmail) && (
        <div className="button-row">
          <Button
            label={account.email ? 'Remove address' : 'Cancel the waiting address'}
            icon="pi pi-trash"
            severity="danger"
            outlined
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: () => toast.show({ severity: 'success', summary: 'Address removed', detail: 'Nothing is mailed to you any more.' }) })}
          />
        </div>
      )}
      {remove.isError && <Message severity="error" text={errorMessage(remove.error, 'The address could not be removed')} />}
    </div>
  );
}
