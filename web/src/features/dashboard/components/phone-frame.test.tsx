// What the dashboard's frame gives a phone: a menu button before the brand that says whether the
// drawer is open, pricing plans in the account menu instead of the header, and a drawer whose rail
// names every section, analytics and the developer API among them (the header has no room for them).
import { describe, expect, it } from 'vitest';
import { TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { renderWithQueries } from '../../../lib/test-render';
import { PRICING_FIXTURE } from '../../../lib/tokens/pricing.fixture';
import { DashboardHeader } from './dashboard-header';
import { LeftRail } from './left-rail';

const user = { id: 'u1', username: 'ada', tokenBalance: 50, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z', termsAccepted: true };

function header(menu?: { open: boolean; controls: string; buttonId: string; onOpen(): void }): string {
  return renderWithQueries(<DashboardHeader user={user} onSelectTab={() => undefined} menu={menu} />, [[TOKEN_PRICING_KEY, PRICING_FIXTURE]], { router: true });
}

describe('the dashboard frame on a phone', () => {
  it('puts a menu button before the brand, saying whether the drawer is open, and takes pricing plans out of the header', () => {
    const closed = header({ open: false, controls: 'drawer', buttonId: 'menu-button', onOpen: () => undefined });
    expect(closed).toMatch(/aria-label="Open menu"[^>]*aria-expanded="false"|aria-expanded="false"[^>]*aria-label="Open menu"/);
    expect(closed.indexOf('Open menu')).toBeLessThan(closed.indexOf('GOOSE home'));
    expect(closed).not.toContain('aria-label="Pricing plans"');
    const open = header({ open: true, controls: 'drawer', buttonId: 'menu-button', onOpen: () => undefined });
    expect(open).toContain('aria-controls="drawer"');
    expect(open).toMatch(/aria-expanded="true"/);
  });

  it('keeps the desktop header as it was: no menu button, the pricing plans button in place', () => {
    const html = header();
    expect(html).not.toContain('Open menu');
    expect(html).toContain('aria-label="Pricing plans"');
  });

  it("names every section in the drawer's rail, analytics and the developer API among them; the desktop rail has neither", () => {
    const drawer = renderWithQueries(<LeftRail activeTab="vault" onSelectTab={() => undefined} labelled />, []);
    for (const name of ['Get started', 'Vault', 'Support', 'FAQ', 'Earnings &amp; Analytics', 'Developer API', 'Rights Registry', 'Dispute Management']) {
      expect(drawer).toContain(`>${name}<`);
    }
    const rail = renderWithQueries(<LeftRail activeTab="vault" onSelectTab={() => undefined} />, []);
    expect(rail).not.toContain('Developer API');
    expect(rail).not.toContain('>Vault<');
  });
});
