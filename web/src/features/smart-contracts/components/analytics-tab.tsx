// The Analytics tab: the server's real figures — totals, earnings and payouts by
// month, earnings by source and by contract — in dollars from cents. Nothing is estimated here.
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import type { EarningsSource } from '../../../../../domain/royalties/ports';
import { errorMessage } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { useRoyaltyAnalytics, type RoyaltyAnalytics } from '../api/smart-contracts';
import { FiguresTable } from '../../../components/ui/figures-table';

export function AnalyticsTab() {
  const analytics = useRoyaltyAnalytics({ enabled: true });
  if (analytics.isPending) {
    return (
      <div className="analytics" aria-busy="true" aria-label="Loading the analytics">
        <Skeleton height="5rem" />
        <Skeleton height="10rem" />
      </div>
    );
  }
  if (analytics.isError) return <Message severity="error" text={`The analytics could not be loaded: ${errorMessage(analytics.error, 'unknown error')}`} />;
  return <RoyaltyFigures analytics={analytics.data} />;
}

const SOURCE_LABELS: Record<EarningsSource, string> = {
  distribution_statement: 'Store sales (statements)',
  license_sale: 'License sales',
};

function sourceLabel(source: string): string {
  return (SOURCE_LABELS as Record<string, string>)[source] ?? source;
}

function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)).toLocaleDateString('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' });
}

export function RoyaltyFigures({ analytics }: { analytics: RoyaltyAnalytics }) {
  const { totals } = analytics;
  return (
    <div className="analytics">
      <dl className="analytics__totals">
        <Total term="Total earnings" value={formatCents(totals.totalEarnings)} />
        <Total term="Distributed" value={formatCents(totals.distributed)} />
        <Total term="Pending" value={formatCents(totals.pending)} />
        <Total term="Contracts" value={String(totals.contracts)} />
        <Total term="Receivers" value={String(totals.receivers)} />
        <Total term="Payouts" value={String(totals.payouts)} />
      </dl>
      {totals.totalEarnings === 0 && totals.payouts === 0 && (
        <Message severity="info" text="No earnings yet. Earnings arrive from imported sales statements of your distributed releases." />
      )}
      <div className="analytics__tables">
        <FigureTable
          title="By month"
          head={['Month', 'Earnings', 'Distributed']}
          rows={analytics.byMonth.map((row) => [monthLabel(row.month), formatCents(row.earnings), formatCents(row.distributed)])}
        />
        <FigureTable
          title="By source"
          head={['Source', 'Earnings']}
          rows={analytics.bySource.map((row) => [sourceLabel(row.source), formatCents(row.amount)])}
        />
        <FigureTable
          title="By contract"
          head={['Track', 'Earnings', 'Distributed', 'Pending']}
          rows={analytics.byContract.map((row) => [row.contentTitle, formatCents(row.totalEarnings), formatCents(row.distributedAmount), formatCents(row.pendingAmount)])}
        />
      </div>
    </div>
  );
}

function Total({ term, value }: { term: string; value: string }) {
  return (
    <div className="analytics__total">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function FigureTable({ title, head, rows }: { title: string; head: string[]; rows: string[][] }) {
  return (
    <Card className="analytics__table" title={title}>
      {rows.length === 0 ? (
        <p className="muted small">Nothing yet.</p>
      ) : (
        <FiguresTable head={head} rows={rows} />
      )}
    </Card>
  );
}
