// What the XRP purchase card tells a user, read from its HTML: the card tab only opens the
// provider (tokens come when the XRP arrives), and the transfer tab says whether XRP arriving at
// the deposit address is credited on this server, in plain words.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { XRP_PRICING_KEY, XRP_QR_CODE_KEY, XRP_WALLET_INFO_KEY } from '../../../lib/query-keys';
import type { XrpWalletInfo } from '../api/xrp';
import { XrpPurchaseCard, XrpTransferTab } from './xrp-purchase-card';

const ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

function render(element: ReactElement, walletInfo?: XrpWalletInfo): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(XRP_PRICING_KEY, { pricing: { xrpAmount: 19.98, usdAmount: 49.95, rate: 2.5, rateSource: 'XRP_USD_RATE', rateAt: '2026-01-01T00:00:00.000Z' } });
  if (walletInfo) queryClient.setQueryData(XRP_WALLET_INFO_KEY, walletInfo);
  queryClient.setQueryData(XRP_QR_CODE_KEY, { qrCodeDataUrl: 'data:image/png;base64,AA==', paymentUri: `ripple:${ADDRESS}?amount=19.98` });
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{element}</ToastProvider>
    </QueryClientProvider>,
  );
}

const walletInfo = (deposits: XrpWalletInfo['deposits']): XrpWalletInfo => ({ walletAddress: ADDRESS, requiredAmount: 19.98, funded: false, balanceXrp: 0, deposits });

describe('XRP purchase card', () => {
  it('says the card button only opens the provider, and tokens come when the XRP arrives at the deposit address', () => {
    const html = render(<XrpPurchaseCard />);
    expect(html).toContain('This only opens the card provider&#x27;s page');
    expect(html).toContain('tokens are credited only when the XRP arrives at your deposit address');
    expect(html).toContain('Open the card provider');
    expect(html).not.toContain('Buy XRP by card');
  });

  it('says plainly when XRP sent to the deposit address will not be credited on this server', () => {
    const html = render(<XrpTransferTab />, walletInfo({ credited: false, note: 'XRP sent to this address will not be credited as tokens on this server.' }));
    expect(html).toContain('aria-label="XRP deposits are not credited"');
    expect(html).toContain('XRP sent to this address will not be credited as tokens on this server.');
    expect(html).not.toMatch(/XRPL_URL|XRP_USD_RATE/);
  });

  it('says at what rate XRP arriving at the deposit address is credited when it is', () => {
    const note = 'XRP that arrives at this address is credited as tokens once the XRP Ledger validates the payment: 2.5 tokens per XRP, in whole cents rounded down.';
    const html = render(<XrpTransferTab />, walletInfo({ credited: true, note }));
    expect(html).toContain('aria-label="XRP deposits are credited"');
    expect(html).toContain(note);
  });
});
