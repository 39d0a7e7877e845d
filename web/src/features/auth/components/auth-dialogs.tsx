// The login and signup dialogs. They open on the app-wide login/signup window events,
// so any screen can ask for them; on success the current user is set from the answer.
// When the server has QXMP Pay configured, both offer 'Continue with QXMP Pay' (its widget dialog).
// Sign-up asks for an optional e-mail address; login offers "Forgot password?" (a reset link by mail).
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { WELCOME_BONUS_TOKENS } from '../../../../../domain/constants';
import type { Credentials, Signup, SignupResponse } from '../../../../../domain/contracts/auth';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { OPEN_LOGIN_EVENT, OPEN_SIGNUP_EVENT, useWindowEvent } from '../../../lib/app-events';
import { useLogin, useSignup } from '../../../lib/auth';
import { useLegalDocuments } from '../../../lib/legal';
import { useAuthProviders } from '../api/qxmp-pay';
import { CredentialsForm } from './credentials-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { QxmpPayDialog } from './qxmp-pay-dialog';

type Mode = 'login' | 'signup' | 'forgot-password' | 'qxmp-pay';

export function AuthDialogs() {
  const [mode, setMode] = useState<Mode | null>(null);
  const toast = useToast();
  const login = useLogin();
  const signup = useSignup();
  const qxmpPay = useAuthProviders().data?.qxmpPay;
  const legal = useLegalDocuments();
  const terms = {
    version: legal.data?.find((document) => document.id === 'terms')?.version,
    error: legal.isError ? `The Terms of Service could not be loaded (${errorMessage(legal.error, 'unknown error')}), so an account cannot be created now.` : null,
  };
  const qxmpPayOrigin = qxmpPay?.configured ? qxmpPay.origin : null;
  const qxmpPayOption = qxmpPayOrigin && (
    <div className="auth-dialog__or">
      <span className="muted">or</span>
      <Button type="button" label="Continue with QXMP Pay" icon="pi pi-wallet" outlined onClick={() => setMode('qxmp-pay')} />
    </div>
  );

  useWindowEvent(OPEN_LOGIN_EVENT, () => setMode('login'));
  useWindowEvent(OPEN_SIGNUP_EVENT, () => setMode('signup'));

  const close = () => setMode(null);

  const submitLogin = (credentials: Credentials) =>
    login.mutate(credentials, {
      onSuccess: ({ user }) => {
        toast.show({ severity: 'success', summary: 'Login successful', detail: `Welcome back, ${user.username}!` });
        close();
      },
      onError: (error) => {
        toast.show({ severity: 'error', summary: 'Login failed', detail: errorMessage(error, 'Invalid username or password') });
      },
    });

  const submitSignup = (form: Signup) =>
    signup.mutate(form, {
      onSuccess: ({ user, emailConfirmation }) => {
        toast.show({
          severity: 'success',
          summary: 'Account created',
          detail: `Welcome to GOOSE, ${user.username}! Your ${WELCOME_BONUS_TOKENS} token welcome bonus is ready to use.`,
        });
        if (emailConfirmation) toast.show(emailConfirmationNotice(emailConfirmation));
        close();
      },
      onError: (error) => {
        toast.show({ severity: 'error', summary: 'Signup failed', detail: errorMessage(error, 'Failed to create account') });
      },
    });

  return (
    <>
      <Dialog
        header="Log in to GOOSE"
        visible={mode === 'login'}
        onHide={close}
        className="auth-dialog"
        draggable={false}
        dismissableMask
        footer={
          <div className="auth-dialog__switch">
            <span className="muted">New to GOOSE?</span>
            <Button label="Create an account" link onClick={() => setMode('signup')} />
          </div>
        }
      >
        <p className="muted auth-dialog__lead">Sign in to upload, register and manage your content.</p>
        <CredentialsForm idPrefix="login" submitLabel="Log In" submitIcon="pi pi-sign-in" busy={login.isPending} validateRules={false} onSubmit={submitLogin} />
        <Button label="Forgot password?" link className="auth-dialog__forgot" onClick={() => setMode('forgot-password')} />
        {qxmpPayOption}
      </Dialog>
      <Dialog
        header="Reset your password"
        visible={mode === 'forgot-password'}
        onHide={close}
        className="auth-dialog"
        draggable={false}
        dismissableMask
        footer={
          <div className="auth-dialog__switch">
            <span className="muted">Remembered it?</span>
            <Button label="Back to log in" link onClick={() => setMode('login')} />
          </div>
        }
      >
        {mode === 'forgot-password' && <ForgotPasswordForm />}
      </Dialog>
      <Dialog
        header="Create your account"
        visible={mode === 'signup'}
        onHide={close}
        className="auth-dialog"
        draggable={false}
        dismissableMask
        footer={
          <div className="auth-dialog__switch">
            <span className="muted">Already have an account?</span>
            <Button label="Log in instead" link onClick={() => setMode('login')} />
          </div>
        }
      >
        <p className="muted auth-dialog__lead">
          Join GOOSE and receive <strong>{WELCOME_BONUS_TOKENS} free tokens</strong> as a welcome bonus.
        </p>
        <CredentialsForm
          idPrefix="signup"
          submitLabel="Create Account"
          submitIcon="pi pi-user-plus"
          busy={signup.isPending}
          validateRules
          passwordHint="At least 8 characters, not a common password, and not containing your username."
          terms={terms}
          askEmail
          onSubmit={submitSignup}
        />
        {qxmpPayOption}
      </Dialog>
      {qxmpPayOrigin && mode === 'qxmp-pay' && <QxmpPayDialog providerOrigin={qxmpPayOrigin} onClose={close} />}
    </>
  );
}

/** What became of the address given at sign-up, in the words the settings page uses. */
function emailConfirmationNotice({ email, sent, mailTransport }: NonNullable<SignupResponse['emailConfirmation']>) {
  if (!sent) return { severity: 'warn' as const, summary: 'Confirmation link not sent', detail: `The link to confirm ${email} could not be sent: ask for another on the Settings page.` };
  const detail =
    mailTransport === 'smtp'
      ? `A link to confirm ${email} was mailed to it. The address is used once you open the link and press Confirm.`
      : `This server sends no e-mail: the link to confirm ${email} is kept for an operator to pass on to you. The address is used once you open it and press Confirm.`;
  return { severity: 'info' as const, summary: 'Confirm your e-mail address', detail };
}
