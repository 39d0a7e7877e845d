// The username + password form shared by the login and signup dialogs. Checks the fields with
// the API's own credentials schema before sending, so both sides agree on the rules.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { credentialsSchema, type Credentials } from '../../../../../domain/contracts/auth';

interface CredentialsFormProps {
  idPrefix: string;
  submitLabel: string;
  submitIcon: string;
  busy: boolean;
  /** Signup checks the rules up front; login only needs both fields filled in. */
  validateRules: boolean;
  passwordHint?: string;
  onSubmit(credentials: Credentials): void;
}

type FieldErrors = Partial<Record<keyof Credentials, string>>;

export function CredentialsForm({ idPrefix, submitLabel, submitIcon, busy, validateRules, passwordHint, onSubmit }: CredentialsFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validateRules) {
      const missing: FieldErrors = {};
      if (!username.trim()) missing.username = 'Enter your username';
      if (!password) missing.password = 'Enter your password';
      setErrors(missing);
      if (Object.keys(missing).length === 0) onSubmit({ username: username.trim(), password });
      return;
    }
    const parsed = credentialsSchema.safeParse({ username, password });
    if (parsed.success) {
      setErrors({});
      onSubmit(parsed.data);
      return;
    }
    const found: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'username' || field === 'password') && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
  };

  const usernameId = `${idPrefix}-username`;
  const passwordId = `${idPrefix}-password`;
  return (
    <form className="credentials-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={usernameId}>Username</label>
        <InputText
          id={usernameId}
          value={username}
          autoComplete="username"
          autoFocus
          invalid={Boolean(errors.username)}
          aria-describedby={errors.username ? `${usernameId}-error` : undefined}
          onChange={(event) => setUsername(event.target.value)}
        />
        {errors.username && (
          <small id={`${usernameId}-error`} className="p-error">
            {errors.username}
          </small>
        )}
      </div>
      <div className="field">
        <label htmlFor={passwordId}>Password</label>
        <Password
          inputId={passwordId}
          value={password}
          feedback={false}
          toggleMask
          autoComplete={validateRules ? 'new-password' : 'current-password'}
          invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? `${passwordId}-error` : passwordHint ? `${passwordId}-hint` : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        {errors.password ? (
          <small id={`${passwordId}-error`} className="p-error">
            {errors.password}
          </small>
        ) : (
          passwordHint && (
            <small id={`${passwordId}-hint`} className="muted">
              {passwordHint}
            </small>
          )
        )}
      </div>
      <Button type="submit" label={submitLabel} icon={submitIcon} loading={busy} className="credentials-form__submit" />
    </form>
  );
}
