// "Forgot password?": a username or e-mail address, and the server's answer, which is the same
// whether or not an account matches (so the form says what happens if one does, never that it did).
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { passwordResetRequestSchema } from '../../../../../domain/contracts/auth';
import { errorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';

export function ForgotPasswordForm() {
  const [identifier, setIdentifier] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ identifier });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Enter your username or e-mail address');
      return;
    }
    setProblem(null);
    request.mutate(parsed.data);
  };

  if (request.isSuccess) return <Message severity="info" text={request.data.message} className="forgot-password__answer" />;
  return (
    <form className="credentials-form" onSubmit={submit} noValidate>
      <p className="muted">
        Enter your username or your account's e-mail address. A link to set a new password is mailed to the confirmed address of the account.
      </p>
      <div className="field">
        <label htmlFor="forgot-identifier">Username or e-mail address</label>
        <InputText
          id="forgot-identifier"
          value={identifier}
          autoComplete="username"
          autoFocus
          invalid={Boolean(problem)}
          aria-describedby={problem ? 'forgot-identifier-error' : undefined}
          onChange={(event) => setIdentifier(event.target.value)}
        />
        {problem && (
          <small id="forgot-identifier-error" className="p-error">
            {problem}
          </small>
        )}
      </div>
      {request.isError && <Message severity="error" text={errorMessage(request.error, 'The reset link could not be asked for')} />}
      <Button type="submit" label="Send reset link" icon="pi pi-envelope" loading={request.isPending} className="credentials-form__submit" />
    </form>
  );
}
