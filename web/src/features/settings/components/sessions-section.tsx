// The settings page's Active sessions: every browser or device signed in to the account, with when
// it signed in and was last used (to the minute), this one marked; each can be signed out.
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { AccountSession } from '../../../../../domain/contracts/account';
import { PanelTitle } from '../../../components/ui/panel-title';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAccountSessions, useRevokeSession } from '../api/account';
import '../settings.css';

export function SessionsSection() {
  const sessions = useAccountSessions();
  return (
    <section className="settings-section" aria-labelledby="settings-sessions">
      <PanelTitle id="settings-sessions" icon="pi-desktop">
        Active sessions
      </PanelTitle>
      <p className="muted">Sign out a browser or device you no longer use or do not recognise. Last use is recorded to the minute.</p>
      {sessions.status === 'pending' && <p className="muted">Loading your sessions…</p>}
      {sessions.status === 'error' && <Message severity="error" text={`Your sessions could not be loaded: ${errorMessage(sessions.error, 'try again later')}`} />}
      {sessions.status === 'success' && <SessionList sessions={sessions.data} />}
    </section>
  );
}

function SessionList({ sessions }: { sessions: AccountSession[] }) {
  const revoke = useRevokeSession();
  const toast = useToast();
  const signOut = (session: AccountSession) =>
    revoke.mutate(session.id, {
      onSuccess: () => toast.show({ severity: 'success', summary: session.current ? 'Signed out' : 'Session ended', detail: session.current ? 'This browser is signed out.' : `${session.device} is signed out.` }),
    });
  return (
    <>
      {revoke.isError && <Message severity="error" text={errorMessage(revoke.error, 'The session could not be ended')} />}
      <ul className="settings-sessions">
        {sessions.map((session) => (
          <li key={session.id} className="settings-session">
            <div className="settings-session__device">
              <strong>{session.device}</strong>
              {session.current && <Tag value="This browser" severity="success" />}
            </div>
            <dl className="settings-facts settings-facts--compact">
              <dt>Signed in</dt>
              <dd>{formatDateTime(session.signedInAt)}</dd>
              <dt>Last used</dt>
              <dd>{formatDateTime(session.lastUsedAt)}</dd>
            </dl>
            <Button
              label={session.current ? 'Sign out here' : 'Sign out'}
              icon="pi pi-sign-out"
              severity={session.current ? 'secondary' : 'danger'}
              outlined
              aria-label={session.current ? 'Sign out this browser' : `Sign out ${session.device}, last used ${formatDateTime(session.lastUsedAt)}`}
              disabled={revoke.isPending}
              onClick={() => signOut(session)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
