// /notifications: the signed-in user's notifications, filtered and paged; a visitor is asked to
// sign up or log in. Where the server keeps no notifications, the page says so instead.
import { NotAvailablePanel } from '../../components/ui/not-available-panel';
import { SignUpPrompt } from '../../components/ui/sign-up-prompt';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';
import { useCurrentUser } from '../../lib/auth';
import { useCapability } from '../../lib/capabilities';
import { PageFrame } from './page-frame';

const SIGN_IN_REASON = 'Sign in to read what happened to your work: cases filed against it, deadlines, invitations, payouts and sales.';

export function NotificationsRoute() {
  const { user } = useCurrentUser();
  const capability = useCapability('notifications');
  return (
    <PageFrame>
      {!user ? (
        <SignUpPrompt title="Notifications" icon="pi-bell" reason={SIGN_IN_REASON} />
      ) : capability.loading || capability.available ? (
        capability.available && <NotificationsPage key={user.id} />
      ) : (
        <NotAvailablePanel title="Notifications" icon="pi-bell" summary={capability.reason ?? 'This server keeps no notifications.'} />
      )}
    </PageFrame>
  );
}
