// A release's royalties by store (spec 1 §3, §9): streams and dollars (the server's cents / 100)
// per store, with the totals. Everything comes from imported sales statements; a release no
// statement has mentioned yet says so instead of showing zeros as if they were reported.
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useRoyaltyBreakdown } from '../api/distribution';
import { breakdownShare, breakdownTotals, formatCents } from '../labels';

export function RoyaltyBreakdownTable({ distributionId }: { distributionId: string }) {
  const royalties = useRoyaltyBreakdown(distributionId, { enabled: true });
  if (royalties.isPending) return <Skeleton height="4rem" aria-label="Loading the royalties" />;
  if (royalties.isError) return <Message severity="error" text={`The royalties could not be loaded: ${errorMessage(royalties.error, 'unknown error')}`} />;
  const { breakdown } = royalties.data;
  if (breakdown.length === 0) {
    return <p className="muted small">No sales statement has reported earnings for this release yet. Import one below to see them here.</p>;
  }
  const totals = breakdownTotals(breakdown);
  return (
    <table className="data-table-plain">
      <thead>
        <tr>
          <th scope="col">Store</th>
          <th scope="col" className="numeric">
            Streams
          </th>
          <th scope="col" className="numeric">
            Earnings
          </th>
          <th scope="col" className="numeric">
            Share
          </th>
        </tr>
      </thead>
      <tbody>
        {breakdown.map((line) => (
          <tr key={line.store}>
            <td>{line.storeName}</td>
            <td className="numeric">{line.streams.toLocaleString('en-US')}</td>
            <td className="numeric">{formatCents(line.amount)}</td>
            <td className="numeric">{breakdownShare(line, totals.amount)}%</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td>Total</td>
          <td className="numeric">{royalties.data.totalStreams.toLocaleString('en-US')}</td>
          <td className="numeric">{formatCents(royalties.data.totalAmount)}</td>
          <td />
        </tr>
      </tfoot>
    </table>
  );
}
