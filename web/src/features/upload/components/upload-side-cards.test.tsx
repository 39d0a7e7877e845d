// What the upload tab's side cards claim about the steps after an upload and what they cost,
// read from their HTML.
import { renderWithQueries } from '../../../lib/test-render';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import type { CapabilityReport } from '../../../lib/capabilities';
import { CAPABILITIES_KEY, TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { PRICING_FIXTURE } from '../../../lib/tokens/pricing.fixture';
import { UploadSideCards } from './upload-side-cards';

const user = { id: 'u1', username: 'ada', tokenBalance: 50, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z', termsAccepted: true };

function render(withPricing: boolean, capabilities: CapabilityReport = CAPABILITIES_ZERO_CONFIG_FIXTURE): string {
  return renderWithQueries(<UploadSideCards user={user} />, [[CAPABILITIES_KEY, capabilities], withPricing && [TOKEN_PRICING_KEY, PRICING_FIXTURE]]);
}

/** The Token Usage rows: step → what it costs (or that this server does not do it). */
function priceRows(html: string): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const [, step, price] of html.matchAll(/<li(?: data-service="[^"]+")?(?: data-available="false")?><span>([^<]+)<\/span><span class="price-list__(?:free|price|off)">([^<]+)<\/span>/g)) rows[step!] = price!;
  return rows;
}

describe('upload side cards', () => {
  it('offers mastering, the copyright check, registration and royalty contracts, the registration as signed and waiting without a ledger', () => {
    const html = render(true);
    expect(html).toContain('royalty contract from the Smart Contracts tab');
    expect(html).toContain(`Cleared work can get a signed XRP Ledger registration and a certificate. ${CAPABILITIES_ZERO_CONFIG_FIXTURE['ledger-submission'].reason}`);
    expect(html).not.toContain('registered on the XRP Ledger');
    expect(html).not.toMatch(/(Mastering|copyright oracle|XRPL registration|Royalty contracts) (is|are) not available yet/i);
    expect(html).not.toContain('not built yet');
  });

  it('says cleared work is registered on the XRP Ledger where the server submits to one', () => {
    const html = render(true, CAPABILITIES_FULL_FIXTURE);
    expect(html).toContain('Cleared work can be registered on the XRP Ledger, with a signed certificate.');
    expect(html).toContain('cleared work can then be registered on the XRP Ledger.');
  });

  it('shows the server\'s price list in Token Usage, not the old static figures, no price for what this server does not do, and an enabled Fix Tokens', () => {
    const html = render(true);
    expect(priceRows(html)).toEqual({
      Uploading: 'Free',
      'Mastering previews': 'Free',
      'The copyright check': 'Free',
      'AI music generation': '10.00 tokens',
      'Professional mastering': '5.00 tokens',
      'Copyright registration': '25.00 tokens',
      'Distribution setup (per release per year)': 'Not available on this server',
    });
    expect(html).not.toContain('Total');
    expect(html).toMatch(/<button[^>]*aria-label="Fix Tokens"(?![^>]*disabled)/);
  });

  it('shows no figures until the price list has answered', () => {
    expect(priceRows(render(false))).toEqual({});
    expect(render(false)).toContain('Loading prices');
  });
});
