// The user's token history: every credit, charge, refund and debit with when, why, the amount and
// the balance after it, newest first.
import { useAtom } from 'jotai';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatTokens } from '../../../lib/format';
import { useTokenTransactions } from '../api/tokens';
import { tokenHistoryOpenAtom } from '../atoms';
import { causeLabel, signedTokens, statusLabel } from '../labels';

export function TokenHistoryDialog() {
  const [open, setOpen] = useAtom(tokenHistoryOpenAtom);
  const history = useTokenTransactions({ enabled: open });
  const transactions = history.data?.transactions ?? [];
  return (
    <Dialog header="Token history" visible={open} onHide={() => setOpen(false)} className="token-history-dialog" draggable={false} resizable={false} dismissableMask>
      {history.isPending && <Skeleton height="8rem" />}
      {history.isError && <Message severity="error" text={errorMessage(history.error, 'Could not load your token history')} />}
      {history.isSuccess && transactions.length === 0 && <p className="muted">No token movements yet.</p>}
      {transactions.length > 0 && (
        <table className="token-history" aria-label="Token movements">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Why</th>
              <th scope="col" className="token-history__number">
                Amount
              </th>
              <th scope="col" className="token-history__number">
                Balance after
              </th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((transaction) => (
              <tr key={transaction.id} data-kind={transaction.kind} data-status={transaction.status}>
                <td>{formatDateTime(transaction.occurredAt)}</td>
                <td>{transaction.description}</td>
                <td>
                  <span>{causeLabel(transaction.cause)}</span>{' '}
                  <Tag value={statusLabel(transaction)} severity={transaction.status === 'held' ? 'warning' : transaction.status === 'returned' ? 'info' : 'success'} />
                </td>
                <td className={`token-history__number ${transaction.amount < 0 ? 'token-history__out' : 'token-history__in'}`}>{signedTokens(transaction.amount)}</td>
                <td className="token-history__number">{formatTokens(transaction.balanceAfter)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
