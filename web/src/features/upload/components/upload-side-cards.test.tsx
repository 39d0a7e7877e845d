// What the upload tab's side cards claim about the steps after an upload and what they cost,
// read from their HTML.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { PRICING_FIXTURE } from '../../tokens/pricing.fixture';
import { UploadSideCards } from './upload-side-cards';

const user = { id: 'u1', username: 'ada', tokenBalance: 50, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z' };

function render(withPricing: boolean): string {
  const queryClient = new QueryClient();
  if (withPricing) queryClient.setQueryData(TOKEN_PRICING_KEY, PRICING_FIXTURE);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <UploadSideCards user={user} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** The Token Usage rows: step → what it costs. */
function priceRows(html: string): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const [, step, price] of html.matchAll(/<li(?: data-service="[^"]+")?><span>([^<]+)<\/span><span class="price-list__(?:free|price)">([^<]+)<\/span><\/li>/g)) rows[step!] = price!;
  return rows;
}

describe('upload side cards', () => {
  it('offers mastering, the copyright check, XRPL registration and royalty contracts as available', () => {
    const html = render(true);
    const later = [...html.matchAll(/<li class="next-steps__later">.*?<strong>([^<]+)<\/strong>/g)].map((m) => m[1]);
    expect(later).toEqual([]);
    expect(html).toContain('royalty contract from the Smart Contracts tab');
    expect(html).not.toMatch(/(Mastering|copyright oracle|XRPL registration|Royalty contracts) (is|are) not available yet/i);
    expect(html).not.toContain('not built yet');
  });

  it('shows the server\'s price list in Token Usage, not the old static figures, and an enabled Fix Tokens', () => {
    const html = render(true);
    expect(priceRows(html)).toEqual({
      Uploading: 'Free',
      'Mastering previews': 'Free',
      'The copyright check': 'Free',
      'AI music generation': '10.00 tokens',
      'Professional mastering': '5.00 tokens',
      'Copyright registration': '25.00 tokens',
      'Distribution setup (per release per year)': '14.99 tokens',
    });
    expect(html).not.toContain('Total');
    expect(html).toMatch(/<button[^>]*aria-label="Fix Tokens"(?![^>]*disabled)/);
  });

  it('shows no figures until the price list has answered', () => {
    expect(priceRows(render(false))).toEqual({});
    expect(render(false)).toContain('Loading prices');
  });
});
