// What the XRP purchase card tells a user, read from its HTML: where XRP sent here is not turned
// into tokens it sells nothing (no quote, no address to pay, the plain reason); where it is, the
// card tab (only with an on-ramp) only opens the provider, and the transfer tab shows the address
// with its ledger network, warning off mainnet that no real XRP may be sent.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CapabilityReport } from '../../../../../domain/platform/capabilities';
import { ToastProvider } from '../../../components/ui/toast';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import { CAPABILITIES_KEY, XRP_PRICING_KEY, XRP_QR_CODE_KEY, XRP_WALLET_INFO_KEY } from '../../../lib/query-keys';
import type { XrpWalletInfo } from '../../../lib/tokens/api/xrp';
import { XrpPurchaseCard, XrpTransferTab } from './xrp-purchase-card';

const ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const CREDITED = 'XRP that arrives at this address is credited as tokens once the XRP Ledger validates the payment: 2.5 tokens per XRP, in whole cents rounded down.';

const walletInfo = (overrides: Partial<XrpWalletInfo> = {}): XrpWalletInfo => ({
  walletAddress: ADDRESS,
  network: 'testnet',
  requiredAmount: 19.98,
  funded: false,
  balanceXrp: 0,
  ledger: 'connected',
  deposits: { credited: true, note: CREDITED },
  ...overrides,
});

function render(element: ReactElement, { capabilities, wallet = walletInfo() }: { capabilities: CapabilityReport; wallet?: XrpWalletInfo }): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(CAPABILITIES_KEY, capabilities);
  queryClient.setQueryData(XRP_PRICING_KEY, { pricing: { xrpAmount: 19.98, usdAmount: 49.95, rate: 2.5, rateSource: 'XRP_USD_RATE', rateAt: '2026-01-01T00:00:00.000Z' } });
  queryClient.setQueryData(XRP_WALLET_INFO_KEY, wallet);
  queryClient.setQueryData(XRP_QR_CODE_KEY, { qrCodeDataUrl: 'data:image/png;base64,AA==', paymentUri: `ripple:${ADDRESS}?amount=19.98`, amount: 19.98 });
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{element}</ToastProvider>
    </QueryClientProvider>,
  );
}

const withCapabilities = (changes: Partial<Record<keyof CapabilityReport, boolean>>): CapabilityReport =>
  Object.fromEntries(
    Object.entries(CAPABILITIES_FULL_FIXTURE).map(([id, capability]) =>
      changes[id as keyof CapabilityReport] === false ? [id, { ...capability, available: false, reason: CAPABILITIES_ZERO_CONFIG_FIXTURE[id as keyof CapabilityReport].reason }] : [id, capability],
    ),
  ) as CapabilityReport;

describe('XRP purchase card', () => {
  it('sells nothing where XRP deposits are not credited: no quote, no amount to send, no address, and says so plainly', () => {
    const html = render(<XrpPurchaseCard />, { capabilities: CAPABILITIES_ZERO_CONFIG_FIXTURE });
    expect(html).toContain('aria-label="XRP deposits are not credited"');
    expect(html).toContain('XRP sent to this server is not turned into tokens: do not send XRP to buy tokens here.');
    expect(html).not.toContain('Buy with XRP');
    expect(html).not.toContain('19.98');
    expect(html).not.toContain('Send XRP to');
    expect(html).not.toContain(ADDRESS);
    expect(html).not.toContain('Open the card provider');
    expect(html).not.toMatch(/XRPL_URL|XRP_USD_RATE|XRP_ONRAMP_URL/);
  });

  it('where deposits are credited and an on-ramp exists: the card tab only opens the provider, quoting the package in XRP at the server’s rate', () => {
    const html = render(<XrpPurchaseCard />, { capabilities: CAPABILITIES_FULL_FIXTURE });
    expect(html).toContain('Buy with XRP');
    expect(html).toContain('This only opens the card provider&#x27;s page');
    expect(html).toContain('tokens are credited only when the XRP arrives at your deposit address');
    expect(html).toContain('Open the card provider');
    expect(html).toContain('19.98 XRP</strong> for $49.95');
    expect(html).toContain('this server&#x27;s rate since');
    expect(html).not.toMatch(/XRP_USD_RATE/);
  });

  it('without an on-ramp offers no card tab: the transfer is the only way, and the on-ramp’s absence is said', () => {
    const html = render(<XrpPurchaseCard />, { capabilities: withCapabilities({ 'card-onramp': false }) });
    expect(html).not.toContain('Credit Card');
    expect(html).not.toContain('Open the card provider');
    expect(html).toContain('Send XRP to');
    expect(html).toContain(ADDRESS);
    expect(html).toContain('Buying XRP by card is not offered on this server; fund your XRP wallet from an exchange.');
  });

  it('names the deposit address’s network, and warns off mainnet that no real XRP may be sent to it', () => {
    const testnet = render(<XrpTransferTab />, { capabilities: CAPABILITIES_FULL_FIXTURE });
    expect(testnet).toContain('XRP Ledger testnet');
    expect(testnet).toContain('This is an XRP Ledger testnet address: do not send real XRP to it.');
    const devnet = render(<XrpTransferTab />, { capabilities: CAPABILITIES_FULL_FIXTURE, wallet: walletInfo({ network: 'devnet' }) });
    expect(devnet).toContain('This is an XRP Ledger devnet address: do not send real XRP to it.');
    const mainnet = render(<XrpTransferTab />, { capabilities: CAPABILITIES_FULL_FIXTURE, wallet: walletInfo({ network: 'mainnet' }) });
    expect(mainnet).toContain('XRP Ledger mainnet');
    expect(mainnet).not.toContain('do not send real XRP');
  });

  it('says at what rate XRP arriving at the deposit address is credited', () => {
    const html = render(<XrpTransferTab />, { capabilities: CAPABILITIES_FULL_FIXTURE });
    expect(html).toContain('aria-label="XRP deposits are credited"');
    expect(html).toContain(CREDITED);
    expect(html).toContain('Required amount: <strong>19.98 XRP</strong>');
  });
});
