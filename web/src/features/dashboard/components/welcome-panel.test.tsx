// What the signed-out welcome page claims works, read from its rendered HTML.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { PRICING_FIXTURE } from '../../tokens/pricing.fixture';
import { WelcomePanel } from './welcome-panel';

function render(): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(TOKEN_PRICING_KEY, PRICING_FIXTURE);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <WelcomePanel user={null} onSelectTab={() => undefined} />
    </QueryClientProvider>,
  );
}

/** Each journey step's title and its availability tag. */
function journey(html: string): Record<string, string> {
  const steps: Record<string, string> = {};
  for (const [, title, tag] of html.matchAll(/<h3>([^<]+)<\/h3>.*?class="p-tag-value"[^>]*>([^<]+)</g)) steps[title!] = tag!;
  return steps;
}

describe('welcome panel', () => {
  it('says mastering, the copyright check, XRPL registration, the vault, royalty contracts, licensing and distribution work', () => {
    const html = render();
    expect(journey(html)).toEqual({
      Upload: 'Available now',
      Master: 'Available now',
      'Copyright check': 'Available now',
      'Register on XRPL': 'Available now',
      Vault: 'Available now',
      'Royalty contracts': 'Available now',
      Licensing: 'Available now',
      Distribute: 'Available now',
    });
    expect(html).not.toMatch(/comes? later|not available yet/i);
    expect(html).toContain('public rights registry');
  });

  it('prices the steps from the server\'s list: uploading and the check free, mastering 5, registration 25', () => {
    const html = render();
    expect(html).toMatch(/<span>Uploading<\/span><span class="price-list__free">Free</);
    expect(html).toMatch(/<span>The copyright check<\/span><span class="price-list__free">Free</);
    expect(html).toMatch(/<span>Professional mastering<\/span><span class="price-list__price">5.00 tokens</);
    expect(html).toMatch(/<span>Copyright registration<\/span><span class="price-list__price">25.00 tokens</);
  });
});
