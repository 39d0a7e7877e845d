// The Usage tab: this month's figures — total calls, total
// cost, average response time, error rate — and the 10 most recent calls of all the user's keys,
// as the server's metering log recorded them.
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { RECENT_CALLS_SHOWN } from '../../../../../domain/developer/api-tiers';
import type { ApiUsageResponse } from '../../../../../domain/contracts/developer';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { formatUsd } from '../labels';

interface UsageTabProps {
  status: 'pending' | 'error' | 'success';
  usage: ApiUsageResponse | undefined;
  error?: unknown;
}

export function UsageTab({ status, usage, error }: UsageTabProps) {
  if (status === 'pending') return <Skeleton height="8rem" aria-label="Loading your API usage" />;
  if (status === 'error' || !usage) return <Message severity="error" text={`Your API usage could not be loaded: ${errorMessage(error, 'unknown error')}`} />;
  return <UsageFigures usage={usage} />;
}

export function UsageFigures({ usage }: { usage: ApiUsageResponse }) {
  const { stats } = usage;
  const recent = usage.usage.slice(0, RECENT_CALLS_SHOWN);
  return (
    <div className="api-usage">
      <p className="muted small">
        {formatDate(usage.period.from)} – {formatDate(usage.period.to)} (UTC month)
      </p>
      <dl className="api-usage__stats">
        <Stat term="Total calls" value={stats.totalCalls.toLocaleString('en-US')} />
        <Stat term="Total cost" value={formatUsd(stats.totalCost)} />
        <Stat term="Average response time" value={`${Math.round(stats.avgResponseTime)} ms`} />
        <Stat term="Error rate" value={`${(stats.errorRate * 100).toFixed(1)}%`} />
      </dl>
      <h3 className="section-title">Recent calls</h3>
      {recent.length === 0 ? (
        <p className="muted">No calls yet. Calls made with your keys appear here as they are answered.</p>
      ) : (
        <table className="api-usage__calls">
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Status</th>
              <th scope="col">Response time</th>
              <th scope="col">Key</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((call) => (
              <tr key={call.id}>
                <td>{call.method}</td>
                <td>
                  <code>{call.endpoint}</code>
                </td>
                <td className={call.statusCode >= 400 ? 'api-usage__status--failed' : 'api-usage__status--ok'}>{call.statusCode}</td>
                <td>{call.responseTimeMs} ms</td>
                <td>{call.keyName}</td>
                <td>{formatDateTime(call.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Stat({ term, value }: { term: string; value: string }) {
  return (
    <div className="api-usage__stat">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
