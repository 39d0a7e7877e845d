// Where a registration is recorded:
// GOOSE's own registry and the XRP Ledger, each recorded, waiting or failed as the server says, with
// its transaction id and detail, then how many of them hold it and the last update.
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useSyncStatus, type SyncStatus } from '../../lib/track/api/get-sync-status';
import { syncSuccessPercent } from '../../lib/track/status-labels';

const STATE_DISPLAY: Record<SyncStatus['syncResults'][number]['state'], { label: string; severity: 'success' | 'warning' | 'danger'; icon: string }> = {
  recorded: { label: 'Recorded', severity: 'success', icon: 'pi pi-check' },
  waiting: { label: 'Waiting', severity: 'warning', icon: 'pi pi-clock' },
  failed: { label: 'Failed', severity: 'danger', icon: 'pi pi-times' },
};

export function SyncStatusTable({ txHash }: { txHash: string }) {
  const sync = useSyncStatus(txHash, { enabled: true });

  if (sync.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading where this registration is recorded">
        <Skeleton height="1.25rem" className="certificate-skeleton" />
        <Skeleton height="1.25rem" width="70%" />
      </div>
    );
  }
  if (sync.isError) {
    return <Message severity="error" text={`Where this registration is recorded could not be loaded: ${errorMessage(sync.error, 'unknown error')}`} />;
  }
  return <RecordsTable status={sync.data} />;
}

export function RecordsTable({ status }: { status: SyncStatus }) {
  const { syncResults, syncStats } = status;
  const percent = syncSuccessPercent(syncStats.successRate, syncResults);
  const recorded = syncResults.filter((result) => result.success).length;
  return (
    <div className="sync-status">
      {syncResults.length === 0 ? (
        <p className="muted">This registration is not recorded anywhere yet.</p>
      ) : (
        <div className="sync-status__scroll">
          <table className="sync-status__table">
            <caption className="visually-hidden">Where this registration is recorded</caption>
            <thead>
              <tr>
                <th scope="col">Record</th>
                <th scope="col">State</th>
                <th scope="col">Transaction id</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {syncResults.map((result) => (
                <tr key={result.database} data-state={result.state}>
                  <th scope="row" className="sync-status__database">
                    {result.database}
                  </th>
                  <td>
                    <Tag value={STATE_DISPLAY[result.state].label} severity={STATE_DISPLAY[result.state].severity} icon={STATE_DISPLAY[result.state].icon} />
                  </td>
                  <td className="sync-status__id-cell">{result.transactionId ? <code className="sync-status__id">{result.transactionId}</code> : <span className="muted">—</span>}</td>
                  <td className="sync-status__detail">{result.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="sync-status__stats">
        <span>
          Recorded in{' '}
          <strong>
            {recorded} of {syncResults.length}
          </strong>{' '}
          ({percent}%)
        </span>
        <span className="muted">Last update: {formatDateTime(syncStats.lastUpdate)}</span>
      </p>
    </div>
  );
}
