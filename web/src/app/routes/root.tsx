// The root of every route: a full-screen "Loading" until the current user is known,
// then the page and the legal footer, with the auth dialogs, the legal document dialog its address
// (/legal/<id>) opens, and, when signed in, the realtime connection and
// the guided workflow's Task Completed dialog, which hears of each live track event, the
// token dialogs (pricing plans, token history, low-token popup), and the terms to accept when the
// user has not accepted the current version.
import { Message } from 'primereact/message';
import { Fragment } from 'react';
import { Outlet } from 'react-router-dom';
import { FullScreenMessage } from '../../components/ui/full-screen-message';
import { AuthDialogs } from '../../features/auth/components/auth-dialogs';
import { LoginReturnHandler } from '../../features/auth/components/login-return-handler';
import { useReportTrackEvent } from '../../features/guided-workflow/api/use-report-track-event';
import { TaskCompletedDialog } from '../../features/guided-workflow/components/task-completed-dialog';
import { LegalDocumentDialog } from '../../features/legal/components/legal-document-dialog';
import { LegalFooter } from '../../features/legal/components/legal-footer';
import { TermsAcceptanceDialog } from '../../features/legal/components/terms-acceptance-dialog';
import { RealtimeUpdates } from '../../features/realtime/components/realtime-updates';
import { TokenDialogs } from '../../features/tokens/components/token-dialogs';
import { errorMessage } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';

export function RootLayout() {
  const { user, isPending, isError, error } = useCurrentUser();
  const reportTrackEvent = useReportTrackEvent();
  if (isPending) return <FullScreenMessage title="Loading" busy />;
  return (
    <>
      {isError && (
        <Message
          severity="error"
          className="connection-banner"
          text={`Could not reach GOOSE to check your session (${errorMessage(error, 'unknown error')}). You are shown as signed out; the page retries when you come back to it.`}
        />
      )}
      <Outlet />
      <LegalFooter />
      <AuthDialogs />
      <LoginReturnHandler />
      {/* One keyed group, so a new user gets fresh instances; siblings sharing a key would be
          remounted on every render, leaving the old dialogs and websockets behind. */}
      {user && (
        <Fragment key={user.id}>
          <RealtimeUpdates onEvent={reportTrackEvent} />
          <TaskCompletedDialog />
          <TokenDialogs />
          {!user.termsAccepted && <TermsAcceptanceDialog />}
        </Fragment>
      )}
      <LegalDocumentDialog />
    </>
  );
}
