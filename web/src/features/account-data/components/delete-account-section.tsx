// Delete my account, a section of the settings page: what deletion removes and what it keeps,
// said plainly (the event store is append-only, and the warning says so), what blocks it now with
// each reason, and a dialog that asks for the password and the username typed out.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useId, useState, type FormEvent } from 'react';
import { DELETION_CONSEQUENCES, type DeletionStatus } from '../../../../../domain/contracts/account-data';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteAccount, useDeletionStatus } from '../api/account-data';
import '../account-data.css';
import { PanelTitle } from '../../../components/ui/panel-title';

export interface DeleteAccountViewProps {
  status: 'pending' | 'error' | 'success';
  deletion?: DeletionStatus;
  loadError?: unknown;
  onAskToDelete(): void;
}

export function DeleteAccountView({ status, deletion, loadError, onAskToDelete }: DeleteAccountViewProps) {
  return (
    <section className="account-data-section account-data-section--danger" aria-labelledby="delete-account-title">
      <PanelTitle id="delete-account-title" icon="pi-trash">
        Delete my account
      </PanelTitle>
      <Consequences />
      {status === 'pending' && <p className="account-data-section__text">Checking whether your account can be deleted…</p>}
      {status === 'error' && <Message severity="error" text={`Whether your account can be deleted could not be checked: ${errorMessage(loadError, 'please try again')}`} />}
      {deletion && deletion.blockers.length > 0 && (
        <div className="account-deletion__blockers" role="status">
          <p className="account-data-section__text">Your account cannot be deleted yet:</p>
          <ul aria-label="What blocks the deletion">
            {deletion.blockers.map((blocker) => (
              <li key={blocker.kind}>
                <Message severity="warn" text={blocker.reason} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <Button label="Delete my account…" icon="pi pi-trash" severity="danger" outlined onClick={onAskToDelete} disabled={!deletion?.canDelete} />
    </section>
  );
}

function Consequences() {
  return (
    <div className="account-deletion__consequences">
      <div>
        <h3>What is removed</h3>
        <ul>
          {DELETION_CONSEQUENCES.removed.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3>What stays</h3>
        <ul>
          {DELETION_CONSEQUENCES.kept.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export interface DeleteAccountFormProps {
  username: string;
  deleting: boolean;
  error?: unknown;
  onDelete(request: { password: string; confirmation: string }): void;
  onCancel(): void;
}

/** The confirmation: the password, and the username typed exactly; Delete stays off until both are given. */
export function DeleteAccountForm({ username, deleting, error, onDelete, onCancel }: DeleteAccountFormProps) {
  const ids = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const ready = password.length > 0 && confirmation === username;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onDelete({ password, confirmation });
  };
  return (
    <form className="account-deletion__form" onSubmit={submit} noValidate>
      <p>This cannot be undone. Your events stay in the platform's append-only store; only what the app shows is cleared.</p>
      <label htmlFor={`${ids}-password`}>Your password</label>
      <InputText id={`${ids}-password`} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <label htmlFor={`${ids}-confirmation`}>
        Type your username, <strong>{username}</strong>, to confirm
      </label>
      <InputText id={`${ids}-confirmation`} autoComplete="off" spellCheck={false} value={confirmation} onChange={(event) => setConfirmation(event.target.value)} />
      {error ? <Message severity="error" text={errorMessage(error, 'Your account could not be deleted')} /> : null}
      <div className="account-deletion__buttons">
        <Button type="button" label="Cancel" text onClick={onCancel} disabled={deleting} />
        <Button type="submit" label="Delete my account" icon="pi pi-trash" severity="danger" disabled={!ready || deleting} loading={deleting} />
      </div>
    </form>
  );
}

/** The section wired to the API; `onDeleted` runs once the account is gone (default: back to the start page). */
export function DeleteAccountSection({ onDeleted = () => window.location.assign('/') }: { onDeleted?: () => void }) {
  const deletion = useDeletionStatus();
  const remove = useDeleteAccount();
  const [asking, setAsking] = useState(false);
  const hide = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <>
      <DeleteAccountView status={deletion.status} deletion={deletion.data} loadError={deletion.error} onAskToDelete={() => setAsking(true)} />
      <Dialog header="Delete your account" visible={asking && Boolean(deletion.data)} onHide={hide} className="account-deletion__dialog" draggable={false} modal>
        {deletion.data && (
          <DeleteAccountForm
            username={deletion.data.username}
            deleting={remove.isPending}
            error={remove.error}
            onCancel={hide}
            onDelete={(request) => remove.mutate(request, { onSuccess: onDeleted })}
          />
        )}
      </Dialog>
    </>
  );
}
