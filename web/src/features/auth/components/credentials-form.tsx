// The username + password form shared by the login and signup dialogs. Checks the fields with
// the API's own credentials schema before sending, so both sides agree on the rules. Sign-up adds
// the required box accepting the Terms of Service and the Privacy Policy (each link opens its
// dialog), and sends the version of the terms it accepted; it also asks for an e-mail address,
// optional but encouraged (mail about disputes and deadlines, and password recovery, need it).
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { credentialsSchema, signupSchema, type Credentials, type Signup } from '../../../../../domain/contracts/auth';
import { legalPath } from '../../../lib/legal';

interface CredentialsFormProps {
  idPrefix: string;
  submitLabel: string;
  submitIcon: string;
  busy: boolean;
  /** Signup checks the rules up front; login only needs both fields filled in. */
  validateRules: boolean;
  passwordHint?: string;
  /** Sign-up: the current terms' version the box accepts (undefined while it loads); `error` when it could not be read. */
  terms?: { version: number | undefined; error: string | null };
  /** Sign-up: ask for an (optional) e-mail address. */
  askEmail?: boolean;
  onSubmit(form: Signup): void;
}

type FieldErrors = Partial<Record<keyof Credentials | 'email' | 'terms', string>>;

export function CredentialsForm({ idPrefix, submitLabel, submitIcon, busy, validateRules, passwordHint, terms, askEmail = false, onSubmit }: CredentialsFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [termsTicked, setTermsTicked] = useState(false);
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
    const parsed = askEmail ? signupSchema.safeParse({ username, password, email: email.trim() || undefined }) : credentialsSchema.safeParse({ username, password });
    const found: FieldErrors = {};
    if (terms && !termsTicked) found.terms = 'Accept the Terms of Service and the Privacy Policy to create an account';
    if (parsed.success && !found.terms) {
      setErrors({});
      onSubmit(terms ? { ...parsed.data, acceptedTermsVersion: terms.version } : parsed.data);
      return;
    }
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'username' || field === 'password' || field === 'email') && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
  };

  const usernameId = `${idPrefix}-username`;
  const passwordId = `${idPrefix}-password`;
  const termsId = `${idPrefix}-terms`;
  const emailId = `${idPrefix}-email`;
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
      {askEmail && (
        <div className="field">
          <label htmlFor={emailId}>
            E-mail address <span className="muted">(optional)</span>
          </label>
          <InputText
            id={emailId}
            type="email"
            value={email}
            autoComplete="email"
            invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? `${emailId}-error` : `${emailId}-hint`}
            onChange={(event) => setEmail(event.target.value)}
          />
          {errors.email ? (
            <small id={`${emailId}-error`} className="p-error">
              {errors.email}
            </small>
          ) : (
            <small id={`${emailId}-hint`} className="muted">
              Recommended: without it we cannot tell you about a dispute against your work or a deadline, and you cannot reset a forgotten password. We send a link to confirm it.
            </small>
          )}
        </div>
      )}
      {terms && (
        <div className="field credentials-form__terms">
          <div className="credentials-form__terms-row">
            <Checkbox
              inputId={termsId}
              checked={termsTicked}
              invalid={Boolean(errors.terms)}
              aria-describedby={errors.terms || terms.error ? `${termsId}-error` : undefined}
              onChange={(event) => setTermsTicked(event.checked === true)}
            />
            <label htmlFor={termsId}>
              I accept the <Link to={legalPath('terms')}>Terms of Service</Link> and the <Link to={legalPath('privacy')}>Privacy Policy</Link>
            </label>
          </div>
          {(errors.terms ?? terms.error) && (
            <small id={`${termsId}-error`} className="p-error">
              {errors.terms ?? terms.error}
            </small>
          )}
        </div>
      )}
      <Button
        type="submit"
        label={submitLabel}
        icon={submitIcon}
        loading={busy}
        disabled={terms !== undefined && terms.version === undefined}
        className="credentials-form__submit"
      />
    </form>
  );
}
