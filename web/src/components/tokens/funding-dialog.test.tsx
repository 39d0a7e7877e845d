// What the XRP Funding Required dialog offers, read from its HTML: buying the XRP by card only where
// the server has a card on-ramp (never a "Coming Soon"), and the account's ledger network with a
// warning off mainnet.
import { renderWithQueries } from '../../lib/test-render';
import { describe, expect, it } from 'vitest';
import type { CapabilityReport } from '../../../../domain/platform/capabilities';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../lib/capabilities.fixture';
import { CAPABILITIES_KEY, XRP_QR_CODE_KEY, XRP_WALLET_INFO_KEY } from '../../lib/query-keys';
import type { XrpWalletInfo } from '../../lib/tokens/api/xrp';
import { FundingBody } from './funding-dialog';

const ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const noop = () => undefined;

function render(capabilities: CapabilityReport, network: XrpWalletInfo['network'] = 'testnet'): string {
  const wallet: XrpWalletInfo = { walletAddress: ADDRESS, network, requiredAmount: null, funded: null, balanceXrp: null, ledger: 'not configured', deposits: { credited: false, note: '' } };
  return renderWithQueries(<FundingBody funding={{ xrpAmount: '19.98', usdAmount: '49.95' }} onHide={noop} />, [
    [CAPABILITIES_KEY, capabilities],
    [XRP_WALLET_INFO_KEY, wallet],
    [XRP_QR_CODE_KEY, { qrCodeDataUrl: 'data:image/png;base64,AA==', paymentUri: `ripple:${ADDRESS}`, amount: null }],
  ]);
}

describe('XRP funding dialog', () => {
  it('shows the amounts, the creator’s XRPL address and a direct funding link', () => {
    const html = render(CAPABILITIES_ZERO_CONFIG_FIXTURE);
    expect(html).toContain('<strong>19.98 XRP</strong>');
    expect(html).toContain('<strong>$49.95</strong>');
    expect(html).toContain(`href="ripple:${ADDRESS}"`);
  });

  it('without a card on-ramp says card buying is not offered here, never "Coming Soon"', () => {
    const html = render(CAPABILITIES_ZERO_CONFIG_FIXTURE);
    expect(html).toContain('Buying XRP by card is not offered on this server; fund your XRP wallet from an exchange.');
    expect(html).not.toMatch(/Coming Soon/i);
    expect(html).not.toContain('Open the card provider');
    expect(html).not.toMatch(/XRP_ONRAMP_URL/);
  });

  it('with a card on-ramp offers the provider’s page for the XRP the contract needs', () => {
    const html = render(CAPABILITIES_FULL_FIXTURE);
    expect(html).toContain('Open the card provider');
    expect(html).toContain('to buy 19.98 XRP into your XRPL account');
    expect(html).not.toMatch(/Coming Soon|not offered on this server/i);
  });

  it('names the account’s network and warns that a testnet account takes no real XRP', () => {
    const testnet = render(CAPABILITIES_ZERO_CONFIG_FIXTURE);
    expect(testnet).toContain(ADDRESS);
    expect(testnet).toContain('This is an XRP Ledger testnet address: do not send real XRP to it.');
    const mainnet = render(CAPABILITIES_FULL_FIXTURE, 'mainnet');
    expect(mainnet).toContain('XRP Ledger mainnet');
    expect(mainnet).not.toContain('do not send real XRP');
  });
});
