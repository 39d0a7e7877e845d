// The settings page's Password section: the current password, the new one twice. A change ends
// every other session of the account; the answer says how many were signed out.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { PanelTitle } from '../../../components/ui/panel-title';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/account';
import '../settings.css';

/** What a password change did to the other sessions, in words. */
export function otherSessionsEnded(count: number): string {
  if (count === 0) return 'No other session was signed in.';
  return count === 1 ? 'Your 1 other session was signed out.' : `Your ${count} other sessions were signed out.`;
}

export function PasswordSection() {
  const change = useChangePassword();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const mismatch = repeated !== '' && repeated !== newPassword;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ otherSessionsEnded: ended }) => {
          setCurrentPassword('');
          setNewPassword('');
          setRepeated('');
          toast.show({ severity: 'success', summary: 'Password changed', detail: otherSessionsEnded(ended) });
        },
      },
    );
  };

  return (
    <section className="settings-section" aria-labelledby="settings-password">
      <PanelTitle id="settings-password" icon="pi-lock">
        Password
      </PanelTitle>
      <p className="muted">Changing your password signs out every other browser and device; this one stays signed in.</p>
      <form className="settings-form" onSubmit={submit}>
        <label htmlFor="settings-current-password">Current password</label>
        <InputText id="settings-current-password" type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} required />
        <label htmlFor="settings-new-password">New password</label>
        <InputText id="settings-new-password" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} aria-describedby="settings-new-password-rules" required />
        <small id="settings-new-password-rules" className="muted">
          At least 8 characters, not your username and not a common password.
        </small>
        <label htmlFor="settings-repeat-password">New password again</label>
        <InputText id="settings-repeat-password" type="password" autoComplete="new-password" value={repeated} onChange={(e) => setRepeated(e.target.value)} invalid={mismatch} required />
        {mismatch && <Message severity="warn" text="The two new passwords differ" />}
        {change.isError && <Message severity="error" text={errorMessage(change.error, 'Your password could not be changed')} />}
        <div className="button-row">
          <Button type="submit" label="Change password" icon="pi pi-check" loading={change.isPending} disabled={!currentPassword || !newPassword || mismatch || repeated === ''} />
        </div>
      </form>
    </section>
  );
}
