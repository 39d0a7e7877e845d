// What the analytics tab shows for one overview: the period filter, the summary figures, the charts
// (loaded on their own, see analytics-charts.tsx) and a table per figure with a CSV export, the top
// tracks and the recent activity. Payable money and self-reported estimates are never added
// together; estimates are marked. A creator with nothing yet is told what to do first.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { lazy, Suspense, type MouseEvent, type ReactNode } from 'react';
import { ANALYTICS_PERIODS, type Analytics, type AnalyticsPeriod } from '../../../../../domain/contracts/analytics';
import { PanelTitle } from '../../../components/ui/panel-title';
import { formatCents, formatDateTime, formatTokens } from '../../../lib/format';
import { dashboardTabPath, useChangeTab, type DashboardTab } from '../../../lib/dashboard-tabs';
import { csvFileName, downloadCsv, toCsv, type CsvCell } from '../csv';
import { DEMO_SUCCESS_RATE } from '../demo';
import {
  ACTIVITY_LABELS,
  ACTIVITY_TABS,
  bucketLabel,
  CHECK_OUTCOME_LABELS,
  CONTENT_TYPE_LABELS,
  PERIOD_LABELS,
  territoryName,
  TRACK_STATUS_LABELS,
  VAULT_STATUS_LABELS,
} from '../labels';
import '../analytics.css';
import { FiguresTable } from '../../../components/ui/figures-table';

const AnalyticsCharts = lazy(() => import('./analytics-charts'));

interface OverviewProps {
  analytics: Analytics;
  period: AnalyticsPeriod;
  onPeriodChange?(period: AnalyticsPeriod): void;
  /** Visitors: made-up figures under a "Demo figures" label. */
  demo?: boolean;
  /** Another period's figures are still showing while this one's load. */
  updating?: boolean;
  /** The server can make songs (the Create tab is worth offering). */
  canCreate?: boolean;
}

const PERIOD_OPTIONS = ANALYTICS_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }));
const dollars = (cents: number) => Math.round(cents) / 100;

