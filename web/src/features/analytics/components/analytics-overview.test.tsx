// What the analytics tab shows, read from its rendered HTML: a visitor gets demo figures labelled
// "Demo figures" with the spec's 83 % success rate, and no period filter; a creator gets their own
// figures for the chosen period, never the demo rate, with payable earnings and self-reported
// estimates apart, a CSV export per table, the charts loading in their own chunk, and recent
// activity linking to the tab that looks after it; a creator with nothing yet is sent to Upload
// (and to Create where the server can make songs).
import { describe, expect, it } from 'vitest';
import type { Analytics } from '../../../../../domain/contracts/analytics';
import { CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import { ANALYTICS_KEY, CAPABILITIES_KEY } from '../../../lib/query-keys';
import { renderWithQueries } from '../../../lib/test-render';
import { DEMO_ANALYTICS } from '../demo';
import { AnalyticsOverview } from './analytics-overview';
import { AnalyticsPanel } from './analytics-panel';

const EMPTY: Analytics = {
  period: '90d',
  bucket: 'day',
  from: '2026-08-31T12:00:00.000Z',
  to: '2026-11-29T12:00:00.000Z',
  totalContent: 0,
  contentByType: { music: 0, video: 0, image: 0, text: 0 },
  contentByStatus: [
    { status: 'registered', count: 0 },
    { status: 'processing', count: 0 },
    { status: 'failed', count: 0 },
  ],
  contentByTrackStatus: [],
  copyrightStatus: { registered: 0, pending: 0, failed: 0 },
  checksByOutcome: [],
  tokenTransactions: { earned: 100, spent: 0, balance: 100, held: 0 },
  tokensOverTime: [{ bucket: '2026-11-29', earned: 100, spent: 0, balance: 100 }],
  royalties: {
    payable: { total: 0, units: 0, byMonth: [], byStore: [], byTerritory: [] },
    estimates: { estimate: true, total: 0, units: 0, byMonth: [], byStore: [], byTerritory: [] },
    contractEarnings: [],
  },
  payouts: { paid: 0, pending: 0, runs: 0, running: 0 },
  licenseSales: { count: 0, amountCents: 0, tokenAmountCents: 0, byBucket: [] },
  topTracks: { byEarnings: [], byLicenseSales: [] },
  recentActivity: [{ area: 'tokens', title: 'Welcome bonus', detail: '+100 tokens', at: '2026-11-29T12:00:00.000Z' }],
};

const CREATOR: Analytics = {
  ...EMPTY,
  totalContent: 3,
  contentByType: { music: 2, video: 1, image: 0, text: 0 },
  contentByStatus: [
    { status: 'registered', count: 1 },
    { status: 'processing', count: 2 },
    { status: 'failed', count: 0 },
  ],
  copyrightStatus: { registered: 1, pending: 2, failed: 0 },
  checksByOutcome: [{ outcome: 'cleared', count: 2 }, { outcome: 'needs_review', count: 1 }],
  royalties: {
    payable: {
      total: 690,
      units: 1600,
      byMonth: [{ month: '2026-11', amount: 690, units: 1600 }],
      byStore: [{ store: 'spotify', storeName: 'Spotify', amount: 690, units: 1600 }],
      byTerritory: [{ territory: 'GB', amount: 690, units: 1600 }],
    },
    estimates: { estimate: true, total: 35, units: 70, byMonth: [{ month: '2026-11', amount: 35, units: 70 }], byStore: [{ store: 'tidal', storeName: 'TIDAL', amount: 35, units: 70 }], byTerritory: [] },
    contractEarnings: [],
  },
  topTracks: { byEarnings: [{ contentId: 't1', title: 'Night, "Drive"', amount: 690 }], byLicenseSales: [] },
  recentActivity: [{ area: 'vault', title: 'Night Drive', detail: 'Registered: Registered', at: '2026-11-29T12:00:00.000Z' }],
};

const render = (node: React.ReactNode, answers: Parameters<typeof renderWithQueries>[1] = []) => renderWithQueries(node, answers);

describe('analytics tab', () => {
  it('shows a visitor demo figures, labelled as demo, with the spec’s 83 % success rate and no period filter', () => {
    const html = render(<AnalyticsPanel signedIn={false} />, [[CAPABILITIES_KEY, CAPABILITIES_ZERO_CONFIG_FIXTURE]]);
    expect(html).toContain('Demo figures');
    expect(html).toMatch(/<dt>Success rate<\/dt><dd>83 %<\/dd>/);
    expect(html).toContain('Sign up or log in to see your own');
    expect(html).not.toContain('aria-label="Period"');
    expect(html).toContain(`<dt>Content</dt><dd>${DEMO_ANALYTICS.totalContent}</dd>`);
  });

  it("shows a creator's own figures for the period, without the demo rate or label", () => {
    const html = render(<AnalyticsOverview analytics={CREATOR} period="90d" />);
    expect(html).not.toContain('Demo figures');
    expect(html).not.toContain('Success rate');
    expect(html).toContain('aria-label="Period"');
    for (const label of ['Last 30 days', 'Last 90 days', 'Last 12 months', 'All time']) expect(html).toContain(label);
    expect(html).toMatch(/<dt>Content<\/dt><dd>3<\/dd>/);
    expect(html).toMatch(/<dt>Registered<\/dt><dd>1<\/dd>/);
    expect(html).toMatch(/<dt>Payable earnings<\/dt><dd>\$6\.90<\/dd>/);
    expect(html).toMatch(/<dt>Estimated earnings<\/dt><dd>\$0\.35<\/dd><dd class="muted small">Self-reported statements: an estimate, not money owed<\/dd>/);
  });

  it('keeps payable money and estimates in columns of their own, each table with its CSV export', () => {
    const html = render(<AnalyticsOverview analytics={CREATOR} period="90d" />);
    expect(html).toContain('<th scope="col">Payable (USD)</th><th scope="col">Self-reported estimate (USD)</th>');
    expect(html).toMatch(/<th scope="row">Spotify<\/th><td>\$6\.90<\/td><td>\$0\.00<\/td>/);
    expect(html).toMatch(/<th scope="row">TIDAL<\/th><td>\$0\.00<\/td><td>\$0\.35<\/td>/);
    expect(html).toContain('<th scope="row">United Kingdom</th>');
    expect(html).toContain('<th scope="row">Held for review</th><td>1</td>');
    for (const table of ['Content by type', 'Copyright checks by outcome', 'Tokens over time', 'Earnings by month', 'Earnings by store', 'Earnings by territory', 'Top tracks by earnings', 'Recent activity']) {
      expect(html).toContain(`aria-label="Export ${table} as CSV"`);
    }
    expect(html).toContain('Nothing in this period.');
  });

  it('loads the charts apart, showing a placeholder until they arrive', () => {
    expect(render(<AnalyticsOverview analytics={CREATOR} period="90d" />)).toContain('aria-label="Loading the charts"');
  });

  it('links recent activity to the tab that looks after it', () => {
    const html = render(<AnalyticsOverview analytics={CREATOR} period="90d" />);
    expect(html).toContain('<a href="/dashboard/vault">Night Drive</a>');
  });

  it('tells a creator with nothing yet what to do first: upload, and create where the server can', () => {
    const withoutCreate = render(<AnalyticsOverview analytics={EMPTY} period="all" />);
    expect(withoutCreate).toContain('Nothing to count yet');
    expect(withoutCreate).toContain('<a href="/dashboard/upload">Upload your first work</a>');
    expect(withoutCreate).not.toContain('/dashboard/create');
    const withCreate = render(<AnalyticsOverview analytics={EMPTY} period="30d" canCreate />);
    expect(withCreate).toContain('Nothing in this period');
    expect(withCreate).toContain('<a href="/dashboard/create">create a song</a>');
    expect(render(<AnalyticsOverview analytics={CREATOR} period="90d" />)).not.toContain('Upload your first work');
  });

  it('reads the signed-in creator’s overview from the period’s query', () => {
    const html = render(<AnalyticsPanel signedIn />, [[[...ANALYTICS_KEY, '90d'], CREATOR], [CAPABILITIES_KEY, CAPABILITIES_ZERO_CONFIG_FIXTURE]]);
    expect(html).toMatch(/<dt>Content<\/dt><dd>3<\/dd>/);
    expect(html).not.toContain('Demo figures');
  });
});
