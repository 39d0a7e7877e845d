// The page a password reset mail links to (/reset-password?token=…): the new password twice,
// checked with the sign-up rules the server applies; on success every session has ended, and the
// person signs in with the new password.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { PASSWORD_RESET_TTL_MINUTES, passwordResetSchema } from '../../../../../domain/contracts/auth';
import { errorMessage } from '../../../lib/api-client';
import { openLogin } from '../../../lib/app-events';
import { useResetPassword } from '../api/password-reset';
import './reset-password.css';

export function ResetPasswordPanel({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordResetSchema.safeParse({ token, newPassword: password });
    if (!parsed.success) setProblem(parsed.error.issues[0]?.message ?? 'Choose a new password');
    else if (password !== again) setProblem('The two passwords differ');
    else {
      setProblem(null);
      reset.mutate(parsed.data);
    }
  };

  return (
    <section className="reset-password" aria-labelledby="reset-password-title">
      <Card>
        <h1 id="reset-password-title">Set a new password</h1>
        {!token && <Message severity="error" text="This link has no reset token: open the link from the mail as it is." />}
        {token && reset.isSuccess && (
          <>
            <Message severity="success" text={`The password of ${reset.data.username} was changed, and every device signed in to the account was signed out.`} />
            <div className="button-row">
              <Button label="Log in" icon="pi pi-sign-in" onClick={openLogin} />
            </div>
          </>
        )}
        {token && !reset.isSuccess && (
          <form className="credentials-form" onSubmit={submit} noValidate>
            <p className="muted">
              The link works once, for {PASSWORD_RESET_TTL_MINUTES} minutes after it was sent. Setting the password signs out every device signed in to the account.
            </p>
            <div className="field">
              <label htmlFor="reset-password">New password</label>
              <Password
                inputId="reset-password"
                value={password}
                feedback={false}
                toggleMask
                autoComplete="new-password"
                aria-describedby="reset-password-hint"
                onChange={(event) => setPassword(event.target.value)}
              />
              <small id="reset-password-hint" className="muted">
                At least 8 characters, not a common password, and not containing your username.
              </small>
            </div>
            <div className="field">
              <label htmlFor="reset-password-again">New password again</label>
              <Password inputId="reset-password-again" value={again} feedback={false} toggleMask autoComplete="new-password" onChange={(event) => setAgain(event.target.value)} />
            </div>
            {problem && <Message severity="error" text={problem} />}
            {reset.isError && <Message severity="error" text={errorMessage(reset.error, 'The password could not be set')} />}
            <Button type="submit" label="Set new password" icon="pi pi-lock" loading={reset.isPending} className="credentials-form__submit" />
          </form>
        )}
      </Card>
    </section>
  );
}