export function AnalyticsOverview({ analytics, period, onPeriodChange, demo = false, updating = false, canCreate = false }: OverviewProps) {
  const { payable, estimates } = analytics.royalties;
  const tokens = analytics.tokenTransactions;
  const nothingYet = !demo && analytics.totalContent === 0 && payable.total === 0 && estimates.total === 0 && analytics.licenseSales.count === 0;
  const exportName = demo ? 'demo' : period;
  return (
    <section className="creator-analytics" aria-labelledby="creator-analytics-title" aria-busy={updating}>
      <header className="creator-analytics__header">
        <PanelTitle id="creator-analytics-title" icon="pi-chart-bar">
          Earnings &amp; Analytics
        </PanelTitle>
        {demo ? (
          <Tag severity="warning" value="Demo figures" />
        ) : (
          <SelectButton
            aria-label="Period"
            value={period}
            options={PERIOD_OPTIONS}
            optionLabel="label"
            optionValue="value"
            allowEmpty={false}
            onChange={(event) => onPeriodChange?.(event.value as AnalyticsPeriod)}
          />
        )}
      </header>
      {demo ? (
        <Message
          severity="info"
          text="Demo figures: this is what the tab shows a creator. Sign up or log in to see your own content, checks, tokens and earnings here."
        />
      ) : (
        <p className="muted small">
          {PERIOD_LABELS[period]}: content uploaded, checks, tokens, earnings and sales {analytics.from ? `since ${formatDateTime(analytics.from)}` : 'since you joined'}. Balances and pending payouts are as they stand now.
        </p>
      )}
      {nothingYet && <FirstSteps canCreate={canCreate} allTime={period === 'all'} />}

      <dl className="creator-analytics__summary">
        <Figure term="Content" value={String(analytics.totalContent)} />
        <Figure term="Registered" value={String(analytics.copyrightStatus.registered)} />
        <Figure term="Pending" value={String(analytics.copyrightStatus.pending)} />
        <Figure term="Failed" value={String(analytics.copyrightStatus.failed)} />
        {demo && <Figure term="Success rate" value={`${DEMO_SUCCESS_RATE} %`} />}
        <Figure term="Token balance" value={formatTokens(tokens.balance)} note={tokens.held > 0 ? `${formatTokens(tokens.held)} held` : undefined} />
        <Figure term="Tokens earned" value={formatTokens(tokens.earned)} />
        <Figure term="Tokens spent" value={formatTokens(tokens.spent)} />
        <Figure term="Payable earnings" value={formatCents(payable.total)} note="From store and partner statements" />
        <Figure term="Estimated earnings" value={formatCents(estimates.total)} note="Self-reported statements: an estimate, not money owed" />
        <Figure
          term="Paid out"
          value={formatCents(analytics.payouts.paid)}
          note={analytics.payouts.running > 0 ? `${analytics.payouts.running} payout still paying` : "By your contracts' payouts, to all their receivers (you included)"}
        />
        <Figure term="Pending payout" value={formatCents(analytics.payouts.pending)} note="Earned by your contracts, not yet paid" />
        <Figure term="Licenses sold" value={String(analytics.licenseSales.count)} note={licenseNote(analytics.licenseSales)} />
      </dl>

      <Suspense fallback={<Skeleton height="16rem" aria-label="Loading the charts" />}>
        <AnalyticsCharts analytics={analytics} />
      </Suspense>

      <div className="creator-analytics__tables">
        <FigureTable
          title="Content by type"
          file={exportName}
          head={['Type', 'Items']}
          rows={Object.entries(analytics.contentByType).map(([type, count]) => [CONTENT_TYPE_LABELS[type as keyof typeof CONTENT_TYPE_LABELS], count])}
        />
        <FigureTable
          title="Content by status"
          file={exportName}
          head={['Status', 'Items']}
          rows={analytics.contentByStatus.map((s) => [VAULT_STATUS_LABELS[s.status], s.count])}
          extra={
            analytics.contentByTrackStatus.length > 0 ? (
              <p className="muted small">Steps reached: {analytics.contentByTrackStatus.map((s) => `${TRACK_STATUS_LABELS[s.status]} ${s.count}`).join(', ')}</p>
            ) : null
          }
        />
        <FigureTable
          title="Copyright checks by outcome"
          file={exportName}
          head={['Outcome', 'Tracks']}
          rows={analytics.checksByOutcome.map((c) => [CHECK_OUTCOME_LABELS[c.outcome], c.count])}
        />
        <FigureTable
          title="Tokens over time"
          file={exportName}
          head={['Period', 'Earned', 'Spent', 'Balance after']}
          rows={analytics.tokensOverTime.map((b) => [bucketLabel(b.bucket), b.earned, b.spent, b.balance])}
        />
        <FigureTable
          title="Earnings by month"
          file={exportName}
          head={['Month', 'Payable (USD)', 'Self-reported estimate (USD)', 'Units']}
          rows={monthRows(analytics)}
        />
        <FigureTable
          title="Earnings by store"
          file={exportName}
          head={['Store', 'Payable (USD)', 'Self-reported estimate (USD)', 'Units']}
          rows={payableBesideEstimate(payable.byStore, estimates.byStore, (s) => s.store, (_, p, e) => p?.storeName ?? e!.storeName)}
        />
        <FigureTable
          title="Earnings by territory"
          file={exportName}
          head={['Territory', 'Payable (USD)', 'Self-reported estimate (USD)', 'Units']}
          rows={payableBesideEstimate(payable.byTerritory, estimates.byTerritory, (t) => t.territory, (code) => territoryName(code))}
        />
        <FigureTable
          title="Contract earnings and license sales"
          file={exportName}
          head={['Period', 'Recorded by contracts (USD)', 'Licenses sold', 'License sales (USD)']}
          rows={contractRows(analytics)}
        />
        <FigureTable
          title="Top tracks by earnings"
          file={exportName}
          head={['Track', 'Earned (USD)']}
          rows={analytics.topTracks.byEarnings.map((t) => [t.title, dollars(t.amount)])}
        />
        <FigureTable
          title="Top tracks by license sales"
          file={exportName}
          head={['Track', 'Licenses', 'Sales (USD)']}
          rows={analytics.topTracks.byLicenseSales.map((t) => [t.title, t.count, dollars(t.amountCents)])}
        />
      </div>
      <RecentActivity entries={analytics.recentActivity} file={exportName} />
    </section>
  );
}

function licenseNote(sales: Analytics['licenseSales']): string | undefined {
  if (sales.count === 0) return undefined;
  const parts = [formatCents(sales.amountCents)];
  if (sales.tokenAmountCents > 0) parts.push(`${(sales.tokenAmountCents / 100).toFixed(2)} tokens`);
  return parts.join(' + ');
}

/** Payable and estimated money side by side per month (never added up), with the units of both. */
function monthRows(analytics: Analytics): CsvCell[][] {
  const { payable, estimates } = analytics.royalties;
  return mergeBy(payable.byMonth, estimates.byMonth, (m) => m.month)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, p, e]) => [bucketLabel(month), dollars(p?.amount ?? 0), dollars(e?.amount ?? 0), (p?.units ?? 0) + (e?.units ?? 0)]);
}

function contractRows(analytics: Analytics): CsvCell[][] {
  const buckets = [...new Set([...analytics.royalties.contractEarnings.map((b) => b.bucket), ...analytics.licenseSales.byBucket.map((b) => b.bucket)])].sort();
  return buckets.map((bucket) => {
    const earned = analytics.royalties.contractEarnings.find((b) => b.bucket === bucket)?.amount ?? 0;
    const sold = analytics.licenseSales.byBucket.find((b) => b.bucket === bucket);
    return [bucketLabel(bucket), dollars(earned), sold?.count ?? 0, dollars(sold?.amountCents ?? 0)];
  });
}

