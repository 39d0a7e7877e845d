// The join form: an address (required, trimmed), priority (what it means, and that it is free), how
// to be told, and the referral code the page was opened with. A join mails a link; the address
// counts once the link is confirmed.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useId, useState, type FormEvent } from 'react';
import { EMAIL_REQUIRED, JOIN_FAILED, PRIORITY_MEANING } from '../../../../../domain/contracts/waiting-list';
import { errorMessage } from '../../../lib/api-client';
import { useJoinWaitingList } from '../api/waiting-list';

export function JoinForm({ referralCode, onDropReferral, signedIn }: { referralCode: string | null; onDropReferral(): void; signedIn: boolean }) {
  const ids = useId();
  const join = useJoinWaitingList();
  const [email, setEmail] = useState('');
  const [isPriority, setPriority] = useState(false);
  const [byEmail, setByEmail] = useState(true);
  const [inApp, setInApp] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setProblem(EMAIL_REQUIRED);
      return;
    }
    setProblem(null);
    join.mutate({ email: address, isPriority, notificationPreferences: { email: byEmail, platform: inApp, sms: false }, ...(referralCode ? { referralCode } : {}) });
  };

  if (join.data?.outcome === 'confirmation-mailed') {
    const outbox = join.data.mailTransport === 'outbox' ? ' This server keeps its mail in an outbox instead of sending it: its operator can read the message.' : '';
    return (
      <Message
        severity="info"
        text={`Check your mail: a link was sent to ${email.trim()}. Open it and press Confirm to be counted${join.data.isPriority ? ' as priority' : ''}; it works once, for 48 hours.${outbox}`}
      />
    );
  }

  return (
    <form className="waiting-list-form" onSubmit={submit} noValidate aria-label="Join the waiting list">
      {referralCode && (
        <div className="waiting-list-form__referral">
          <span>
            You were invited with code <code>{referralCode}</code>: it counts for the person who shared it once you confirm your address.
          </span>
          <Button type="button" label="Join without the code" text size="small" onClick={onDropReferral} />
        </div>
      )}
      <label htmlFor={`${ids}-email`}>E-mail address</label>
      <InputText id={`${ids}-email`} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} invalid={problem !== null} />
      <div className="checkbox-field">
        <Checkbox inputId={`${ids}-priority`} checked={isPriority} onChange={(event) => setPriority(event.checked === true)} />
        <label htmlFor={`${ids}-priority`}>Priority</label>
      </div>
      <p className="muted small">{PRIORITY_MEANING}</p>
      <fieldset className="waiting-list-form__preferences">
        <legend>When the platform opens, tell me</legend>
        <div className="checkbox-field">
          <Checkbox inputId={`${ids}-by-email`} checked={byEmail} onChange={(event) => setByEmail(event.checked === true)} />
          <label htmlFor={`${ids}-by-email`}>By e-mail</label>
        </div>
        <div className="checkbox-field">
          <Checkbox inputId={`${ids}-in-app`} checked={inApp} onChange={(event) => setInApp(event.checked === true)} disabled={!signedIn} />
          <label htmlFor={`${ids}-in-app`}>In GOOSE{signedIn ? '' : ' (signed-in users)'}</label>
        </div>
        <div className="checkbox-field">
          <Checkbox inputId={`${ids}-sms`} checked={false} disabled onChange={() => undefined} />
          <label htmlFor={`${ids}-sms`}>By text message: not available, GOOSE sends no text messages</label>
        </div>
      </fieldset>
      {problem && <Message severity="error" text={problem} />}
      {join.isError && <Message severity="error" text={errorMessage(join.error, JOIN_FAILED)} />}
      {join.data?.outcome === 'confirmed' && <Message severity="success" text="Your account's confirmed address is on the list." />}
      <Button type="submit" label="Join the waiting list" icon="pi pi-list" loading={join.isPending} />
    </form>
  );
}
