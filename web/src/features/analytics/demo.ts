// The figures a visitor (signed out) sees on the analytics tab: made up, the same for everyone, and
// always shown under a "Demo figures" label. The spec's 83 % success rate belongs here alone; a
// creator's own overview shows only what the server counted.
import type { Analytics } from '../../../../domain/contracts/analytics';

/** The spec's demo success rate (checks cleared), shown to visitors only. */
export const DEMO_SUCCESS_RATE = 83;

const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

export const DEMO_ANALYTICS: Analytics = {
  period: '12m',
  bucket: 'month',
  from: '2025-12-01T00:00:00.000Z',
  to: '2026-11-29T00:00:00.000Z',
  totalContent: 24,
  contentByType: { music: 18, video: 3, image: 2, text: 1 },
  contentByStatus: [
    { status: 'registered', count: 20 },
    { status: 'processing', count: 3 },
    { status: 'failed', count: 1 },
  ],
  contentByTrackStatus: [
    { status: 'in_vault', count: 20 },
    { status: 'mastered', count: 3 },
    { status: 'failed', count: 1 },
  ],
  copyrightStatus: { registered: 20, pending: 3, failed: 1 },
  checksByOutcome: [
    { outcome: 'cleared', count: 20 },
    { outcome: 'needs_review', count: 2 },
    { outcome: 'conflict', count: 1 },
    { outcome: 'not_checked', count: 1 },
  ],
  tokenTransactions: { earned: 620, spent: 410, balance: 210, held: 0 },
  tokensOverTime: months.map((bucket, i) => ({ bucket, earned: [100, 150, 80, 120, 90, 80][i]!, spent: [60, 70, 90, 55, 75, 60][i]!, balance: [40, 120, 110, 175, 190, 210][i]! })),
  royalties: {
    payable: {
      total: 48_250,
      units: 1_210_000,
      byMonth: months.map((month, i) => ({ month, amount: [5_200, 6_800, 7_400, 8_900, 9_650, 10_300][i]!, units: [130_000, 170_000, 185_000, 222_000, 241_000, 262_000][i]! })),
      byStore: [
        { store: 'spotify', storeName: 'Spotify', amount: 26_400, units: 780_000 },
        { store: 'apple_music', storeName: 'Apple Music', amount: 12_100, units: 230_000 },
        { store: 'youtube_music', storeName: 'YouTube Music', amount: 6_050, units: 150_000 },
        { store: 'deezer', storeName: 'Deezer', amount: 3_700, units: 50_000 },
      ],
      byTerritory: [
        { territory: 'US', amount: 19_800, units: 480_000 },
        { territory: 'GB', amount: 8_900, units: 210_000 },
        { territory: 'DE', amount: 7_300, units: 190_000 },
        { territory: 'BR', amount: 4_150, units: 160_000 },
        { territory: 'JP', amount: 8_100, units: 170_000 },
      ],
    },
    estimates: { estimate: true, total: 3_400, units: 90_000, byMonth: [{ month: '2026-11', amount: 3_400, units: 90_000 }], byStore: [{ store: 'tidal', storeName: 'TIDAL', amount: 3_400, units: 90_000 }], byTerritory: [{ territory: 'US', amount: 3_400, units: 90_000 }] },
    contractEarnings: months.map((bucket, i) => ({ bucket, amount: [5_900, 7_300, 8_100, 9_600, 10_400, 11_200][i]! })),
  },
  payouts: { paid: 41_000, pending: 11_500, runs: 6, running: 0 },
  licenseSales: { count: 9, amountCents: 22_500, tokenAmountCents: 5_000, byBucket: months.map((bucket, i) => ({ bucket, count: [1, 2, 1, 2, 1, 2][i]!, amountCents: [2_500, 5_000, 2_500, 5_000, 2_500, 5_000][i]! })) },
  topTracks: {
    byEarnings: [
      { contentId: 'demo-1', title: 'Harbour Lights', amount: 18_200 },
      { contentId: 'demo-2', title: 'Night Drive', amount: 12_900 },
      { contentId: 'demo-3', title: 'Paper Comet', amount: 8_400 },
    ],
    byLicenseSales: [
      { contentId: 'demo-2', title: 'Night Drive', count: 5, amountCents: 12_500 },
      { contentId: 'demo-1', title: 'Harbour Lights', count: 4, amountCents: 10_000 },
    ],
  },
  recentActivity: [
    { area: 'payouts', title: 'Harbour Lights', detail: 'Payout of $96.50 paid (scheduled)', at: '2026-11-28T09:00:00.000Z' },
    { area: 'licenses', title: 'Night Drive', detail: 'commercial license issued: $25.00', at: '2026-11-27T15:30:00.000Z' },
    { area: 'vault', title: 'Paper Comet', detail: 'Registered: In the vault', at: '2026-11-26T11:12:00.000Z' },
  ],
};
