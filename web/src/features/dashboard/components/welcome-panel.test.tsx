// What the welcome page claims works, read from its rendered HTML, on a zero-configuration server
// and on one with every setting given: each step's tag and words follow GET /api/capabilities.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import type { CapabilityReport } from '../../../lib/capabilities';
import { CAPABILITIES_KEY, TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { PRICING_FIXTURE } from '../../../lib/tokens/pricing.fixture';
import { WelcomePanel } from './welcome-panel';

function render(capabilities: CapabilityReport | null = CAPABILITIES_ZERO_CONFIG_FIXTURE): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(TOKEN_PRICING_KEY, PRICING_FIXTURE);
  if (capabilities) queryClient.setQueryData(CAPABILITIES_KEY, capabilities);
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
  it('on a zero-configuration server: distribution is a sandbox, registrations and contracts wait for the ledger', () => {
    const html = render();
    expect(journey(html)).toEqual({
      Upload: 'Available now',
      Master: 'Available now',
      'Copyright check': 'Available now',
      'Register on XRPL': 'Signed; not sent to the ledger here',
      Vault: 'Available now',
      'Royalty contracts': 'Available; not recorded on the ledger here',
      Licensing: 'Available now',
      Distribute: 'Sandbox only: no store receives it',
    });
    expect(html).toContain(CAPABILITIES_ZERO_CONFIG_FIXTURE['delivery-partner'].reason);
    expect(html).toContain(CAPABILITIES_ZERO_CONFIG_FIXTURE['ledger-submission'].reason);
    expect(html).toContain(CAPABILITIES_ZERO_CONFIG_FIXTURE['contract-anchors'].reason);
    expect(html).not.toContain('is registered on the XRP Ledger');
    expect(html).not.toContain('$49.95');
    expect(html).not.toContain('releases to streaming platforms');
    expect(html).toContain('releases checked in a sandbox (no store receives them on this server)');
    expect(html).toContain('paid by tokens;');
    expect(html).toContain('public rights registry');
  });

  it('on a fully configured server: every step is available, registered on the ledger and released to stores', () => {
    const html = render(CAPABILITIES_FULL_FIXTURE);
    expect(new Set(Object.values(journey(html)))).toEqual(new Set(['Available now']));
    expect(html).toContain('Cleared work is registered on the XRP Ledger');
    expect(html).toContain('recorded on the XRP Ledger once, for $49.95 paid in XRP');
    expect(html).toContain('releases to streaming platforms');
    expect(html).toContain('paid by tokens, card or XRPL escrow');
  });

  it('offers nothing as available before the server has said what it can do', () => {
    const html = render(null);
    expect(html).not.toContain('Available now');
    expect(html).not.toContain('releases to streaming platforms');
  });

  it('prices the steps from the server\'s list: uploading and the check free, mastering 5, registration 25', () => {
    const html = render();
    expect(html).toMatch(/<span>Uploading<\/span><span class="price-list__free">Free</);
    expect(html).toMatch(/<span>The copyright check<\/span><span class="price-list__free">Free</);
    expect(html).toMatch(/<span>Professional mastering<\/span><span class="price-list__price">5.00 tokens</);
    expect(html).toMatch(/<span>Copyright registration<\/span><span class="price-list__price">25.00 tokens</);
  });
});
