// The royalty breakdown as rendered: lines from the creator's own uploads marked self-reported and
// said to be an estimate, and the partner's money split into what its funds released and what
// stays unreconciled (with the creator's share).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DISTRIBUTION_ROYALTIES_SEGMENT, DISTRIBUTIONS_KEY } from '../../../lib/query-keys';
import { RoyaltyBreakdownTable } from './royalty-breakdown';

function render(royalties: object): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData([...DISTRIBUTIONS_KEY, 'd1', DISTRIBUTION_ROYALTIES_SEGMENT], royalties);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <RoyaltyBreakdownTable distributionId="d1" />
    </QueryClientProvider>,
  );
}

describe('royalty breakdown', () => {
  it('marks self-reported lines and says they are never paid; shows the partner money released and unreconciled', () => {
    const html = render({
      distributionId: 'd1',
      totalAmount: 100_002_000,
      totalStreams: 1001,
      selfReportedAmount: 100_000_000,
      payableAmount: 2000,
      releasedAmount: 500,
      unreconciledAmount: 1500,
      unreconciledShare: 1275,
      breakdown: [
        { store: 'spotify', storeName: 'Spotify', amount: 100_000_000, streams: 1, selfReported: true },
        { store: 'spotify', storeName: 'Spotify', amount: 2000, streams: 1000, selfReported: false },
      ],
    });
    expect(html.match(/Self-reported/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('never becomes pending earnings, a payout or tokens');
    expect(html).toContain('Reported by the delivery partner: $20.00, of which $5.00 was paid by the partner');
    expect(html).toContain('$15.00 is unreconciled: the partner has not paid it yet (your share: $12.75)');
  });
});
