// The registration's external database sync (spec 1 §2 "Certificate dialog"): each database with
// success or failure, its transaction id and detail, then the success rate and last update.
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSyncStatus } from '../api/get-sync-status';
import { syncSuccessPercent } from '../status-labels';

export function SyncStatusTable({ txHash }: { txHash: string }) {
  const sync = useSyncStatus(txHash, { enabled: true });

  if (sync.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the database sync status">
        <Skeleton height="1.25rem" className="certificate-skeleton" />
        <Skeleton height="1.25rem" width="70%" />
      </div>
    );
  }
  if (sync.isError) {
    return <Message severity="error" text={`The database sync status could not be loaded: ${errorMessage(sync.error, 'unknown error')}`} />;
  }

  const { syncResults, syncStats } = sync.data;
  const percent = syncSuccessPercent(syncStats.successRate, syncResults);
  return (
    <div className="sync-status">
      {syncResults.length === 0 ? (
        <p className="muted">No external database has been synced for this registration yet.</p>
      ) : (
        <div className="sync-status__scroll">
          <table className="sync-status__table">
            <caption className="visually-hidden">External database sync results</caption>
            <thead>
              <tr>
                <th scope="col">Database</th>
                <th scope="col">Result</th>
                <th scope="col">Transaction id</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {syncResults.map((result) => (
                <tr key={result.database} data-success={result.success}>
                  <th scope="row" className="sync-status__database">
                    {result.database}
                  </th>
                  <td>
                    <Tag
                      value={result.success ? 'Success' : 'Failed'}
                      severity={result.success ? 'success' : 'danger'}
                      icon={result.success ? 'pi pi-check' : 'pi pi-times'}
                    />
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
          Success rate: <strong>{percent}%</strong>
        </span>
        <span className="muted">Last update: {formatDateTime(syncStats.lastUpdate)}</span>
      </p>
    </div>
  );
}
