// /settings, the account menu's Settings: the account's own page, composed of the settings
// feature's sections (password, e-mail address, notification preferences, sessions) and the
// account-data feature's (export my data, delete my account). A visitor is
// asked to sign up or log in instead.
import { SignUpPrompt } from '../../components/ui/sign-up-prompt';
import { DeleteAccountSection, ExportDataSection } from '../../features/account-data';
import { EmailSection } from '../../features/settings/components/email-section';
import { NotificationPreferencesSection } from '../../features/settings/components/notification-preferences-section';
import { PasswordSection } from '../../features/settings/components/password-section';
import { SessionsSection } from '../../features/settings/components/sessions-section';
import { useCurrentUser } from '../../lib/auth';
import { PageFrame } from './page-frame';

export function SettingsPage() {
  const { user } = useCurrentUser();
  if (!user) return <SignUpPrompt title="Settings" icon="pi-cog" reason="Sign in to change your password, e-mail address, notifications and sessions, or to export your data." />;
  return (
    <div className="settings-page">
      <h1 className="settings-page__title">Settings</h1>
      <p className="muted">Signed in as {user.username}.</p>
      <PasswordSection />
      <EmailSection />
      <NotificationPreferencesSection />
      <SessionsSection />
      <ExportDataSection />
      <DeleteAccountSection />
    </div>
  );
}

export function SettingsRoute() {
  return (
    <PageFrame>
      <SettingsPage />
    </PageFrame>
  );
}
