// The page a waiting-list mail links to (/streaming/confirm?token=…): opening it confirms nothing,
// so a mail scanner that follows links cannot; the person presses Confirm, which sends the token.
// The link works once; afterwards this browser shows the entry on /streaming.
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import { WAITING_LIST_LINK_TTL_HOURS } from '../../../../../domain/contracts/waiting-list';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmWaitingList } from '../api/waiting-list';
import { EntryStatus } from './entry-status';
import '../waiting-list.css';

export function ConfirmWaitingListPanel({ token }: { token: string }) {
  const confirm = useConfirmWaitingList();
  return (
    <section className="waiting-list waiting-list__card" aria-labelledby="waiting-list-confirm-title">
      <h1 id="waiting-list-confirm-title">Confirm your place on the waiting list</h1>
      {!token && <Message severity="error" text="This link has no confirmation token: open the link from the mail as it is." />}
      {token && confirm.status === 'success' && (
        <>
          <EntryStatus status={confirm.data} />
          <p>
            <Link to="/streaming">See the waiting list</Link>
          </p>
        </>
      )}
      {token && confirm.status !== 'success' && (
        <>
          <p>Press Confirm to count this address on the waiting list. The link works once, for {WAITING_LIST_LINK_TTL_HOURS} hours after it was sent.</p>
          {confirm.isError && <Message severity="error" text={errorMessage(confirm.error, 'The address could not be confirmed')} />}
          <div className="button-row">
            <Button label="Confirm" icon="pi pi-check" loading={confirm.isPending} onClick={() => confirm.mutate(token)} />
          </div>
        </>
      )}
    </section>
  );
}
