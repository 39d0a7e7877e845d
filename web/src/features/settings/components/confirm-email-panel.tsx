// The page a confirmation mail links to (/confirm-email?token=…): opening it confirms nothing, so
// a mail scanner that follows links cannot; the person presses Confirm, which sends the token.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import { EMAIL_CONFIRMATION_TTL_HOURS } from '../../../../../domain/contracts/account';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmEmail } from '../api/account';
import '../settings.css';

export function ConfirmEmailPanel({ token }: { token: string }) {
  const confirm = useConfirmEmail();
  return (
    <section className="confirm-email" aria-labelledby="confirm-email-title">
      <Card>
        <h1 id="confirm-email-title">Confirm your e-mail address</h1>
        {!token && <Message severity="error" text="This link has no confirmation token: open the link from the mail as it is." />}
        {token && confirm.status === 'success' && (
          <>
            <Message severity="success" text={`${confirm.data.email} is confirmed as your account's address.`} />
            <p>
              <Link to="/settings">Back to Settings</Link>
            </p>
          </>
        )}
        {token && confirm.status !== 'success' && (
          <>
            <p>Press Confirm to use this address for your GOOSE account. The link works for {EMAIL_CONFIRMATION_TTL_HOURS} hours after it was sent.</p>
            {confirm.isError && <Message severity="error" text={errorMessage(confirm.error, 'The address could not be confirmed')} />}
            <div className="button-row">
              <Button label="Confirm" icon="pi pi-check" loading={confirm.isPending} onClick={() => confirm.mutate(token)} />
            </div>
          </>
        )}
      </Card>
    </section>
  );
}
