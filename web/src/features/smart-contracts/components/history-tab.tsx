// The Royalty History tab: the creator's real payout runs, newest first, each with
// its trigger, amount and lines — who was paid, their percentage, the cents, and how (a token
// credit, an XRP payment with its transaction, or the platform's share recorded) — and, under a
// line not paid the way it asked, the reason the payout gave.
import { Fragment } from 'react';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { PayoutRun } from '../../../../../domain/contracts/royalties';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { formatCents } from '../../../lib/format';
import { usePayoutHistory } from '../api/smart-contracts';
import { PAYOUT_METHOD_TEXT, PAYOUT_TRIGGER_TEXT, shortHash } from '../labels';

export function HistoryTab() {
  const history = usePayoutHistory({ enabled: true });
  return <PayoutHistory status={history.status} payouts={history.data ?? []} error={history.error} />;
}

interface PayoutHistoryProps {
  status: 'pending' | 'error' | 'success';
  payouts: readonly PayoutRun[];
  error?: unknown;
}

export function PayoutHistory({ status, payouts, error }: PayoutHistoryProps) {
  if (status === 'pending') {
    return (
      <div className="payout-list" aria-busy="true" aria-label="Loading the payout history">
        <Skeleton height="6rem" />
        <Skeleton height="6rem" />
      </div>
    );
  }
  if (status === 'error') return <Message severity="error" text={`The payout history could not be loaded: ${errorMessage(error, 'unknown error')}`} />;
  if (payouts.length === 0) {
    return (
      <Card className="empty-state">
        <i className="pi pi-history empty-state__icon" aria-hidden="true" />
        <h3>No Distribution History</h3>
        <p className="muted">Payouts appear here once a contract pays its earnings, on its schedule or when you distribute royalties.</p>
      </Card>
    );
  }
  return (
    <ol className="payout-list" aria-label="Payout runs">
      {payouts.map((run) => (
        <li key={run.runId}>
          <PayoutRunCard run={run} />
        </li>
      ))}
    </ol>
  );
}

function PayoutRunCard({ run }: { run: PayoutRun }) {
  return (
    <Card className="payout-run">
      <header className="payout-run__header">
        <div>
          <h4>{run.contentTitle}</h4>
          <span className="muted small">
            {PAYOUT_TRIGGER_TEXT[run.trigger]} · {formatDateTime(run.completedAt ?? run.startedAt)}
          </span>
        </div>
        <strong className="payout-run__amount">{formatCents(run.amount)}</strong>
        <Tag value={run.status === 'completed' ? 'Paid' : 'Paying'} severity={run.status === 'completed' ? 'success' : 'info'} />
      </header>
      <table className="payout-lines">
        <thead>
          <tr>
            <th scope="col">Paid to</th>
            <th scope="col">Share</th>
            <th scope="col">Amount</th>
            <th scope="col">How</th>
          </tr>
        </thead>
        <tbody>
          {run.lines.map((line, index) => (
            <Fragment key={`${line.party}-${line.receiverId ?? index}`}>
              <tr className={line.reason ? 'payout-lines__has-reason' : undefined}>
                <td>{line.name}</td>
                <td>{line.percentage}%</td>
                <td>{formatCents(line.amount)}</td>
                <td>
                  {PAYOUT_METHOD_TEXT[line.method]}
                  {line.txHash && (
                    <>
                      {' '}
                      <code title={line.txHash}>{shortHash(line.txHash)}</code>
                    </>
                  )}
                </td>
              </tr>
              {line.reason && (
                <tr className="payout-lines__reason">
                  <td colSpan={4} className="muted small">
                    {line.reason}
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
