// The operations page's emergency lockdown (docs/ip-protection.md): suspend an account, or end one
// of its sessions, with a reason; the suspended accounts with who suspended them, when and why,
// each with Reinstate (which asks for a reason too). Nothing here happens without a button an
// operator pressed: the server checks the operator role and records every step on the user's stream.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import type { LockdownResponse, SuspendedAccount } from '../../../../../domain/contracts/lockdown';
import { errorMessage } from '../../../lib/api-client';
import { useLockdown, useReinstate } from '../api/lockdown';
import { relativeTime } from '../relative-time';

const MIN_REASON = 3;

function lockdownSummary(answer: LockdownResponse): string {
  if (answer.scope === 'session') return `Ended one session of ${answer.username}; the account stays usable.`;
  const ended = answer.sessionsEnded === 1 ? '1 session' : `${answer.sessionsEnded} sessions`;
  return `${answer.username} is suspended (${ended} ended): it cannot sign in and its API keys are refused until reinstated.`;
}

export function LockdownForm() {
  const lockdown = useLockdown();
  const [username, setUsername] = useState('');
  const [sessionId, setSessionId] = useState('');
  const [reason, setReason] = useState('');
  const ready = username.trim().length > 0 && reason.trim().length >= MIN_REASON;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    lockdown.mutate({ username: username.trim(), reason: reason.trim(), ...(sessionId.trim() ? { sessionId: sessionId.trim() } : {}) });
  };

  return (
    <form className="operations__lockdown-form" onSubmit={submit} aria-label="Suspend an account or end a session">
      <label htmlFor="lockdown-username">Username</label>
      <InputText id="lockdown-username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
      <label htmlFor="lockdown-session">Session id (optional: only that session ends)</label>
      <InputText id="lockdown-session" value={sessionId} onChange={(e) => setSessionId(e.target.value)} autoComplete="off" placeholder="Leave empty to suspend the whole account" />
      <label htmlFor="lockdown-reason">Reason (kept in the account's history)</label>
      <InputTextarea id="lockdown-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={2} autoResize />
      <Button type="submit" label={sessionId.trim() ? 'End session' : 'Suspend account'} icon="pi pi-lock" severity="danger" disabled={!ready} loading={lockdown.isPending} />
      {lockdown.isSuccess && <Message severity="success" text={lockdownSummary(lockdown.data)} />}
      {lockdown.isError && <Message severity="error" text={errorMessage(lockdown.error, 'The lockdown failed')} />}
    </form>
  );
}

function SuspendedRow({ account, now }: { account: SuspendedAccount; now?: Date }) {
  const reinstate = useReinstate();
  const [reason, setReason] = useState('');
  const inputId = `reinstate-reason-${account.userId}`;
  return (
    <li>
      <strong>{account.username}</strong> suspended by {account.suspendedBy} <span className="operations__time">{relativeTime(account.suspendedAt, now)}</span>
      <div className="small">Why: {account.reason}</div>
      <div className="operations__reinstate">
        <label htmlFor={inputId} className="small">
          Reason to reinstate
        </label>
        <InputText id={inputId} value={reason} onChange={(e) => setReason(e.target.value)} autoComplete="off" />
        <Button
          label="Reinstate"
          icon="pi pi-lock-open"
          size="small"
          outlined
          disabled={reason.trim().length < MIN_REASON}
          loading={reinstate.isPending}
          aria-label={`Reinstate ${account.username}`}
          onClick={() => reinstate.mutate({ userId: account.userId, reason: reason.trim() })}
        />
      </div>
      {reinstate.isError && <Message severity="error" text={errorMessage(reinstate.error, 'The reinstatement failed')} />}
    </li>
  );
}

export function SuspendedAccounts({ accounts, now }: { accounts: readonly SuspendedAccount[]; now?: Date }) {
  if (accounts.length === 0) return <p>No account is suspended.</p>;
  return (
    <ul className="operations__list" aria-label="Suspended accounts">
      {accounts.map((account) => (
        <SuspendedRow key={account.userId} account={account} now={now} />
      ))}
    </ul>
  );
}
