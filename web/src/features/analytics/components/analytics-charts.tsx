// The overview's charts, drawn with PrimeReact's Chart (chart.js). Loaded on its own (React.lazy in
// analytics-overview.tsx): neither this module nor chart.js is in the app's first download, and
// PrimeReact's Chart itself fetches chart.js only when a chart is drawn. Every chart sits in a
// figure named by its caption; the same figures are in the tables below, for screen readers and CSV.
import { Chart } from 'primereact/chart';
import type { Analytics } from '../../../../../domain/contracts/analytics';
import { CHECK_OUTCOME_LABELS, CONTENT_TYPE_LABELS, VAULT_STATUS_LABELS, bucketLabel, territoryName } from '../labels';

const COLOURS = ['#4f46e5', '#0ea5e9', '#22c55e', '#f59e0b', '#ef4444', '#a855f7', '#14b8a6', '#64748b', '#ec4899'];
const ESTIMATE_COLOUR = '#cbd5e1';

const dollars = (cents: number) => cents / 100;

function Figure({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <figure className="creator-analytics__chart">
      <figcaption>{title}</figcaption>
      {children}
    </figure>
  );
}

const legendBottom = { plugins: { legend: { position: 'bottom' as const } }, maintainAspectRatio: false };
const barOptions = (stacked = false, horizontal = false) => ({
  ...legendBottom,
  indexAxis: horizontal ? ('y' as const) : ('x' as const),
  scales: { x: { stacked, beginAtZero: true }, y: { stacked, beginAtZero: true } },
});

export default function AnalyticsCharts({ analytics }: { analytics: Analytics }) {
  const { payable, estimates } = analytics.royalties;
  const types = Object.entries(analytics.contentByType).filter(([, count]) => count > 0);
  const months = [...new Set([...payable.byMonth, ...estimates.byMonth].map((m) => m.month))].sort();
  const amountIn = (rows: Array<{ month: string; amount: number }>, month: string) => dollars(rows.find((r) => r.month === month)?.amount ?? 0);
  const territories = payable.byTerritory.slice(0, 10);
  return (
    <div className="creator-analytics__charts">
      {analytics.totalContent > 0 && (
        <Figure title="Content by type">
          <Chart
            ariaLabel="Content by type chart (its figures are in the table below)"
            type="doughnut"
            height="16rem"
            data={{ labels: types.map(([type]) => CONTENT_TYPE_LABELS[type as keyof typeof CONTENT_TYPE_LABELS]), datasets: [{ data: types.map(([, count]) => count), backgroundColor: COLOURS }] }}
            options={legendBottom}
          />
        </Figure>
      )}
      {analytics.totalContent > 0 && (
        <Figure title="Content by status">
          <Chart
            ariaLabel="Content by status chart (its figures are in the table below)"
            type="bar"
            height="16rem"
            data={{
              labels: analytics.contentByStatus.map((s) => VAULT_STATUS_LABELS[s.status]),
              datasets: [{ label: 'Items', data: analytics.contentByStatus.map((s) => s.count), backgroundColor: ['#22c55e', '#0ea5e9', '#ef4444'] }],
            }}
            options={{ ...barOptions(), plugins: { legend: { display: false } } }}
          />
        </Figure>
      )}
      {analytics.checksByOutcome.length > 0 && (
        <Figure title="Copyright checks by outcome">
          <Chart
            ariaLabel="Copyright checks by outcome chart (its figures are in the table below)"
            type="bar"
            height="16rem"
            data={{
              labels: analytics.checksByOutcome.map((c) => CHECK_OUTCOME_LABELS[c.outcome]),
              datasets: [{ label: 'Tracks', data: analytics.checksByOutcome.map((c) => c.count), backgroundColor: COLOURS }],
            }}
            options={{ ...barOptions(false, true), plugins: { legend: { display: false } } }}
          />
        </Figure>
      )}
      {analytics.tokensOverTime.length > 0 && (
        <Figure title="Tokens over time">
          <Chart
            ariaLabel="Tokens over time chart (its figures are in the table below)"
            type="line"
            height="16rem"
            data={{
              labels: analytics.tokensOverTime.map((b) => bucketLabel(b.bucket)),
              datasets: [
                { label: 'Earned', data: analytics.tokensOverTime.map((b) => b.earned), borderColor: COLOURS[2], backgroundColor: COLOURS[2] },
                { label: 'Spent', data: analytics.tokensOverTime.map((b) => b.spent), borderColor: COLOURS[4], backgroundColor: COLOURS[4] },
                { label: 'Balance', data: analytics.tokensOverTime.map((b) => b.balance), borderColor: COLOURS[0], backgroundColor: COLOURS[0] },
              ],
            }}
            options={legendBottom}
          />
        </Figure>
      )}
      {months.length > 0 && (
        <Figure title="Earnings by month (USD)">
          <Chart
            ariaLabel="Earnings by month (USD) chart (its figures are in the table below)"
            type="bar"
            height="16rem"
            data={{
              labels: months.map(bucketLabel),
              datasets: [
                { label: 'Payable statements', data: months.map((m) => amountIn(payable.byMonth, m)), backgroundColor: COLOURS[0] },
                { label: 'Self-reported (estimate)', data: months.map((m) => amountIn(estimates.byMonth, m)), backgroundColor: ESTIMATE_COLOUR },
              ],
            }}
            options={barOptions(true)}
          />
        </Figure>
      )}
      {payable.byStore.length > 0 && (
        <Figure title="Payable earnings by store (USD)">
          <Chart
            ariaLabel="Payable earnings by store (USD) chart (its figures are in the table below)"
            type="bar"
            height="16rem"
            data={{ labels: payable.byStore.map((s) => s.storeName), datasets: [{ label: 'USD', data: payable.byStore.map((s) => dollars(s.amount)), backgroundColor: COLOURS[1] }] }}
            options={{ ...barOptions(false, true), plugins: { legend: { display: false } } }}
          />
        </Figure>
      )}
      {territories.length > 0 && (
        <Figure title="Payable earnings by territory, top 10 (USD)">
          <Chart
            ariaLabel="Payable earnings by territory, top 10 (USD) chart (its figures are in the table below)"
            type="bar"
            height="16rem"
            data={{ labels: territories.map((t) => territoryName(t.territory)), datasets: [{ label: 'USD', data: territories.map((t) => dollars(t.amount)), backgroundColor: COLOURS[6] }] }}
            options={{ ...barOptions(false, true), plugins: { legend: { display: false } } }}
          />
        </Figure>
      )}
    </div>
  );
}
