// What the price list and the plans sell, read from their HTML on a zero-configuration server and
// on a fully configured one: a step, tier line or package whose capability is off is never quoted
// or sold as included, and Buy and Subscribe cannot be pressed without the means to pay.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CapabilityReport } from '../../../../../domain/platform/capabilities';
import { capabilityState } from '../../../lib/capabilities';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import { CAPABILITIES_KEY, TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { PRICING_FIXTURE, PRICING_FULL_FIXTURE } from '../../../lib/tokens/pricing.fixture';
import { SubscriptionTiers, TokenPackages } from './pricing-dialog';
import { ServicePriceList } from '../../../components/tokens/service-price-list';

const noop = () => undefined;

function render(element: ReactElement, capabilities: CapabilityReport, pricing = PRICING_FIXTURE): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(CAPABILITIES_KEY, capabilities);
  queryClient.setQueryData(TOKEN_PRICING_KEY, pricing);
  return renderToStaticMarkup(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>);
}

/** The HTML of one element found by an attribute, up to its closing tag (no nesting of the same tag inside). */
function elementWith(html: string, tag: string, attribute: string): string {
  const start = html.lastIndexOf(`<${tag}`, html.indexOf(attribute));
  return html.slice(start, html.indexOf(`</${tag}>`, start) + tag.length + 3);
}

/** The rendered card of a tier or package (its aria-label), from its opening to the next card. */
function cardOf(html: string, label: string): string {
  const start = html.indexOf(`aria-label="${label}"`);
  const next = html.indexOf('data-pc-name="card"', html.indexOf('data-pc-name="card"', start) + 1);
  return html.slice(start, next === -1 ? undefined : next);
}

describe('price list of the steps', () => {
  it('on a zero-configuration server quotes no step it cannot do: distribution is not available here, with the reason', () => {
    const html = render(<ServicePriceList />, CAPABILITIES_ZERO_CONFIG_FIXTURE);
    // The composer and synthesizer run on every server with its workflows: creation is quoted.
    expect(elementWith(html, 'li', 'data-service="ai-music-generation"')).toContain('10.00 tokens');
    const distribution = elementWith(html, 'li', 'data-service="distribution-setup"');
    expect(distribution).toContain('Not available on this server');
    expect(distribution).not.toContain('tokens');
    // Mastering runs on every server: it stays quoted.
    expect(elementWith(html, 'li', 'data-service="professional-mastering"')).toContain('5.00 tokens');
  });

  it('on a fully configured server quotes every step it can do', () => {
    const html = render(<ServicePriceList />, CAPABILITIES_FULL_FIXTURE, PRICING_FULL_FIXTURE);
    expect(elementWith(html, 'li', 'data-service="copyright-registration"')).toContain('25.00 tokens');
    expect(elementWith(html, 'li', 'data-service="distribution-setup"')).toContain('14.99 tokens');
    expect(elementWith(html, 'li', 'data-service="ai-music-generation"')).toContain('10.00 tokens');
  });
});

describe('subscription tiers', () => {
  it('strike through every line this server cannot honour, so Platinum does not sell registrations or the distribution fee as included', () => {
    const html = render(<SubscriptionTiers pricing={PRICING_FIXTURE} card={capabilityState(CAPABILITIES_ZERO_CONFIG_FIXTURE, 'card-payments')} currentTier={null} onSubscribe={noop} />, CAPABILITIES_ZERO_CONFIG_FIXTURE);
    const platinum = cardOf(html, 'Platinum subscription');
    expect(platinum).toContain('<i class="pi pi-check" aria-hidden="true"></i> Unlimited AI music prompts');
    for (const line of ['The yearly distribution fee of every release included', 'Unlimited copyright clearances and registrations on the XRP Ledger']) {
      expect(platinum).toContain(`<s>${line}</s> <span class="small">Not available on this server</span>`);
      expect(platinum).not.toContain(`<i class="pi pi-check" aria-hidden="true"></i> ${line}`);
    }
    expect(platinum).toContain('<i class="pi pi-check" aria-hidden="true"></i> 59.99 tokens every paid month');
    expect(html).not.toMatch(/150\+|Royalty vault/);
  });

  it('cannot be subscribed to without card payments, and says why in plain words', () => {
    const html = render(<SubscriptionTiers pricing={PRICING_FIXTURE} card={capabilityState(CAPABILITIES_ZERO_CONFIG_FIXTURE, 'card-payments')} currentTier={null} onSubscribe={noop} />, CAPABILITIES_ZERO_CONFIG_FIXTURE);
    expect(html).toContain('Card payments are not offered on this server; pay with tokens or XRP where offered.');
    for (const tier of ['Bronze', 'Silver', 'Gold', 'Platinum']) expect(elementWith(html, 'button', `aria-label="Subscribe to ${tier}"`)).toContain('disabled');
    expect(html).not.toMatch(/STRIPE_|not configured/);
  });

  it('with card payments and a ledger sells each tier with its lines, struck only where GOOSE does not offer it yet', () => {
    const html = render(<SubscriptionTiers pricing={PRICING_FULL_FIXTURE} card={capabilityState(CAPABILITIES_FULL_FIXTURE, 'card-payments')} currentTier="gold" onSubscribe={noop} />, CAPABILITIES_FULL_FIXTURE);
    const platinum = cardOf(html, 'Platinum subscription');
    expect(platinum).toContain('<i class="pi pi-check" aria-hidden="true"></i> The yearly distribution fee of every release included');
    expect(platinum).toContain('<i class="pi pi-check" aria-hidden="true"></i> Unlimited AI music prompts');
    expect(elementWith(html, 'button', 'aria-label="Subscribe to Platinum"')).not.toContain('disabled');
    expect(elementWith(html, 'button', 'aria-label="Subscribe to Gold"')).toContain('disabled');
    expect(html).not.toContain('Card payments are not offered');
  });
});

describe('token packages', () => {
  it('cannot be bought on a zero-configuration server: Buy and Pay with XRP are disabled, with each reason said once', () => {
    const html = render(<TokenPackages pricing={PRICING_FIXTURE} capabilities={CAPABILITIES_ZERO_CONFIG_FIXTURE} onBuy={noop} onPayWithXrp={noop} />, CAPABILITIES_ZERO_CONFIG_FIXTURE);
    for (const name of ['Starter', 'Pro', 'Premium']) expect(elementWith(html, 'button', `aria-label="Buy ${name}"`)).toContain('disabled');
    expect(elementWith(html, 'button', 'aria-label="Pay with XRP for XRP Pack"')).toContain('disabled');
    expect(html.split('Card payments are not offered on this server').length - 1).toBe(1);
    expect(html).toContain('XRP sent to this server is not turned into tokens');
  });

  it('can be bought where card payments and XRP deposits are on', () => {
    const html = render(<TokenPackages pricing={PRICING_FULL_FIXTURE} capabilities={CAPABILITIES_FULL_FIXTURE} onBuy={noop} onPayWithXrp={noop} />, CAPABILITIES_FULL_FIXTURE);
    for (const name of ['Starter', 'Pro', 'Premium']) expect(elementWith(html, 'button', `aria-label="Buy ${name}"`)).not.toContain('disabled');
    expect(elementWith(html, 'button', 'aria-label="Pay with XRP for XRP Pack"')).not.toContain('disabled');
    expect(html).not.toContain('not offered');
  });
});
