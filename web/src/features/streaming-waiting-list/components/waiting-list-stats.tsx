// The list in numbers, asked again every 30 s: confirmed addresses, those who chose priority, those
// whose link is not opened yet, and the works registered on GOOSE. Earnings are not estimated.
import { Message } from 'primereact/message';
import { errorMessage } from '../../../lib/api-client';
import { useWaitingListStats } from '../api/waiting-list';

export function WaitingListStats() {
  const stats = useWaitingListStats();
  return (
    <section className="waiting-list__card" aria-labelledby="waiting-list-stats-title">
      <h2 id="waiting-list-stats-title">The list so far</h2>
      {stats.isError && <Message severity="error" text={errorMessage(stats.error, 'The numbers could not be loaded')} />}
      {stats.isPending && <p className="muted">Loading…</p>}
      {stats.data && (
        <>
          <dl className="waiting-list-stats">
            <div>
              <dt>On the list (confirmed)</dt>
              <dd data-testid="waiting-list-total">{stats.data.totalUsers}</dd>
            </div>
            <div>
              <dt>Chose priority</dt>
              <dd data-testid="waiting-list-priority">{stats.data.priorityUsers}</dd>
            </div>
            <div>
              <dt>Awaiting confirmation</dt>
              <dd>{stats.data.awaitingConfirmation}</dd>
            </div>
            <div>
              <dt>Works registered on GOOSE</dt>
              <dd>{stats.data.totalTracks}</dd>
            </div>
          </dl>
          <p className="muted small">
            Estimated earnings: none. {stats.data.estimatedEarningsReason} Updated every 30 seconds.
          </p>
        </>
      )}
    </section>
  );
}
