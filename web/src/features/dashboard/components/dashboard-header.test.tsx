// What the dashboard's frame promises: the header shows a new creator's welcome bonus as their
// balance (with Generate Wallet beside it, not in its place), the account menu lists its screens
// (Settings among them, a page of its own), the notification bell shows for a signed-in user only,
// and the rail's tooltips promise nothing the server does not do.
import { renderWithQueries } from '../../../lib/test-render';
import { describe, expect, it } from 'vitest';
import type { BalanceResponse } from '../../../../../domain/contracts/tokens';
import { TOKEN_BALANCE_KEY, TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { PRICING_FIXTURE } from '../../../lib/tokens/pricing.fixture';
import { ACCOUNT_MENU_LINKS, DashboardHeader } from './dashboard-header';
import { LeftRail } from './left-rail';

const user = { id: 'u1', username: 'ada', tokenBalance: 50, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z', termsAccepted: true };

function render(balance: BalanceResponse | null): string {
  return renderWithQueries(
    <>
      <DashboardHeader user={user} onSelectTab={() => undefined} />
      <LeftRail activeTab="upload" onSelectTab={() => undefined} />
    </>,
    [[TOKEN_PRICING_KEY, PRICING_FIXTURE], balance && [TOKEN_BALANCE_KEY, balance]],
    { router: true },
  );
}

describe('dashboard header and rail', () => {
  it('shows a new creator the 50-token welcome bonus before they have a wallet, with Generate Wallet beside it', () => {
    const html = render({ balance: 50, held: 0, ledgerBalance: 50, wallet: null, subscription: null });
    expect(html).toContain('aria-label="Token balance: 50.00 tokens"');
    expect(html).toContain('>Generate Wallet<');
  });

  it('offers no Generate Wallet once the wallet exists', () => {
    const html = render({ balance: 50, held: 0, ledgerBalance: 50, wallet: '0x0000000000000000000000000000000000000001', subscription: null });
    expect(html).toContain('aria-label="Token balance: 50.00 tokens"');
    expect(html).not.toContain('Generate Wallet');
  });

  it('lists in the account menu the screens that exist, Settings opening its own page', () => {
    expect(ACCOUNT_MENU_LINKS.map((link) => link.label)).toEqual(['My Distributions', 'Smart Contracts', 'Earnings & Analytics', 'Settings']);
    expect(ACCOUNT_MENU_LINKS.find((link) => link.label === 'Settings')).toMatchObject({ path: '/settings' });
  });

  it('shows the notification bell the route gives to a signed-in user only', () => {
    const bell = <button aria-label="Notifications, 2 unread" />;
    expect(renderWithQueries(<DashboardHeader user={user} onSelectTab={() => undefined} notifications={bell} />, [[TOKEN_PRICING_KEY, PRICING_FIXTURE]], { router: true })).toContain('aria-label="Notifications, 2 unread"');
    expect(renderWithQueries(<DashboardHeader user={null} onSelectTab={() => undefined} notifications={bell} />, [], { router: true })).not.toContain('Notifications');
  });

  it('promises nothing in the rail\'s tooltips', () => {
    const html = render(null);
    expect(html).toContain('data-pr-tooltip="Distributions"');
    expect(html).not.toMatch(/coming soon|payout platform/i);
  });
});
