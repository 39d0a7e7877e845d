// A release's royalties by store: streams and dollars (the server's cents / 100)
// per store, with the totals. Everything comes from sales statements; a line from a statement the
// creator uploaded is marked self-reported (an estimate, never paid), and the delivery partner's
// payable money says what its funds released and what stays unreconciled (claimed, not yet paid
// by the partner). A release no statement has mentioned yet says so instead of showing zeros.
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { Skeleton } from 'primereact/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useRoyaltyBreakdown } from '../../../lib/distribution/api/distribution';
import { formatCents } from '../../../lib/format';
import { breakdownShare, breakdownTotals } from '../../../lib/distribution/labels';

export function RoyaltyBreakdownTable({ distributionId }: { distributionId: string }) {
  const royalties = useRoyaltyBreakdown(distributionId, { enabled: true });
  if (royalties.isPending) return <Skeleton height="4rem" aria-label="Loading the royalties" />;
  if (royalties.isError) return <Message severity="error" text={`The royalties could not be loaded: ${errorMessage(royalties.error, 'unknown error')}`} />;
  const { breakdown } = royalties.data;
  if (breakdown.length === 0) {
    return <p className="muted small">No sales statement has reported earnings for this release yet. Import one below to see them here.</p>;
  }
  const totals = breakdownTotals(breakdown);
  const { selfReportedAmount, payableAmount, releasedAmount, unreconciledAmount, unreconciledShare } = royalties.data;
  return (
    <>
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
          <tr key={`${line.store}-${line.selfReported ? 'self' : 'payable'}`}>
            <td>
              {line.storeName} {line.selfReported && <Tag value="Self-reported" severity="secondary" title="From a statement you uploaded: an estimate, never paid out" />}
            </td>
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
    <ul className="muted small" aria-label="Where these royalties come from">
      {selfReportedAmount > 0 && <li>Self-reported (your uploads): {formatCents(selfReportedAmount)} — an estimate only; it never becomes pending earnings, a payout or tokens.</li>}
      {payableAmount > 0 && (
        <li>
          Reported by the delivery partner: {formatCents(payableAmount)}, of which {formatCents(releasedAmount)} was paid by the partner and went to your royalty contract.
          {unreconciledAmount > 0 && ` ${formatCents(unreconciledAmount)} is unreconciled: the partner has not paid it yet (your share: ${formatCents(unreconciledShare)}).`}
        </li>
      )}
    </ul>
    </>
  );
}