/** The keys of two lists, in the first's order then the second's, each with its entry in either list. */
/** One row per store or territory: its name, the payable amount, the self-reported estimate and the units of both. */
function payableBesideEstimate<T extends { amount: number; units: number }>(
  payable: readonly T[],
  estimates: readonly T[],
  key: (item: T) => string,
  name: (key: string, payable: T | undefined, estimate: T | undefined) => string,
): CsvCell[][] {
  return mergeBy(payable, estimates, key).map(([code, p, e]) => [name(code, p, e), dollars(p?.amount ?? 0), dollars(e?.amount ?? 0), (p?.units ?? 0) + (e?.units ?? 0)]);
}

function mergeBy<T>(first: readonly T[], second: readonly T[], key: (item: T) => string): Array<[string, T | undefined, T | undefined]> {
  const keys = [...new Set([...first.map(key), ...second.map(key)])];
  return keys.map((k) => [k, first.find((item) => key(item) === k), second.find((item) => key(item) === k)]);
}

function Figure({ term, value, note }: { term: string; value: string; note?: string }) {
  return (
    <div className="creator-analytics__figure">
      <dt>{term}</dt>
      <dd>{value}</dd>
      {note && <dd className="muted small">{note}</dd>}
    </div>
  );
}

function FigureTable({ title, file, head, rows, extra }: { title: string; file: string; head: string[]; rows: CsvCell[][]; extra?: ReactNode }) {
  const shown = (cell: CsvCell, column: number) => (typeof cell === 'number' && head[column]?.includes('(USD)') ? formatCents(Math.round(cell * 100)) : cell === null ? '—' : typeof cell === 'number' ? cell.toLocaleString('en-US') : cell);
  return (
    <Card className="creator-analytics__table" title={title}>
      {rows.length === 0 ? (
        <p className="muted small">Nothing in this period.</p>
      ) : (
        <>
          {/* Focusable, so a keyboard can scroll a table wider than the card. */}
          <div className="creator-analytics__table-scroll" role="region" aria-label={title} tabIndex={0}>
            <FiguresTable head={head} rows={rows.map((row) => row.map(shown))} firstColumnNamesRow />
          </div>
          {extra}
          <Button
            className="creator-analytics__export"
            label="Export CSV"
            icon="pi pi-download"
            size="small"
            outlined
            aria-label={`Export ${title} as CSV`}
            onClick={() => downloadCsv(csvFileName(title, file), toCsv(head, rows))}
          />
        </>
      )}
    </Card>
  );
}

function TabLink({ tab, children }: { tab: DashboardTab; children: ReactNode }) {
  const changeTab = useChangeTab();
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    changeTab(tab);
  };
  return (
    <a href={dashboardTabPath(tab)} onClick={go}>
      {children}
    </a>
  );
}

function FirstSteps({ canCreate, allTime }: { canCreate: boolean; allTime: boolean }) {
  return (
    <Card className="creator-analytics__first-steps" title={allTime ? 'Nothing to count yet' : 'Nothing in this period'}>
      <p>Your figures appear here as your work moves through GOOSE. To start:</p>
      <ol>
        <li>
          <TabLink tab="upload">Upload your first work</TabLink> (music, video, an image or text) to your vault.
        </li>
        {canCreate && (
          <li>
            Or <TabLink tab="create">create a song</TabLink> in the studio.
          </li>
        )}
        <li>Run its copyright check and register it; registered work can be released to stores and licensed.</li>
        <li>Earnings arrive from store statements of your releases and from license sales.</li>
      </ol>
    </Card>
  );
}

function RecentActivity({ entries, file }: { entries: Analytics['recentActivity']; file: string }) {
  const head = ['When', 'What', 'Item', 'Detail'];
  const rows: CsvCell[][] = entries.map((entry) => [entry.at, ACTIVITY_LABELS[entry.area], entry.title, entry.detail]);
  return (
    <Card className="creator-analytics__activity" title="Recent activity">
      {entries.length === 0 ? (
        <p className="muted small">No activity yet.</p>
      ) : (
        <>
          <ul>
            {entries.map((entry, index) => {
              const tab = ACTIVITY_TABS[entry.area];
              return (
                <li key={`${entry.at}-${index}`}>
                  <Tag value={ACTIVITY_LABELS[entry.area]} severity="info" />{' '}
                  <strong>{tab ? <TabLink tab={tab}>{entry.title}</TabLink> : entry.title}</strong>
                  <span className="creator-analytics__activity-detail">{entry.detail}</span>
                  <time className="muted small" dateTime={entry.at}>
                    {formatDateTime(entry.at)}
                  </time>
                </li>
              );
            })}
          </ul>
          <Button
            className="creator-analytics__export"
            label="Export CSV"
            icon="pi pi-download"
            size="small"
            outlined
            aria-label="Export Recent activity as CSV"
            onClick={() => downloadCsv(csvFileName('Recent activity', file), toCsv(head, rows))}
          />
        </>
      )}
    </Card>
  );
}
