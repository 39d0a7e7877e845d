// What the Licensing Marketplace shows, read from its rendered HTML: the page for a
// visitor and for a signed-in user, the filters and their defaults, loading, count and empty
// states, a card's badges and price, the purchase rules on the button, the four detail tabs, the
// Purchase dialog, My licenses with certificates, rating and proof, and the owner's offers and sales.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import type { CapabilityReport } from '../../../../../domain/platform/capabilities';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import { CAPABILITIES_KEY, MARKETPLACE_KEY, MY_LICENSES_KEY } from '../../../lib/query-keys';
import { vaultItem } from '../../../lib/track/vault-item.fixture';
import { DEFAULT_FILTERS, marketplaceSearchParams } from '../labels';
import { marketplaceLicense, purchasedLicense, signedInUser } from '../licensing.fixture';
import { LicenseResults } from './browse-licenses';
import { LicenseCard } from './license-card';
import { OverviewTab, SmartContractTab, TermsTab, VerificationTab } from './license-details-dialog';
import { LicensingMarketplaceScreen } from './licensing-marketplace';
import { MarketplaceFiltersBar, SEARCH_PLACEHOLDER } from './marketplace-filters';
import { MyLicenseList } from './my-licenses-tab';
import { OfferList, SalesList } from './my-offers-tab';
import { OfferForm } from './offer-dialog';
import { purchaseOutcome, PurchaseForm, SignInToPurchase } from './purchase-dialog';

/** Rendered as on a fully configured server unless `capabilities` says otherwise. */
function render(node: ReactNode, { queryClient = new QueryClient(), url = '/licensing-marketplace', capabilities = CAPABILITIES_FULL_FIXTURE as CapabilityReport } = {}): string {
  queryClient.setQueryData(CAPABILITIES_KEY, capabilities);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={createStore()}>
        <ToastProvider>
          <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
        </ToastProvider>
      </JotaiProvider>
    </QueryClientProvider>,
  );
}

const noop = () => undefined;
const listed = [marketplaceLicense(), marketplaceLicense({ id: 'offer-2', workTitle: 'Harbour Lights', creator: 'carol' })];

function withListing(params: string, licenses = listed, total = licenses.length): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData([...MARKETPLACE_KEY, params], { licenses, total });
  return queryClient;
}

describe('licensing marketplace page', () => {
  it('shows a visitor the title, the filters and the listing, without the signed-in tabs', () => {
    const html = render(<LicensingMarketplaceScreen user={null} items={[]} />, { queryClient: withListing(marketplaceSearchParams(DEFAULT_FILTERS)) });
    expect(html).toContain('Licensing Marketplace');
    expect(html).toContain(`placeholder="${SEARCH_PLACEHOLDER}"`);
    expect(html).toContain('2 licenses available');
    expect(html).toContain('Smart contract protected');
    expect(html).toContain('Midnight Rain');
    expect(html).toContain('Harbour Lights');
    expect(html).not.toContain('My licenses');
  });

  it('gives a signed-in user the tabs Browse licenses, My licenses and My offers & sales', () => {
    const html = render(<LicensingMarketplaceScreen user={signedInUser()} items={[]} />, { queryClient: withListing(marketplaceSearchParams(DEFAULT_FILTERS)) });
    for (const tab of ['Browse licenses', 'My licenses', 'My offers &amp; sales']) expect(html).toContain(`>${tab}<`);
  });

  it('opens My licenses where Stripe Checkout returns (?tab=licenses) and says when the payment was cancelled', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(MY_LICENSES_KEY, [purchasedLicense()]);
    const html = render(<LicensingMarketplaceScreen user={signedInUser()} items={[]} />, { queryClient, url: '/licensing-marketplace?tab=licenses&license=license-1' });
    expect(html).toContain('Certificate PDF');
    const cancelled = render(<LicensingMarketplaceScreen user={signedInUser()} items={[]} />, { queryClient, url: '/licensing-marketplace?license=license-1&cancelled=1' });
    expect(cancelled).toContain('The card payment was cancelled');
  });

  it('lists only the work the registry linked (?workId=) and offers to show all', () => {
    const params = marketplaceSearchParams({ ...DEFAULT_FILTERS, workId: 'track-1' });
    const html = render(<LicensingMarketplaceScreen user={null} items={[]} />, { queryClient: withListing(params, [marketplaceLicense()]), url: '/licensing-marketplace?workId=track-1' });
    expect(html).toContain('1 license available');
    expect(html).toContain('Show all licenses');
    expect(html).not.toContain('Harbour Lights');
  });

  it('disables Purchase License on the signed-in owner’s own work', () => {
    const html = render(<LicensingMarketplaceScreen user={signedInUser({ username: 'alice' })} items={[]} />, {
      queryClient: withListing(marketplaceSearchParams(DEFAULT_FILTERS), [marketplaceLicense()]),
    });
    expect(html).toContain('This is your own work');
  });
});

describe('filters', () => {
  it('has the sort selector, both checkboxes on by default and the Advanced Filters toggle closed', () => {
    const html = render(<MarketplaceFiltersBar filters={DEFAULT_FILTERS} onChange={noop} />);
    expect(html).toContain('Most popular');
    expect(html).toContain('Verified rights only');
    expect(html).toContain('No active disputes');
    expect(html.match(/<input[^>]*type="checkbox"[^>]*checked=""/g)).toHaveLength(2);
    expect(html).toContain('Advanced Filters');
    expect(html).not.toContain('Price range');
  });

  it('opens content type, license type, scope, currency and the price range', () => {
    const html = render(<MarketplaceFiltersBar filters={{ ...DEFAULT_FILTERS, priceRange: [100, 2500] }} onChange={noop} initiallyAdvanced />);
    for (const label of ['Content type', 'License type', 'Scope', 'Currency']) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('Price range: 100 – 2,500');
    expect(html).toContain('p-slider');
  });
});

describe('results', () => {
  it('says Loading licenses... before the first answer and No licenses found on an empty one', () => {
    expect(render(<LicenseResults status="pending" data={undefined} viewer={null} onView={noop} onPurchase={noop} />)).toContain('Loading licenses...');
    const empty = render(<LicenseResults status="success" data={{ licenses: [], total: 0 }} viewer={null} onView={noop} onPurchase={noop} />);
    expect(empty).toContain('No licenses found');
    expect(empty).toContain('Try adjusting your search terms or filters');
  });

  it('pages through a listing larger than a page, from where this page starts', () => {
    const html = render(<LicenseResults status="success" data={{ licenses: listed, total: 26 }} viewer={null} offset={24} onPage={noop} onView={noop} onPurchase={noop} />);
    expect(html).toContain('26 licenses available');
    expect(html).toContain('Showing 25–26 of 26');
    expect(html).toMatch(/<button[^>]*aria-label="Previous"(?![^>]*disabled)/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Next"|<button[^>]*aria-label="Next"[^>]*disabled=""/);
  });

  it('says the listing failed, in the server’s words', () => {
    const html = render(<LicenseResults status="error" data={undefined} error={new Error('500: {"error":"Database unavailable"}')} viewer={null} onView={noop} onPurchase={noop} />);
    expect(html).toContain('Database unavailable');
  });
});

describe('license card', () => {
  it('shows the work, license, rating, sales, badges, royalty, terms, price with discount and payment badges', () => {
    const html = render(<LicenseCard license={marketplaceLicense()} blockedReason={null} onView={noop} onPurchase={noop} />);
    expect(html).toContain('Midnight Rain');
    expect(html).toContain('by alice');
    expect(html).toContain('Synchronization');
    expect(html).toContain('Extended');
    expect(html).toContain('4.3');
    expect(html).toContain('12 sales');
    expect(html).toContain('Verified');
    expect(html).toContain('Contract Active');
    expect(html).toContain('85% royalty · XRPL testnet');
    for (const term of ['Commercial', 'Distribution', 'Attribution']) expect(html).toContain(`>${term}<`);
    expect(html).not.toContain('>Derivatives<');
    expect(html).toContain('$49.99');
    expect(html).toContain('<s class="muted">$79.99</s>');
    expect(html).toContain('38% off');
    expect(html).toContain('>Card<');
    expect(html).toContain('>Tokens<');
    expect(html).not.toContain('>XRP<');
    expect(html).not.toMatch(/disputes?</);
    expect(html).toMatch(/<button[^>]*aria-label="Purchase License"(?![^>]*disabled)/);
  });

  it('shows no Card badge where this server takes no cards', () => {
    const html = render(<LicenseCard license={marketplaceLicense()} blockedReason={null} onView={noop} onPurchase={noop} />, { capabilities: CAPABILITIES_ZERO_CONFIG_FIXTURE });
    expect(html).not.toContain('>Card<');
    expect(html).toContain('>Tokens<');
  });

  it('shows the disputes badge and no Verified badge when so, and a disabled Purchase License with the reason', () => {
    const license = marketplaceLicense({
      verification: { ownershipVerified: false, rightsCleared: false, oracleScore: null, disputeCount: 2 },
      smartContract: { ...marketplaceLicense().smartContract, contractStatus: 'disputed' },
    });
    const html = render(<LicenseCard license={license} blockedReason="This work is disputed" onView={noop} onPurchase={noop} />);
    expect(html).toContain('2 disputes');
    expect(html).not.toContain('>Verified<');
    expect(html).toContain('Contract Disputed');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Purchase License"|<button[^>]*aria-label="Purchase License"[^>]*disabled=""/);
    expect(html).toContain('This work is disputed');
  });
});

describe('details tabs', () => {
  it('Overview, Terms, Smart Contract and Verification carry the listing’s fields', () => {
    const license = marketplaceLicense();
    const overview = render(<OverviewTab license={license} />);
    for (const fact of ['Work', 'Creator', 'License type', 'Scope', 'Territory', 'Duration']) expect(overview).toContain(`<dt>${fact}</dt>`);
    expect(overview).toContain('Worldwide');
    expect(overview).toMatch(/<dt>Payment methods<\/dt><dd>Card \(Stripe\), GOOSE tokens<\/dd>/);
    expect(render(<OverviewTab license={license} />, { capabilities: CAPABILITIES_ZERO_CONFIG_FIXTURE })).toMatch(
      /<dt>Payment methods<\/dt><dd>Card \(Stripe\) \(not taken on this server\), GOOSE tokens<\/dd>/,
    );
    const terms = render(<TermsTab license={license} />);
    expect(terms).toContain('<li>Use in one film</li>');
    expect(terms).toContain('<li>No resale</li>');
    expect(terms).toMatch(/<dt>Attribution required<\/dt><dd>Yes<\/dd>/);
    expect(terms).toMatch(/<dt>Derivatives<\/dt><dd>Not allowed<\/dd>/);
    expect(terms).toMatch(/<dt>Distribution<\/dt><dd>Allowed<\/dd>/);
    expect(terms).toContain('Music by alice');
    const contract = render(<SmartContractTab license={license} />);
    expect(contract).toMatch(/<dt>Royalty rate<\/dt><dd>85%<\/dd>/);
    expect(contract).toMatch(/<dt>Automatic payouts<\/dt><dd>Yes<\/dd>/);
    expect(contract).toContain('No XRPL escrow for this offer');
    const escrow = render(<SmartContractTab license={marketplaceLicense({ smartContract: { ...license.smartContract, escrowAddress: 'rPlatform111', escrowAmount: '17.5' } })} />);
    expect(escrow).toContain('rPlatform111');
    expect(escrow).toContain('17.5 XRP');
    const verification = render(<VerificationTab license={license} />);
    expect(verification).toContain('Verified');
    expect(verification).toContain('No match found by the copyright check');
    expect(verification).toContain('94%');
    expect(verification).toMatch(/<dt>Disputes<\/dt><dd>None<\/dd>/);
    expect(render(<VerificationTab license={marketplaceLicense({ verification: { ...license.verification, disputeCount: 3 } })} />)).toContain('3 active');
  });
});

describe('purchase dialog', () => {
  it('shows the work, creator, the default stripe method and the total with its currency symbol', () => {
    const html = render(<PurchaseForm license={marketplaceLicense()} onDone={noop} onPurchased={noop} />);
    expect(html).toContain('Midnight Rain');
    expect(html).toContain('alice');
    expect(html).toContain('Card (Stripe)');
    expect(html).toContain('Total <strong>$49.99</strong>');
    expect(html).toContain('>Cancel<');
    expect(html).toContain('>Purchase<');
  });

  it('defaults to the first offered method when card is not offered, and writes token totals as QXMP', () => {
    const license = marketplaceLicense({ pricing: { ...marketplaceLicense().pricing, currency: 'QXMP', amount: 25, paymentOptions: ['qxmp_tokens'] } });
    const html = render(<PurchaseForm license={license} onDone={noop} onPurchased={noop} />);
    expect(html).toContain('GOOSE tokens');
    expect(html).not.toContain('Card (Stripe)');
    expect(html).toContain('25.00 tokens');
  });

  it('never defaults to card where this server takes no cards: tokens are chosen and card’s absence is said', () => {
    const html = render(<PurchaseForm license={marketplaceLicense()} onDone={noop} onPurchased={noop} />, { capabilities: CAPABILITIES_ZERO_CONFIG_FIXTURE });
    expect(html).toContain('GOOSE tokens');
    expect(html).not.toContain('Card (Stripe)');
    expect(html).toContain('Card payments are not offered on this server; pay with tokens or XRP where offered.');
    expect(html).toMatch(/<button aria-label="Purchase"(?![^>]*disabled)/);
    expect(html).not.toMatch(/STRIPE_|XRPL_URL/);
  });

  it('cannot purchase a card-only license where this server takes no cards', () => {
    const cardOnly = marketplaceLicense({ pricing: { ...marketplaceLicense().pricing, paymentOptions: ['stripe'] } });
    const html = render(<PurchaseForm license={cardOnly} onDone={noop} onPurchased={noop} />, { capabilities: CAPABILITIES_ZERO_CONFIG_FIXTURE });
    expect(html).toContain('No payment method offered here');
    expect(html).toMatch(/<button aria-label="Purchase"[^>]*disabled=""/);
  });

  it('asks a visitor to sign in', () => {
    const html = render(<SignInToPurchase onDone={noop} />);
    expect(html).toContain('Sign in to purchase a license');
    expect(html).toContain('>Log In<');
  });

  it('reads an answer: issued is a success, a refusal a Purchase failed toast', () => {
    const answer = { success: true, contractId: 'license-1', status: 'issued' as const, checkoutUrl: null, escrow: null, message: 'License issued' };
    expect(purchaseOutcome(answer)).toEqual({ toast: { severity: 'success', summary: 'License purchased', detail: 'License issued' }, purchased: true });
    expect(purchaseOutcome({ ...answer, success: false, status: 'failed', message: '' })).toEqual({ toast: { severity: 'error', summary: 'Purchase failed', detail: 'Unknown error' }, purchased: false });
    expect(purchaseOutcome({ ...answer, status: 'awaiting_payment', message: 'Escrow created' }).toast.summary).toBe('Purchase started');
  });
});

describe('my licenses', () => {
  it('offers an issued license’s certificate as JSON and PDF, its proof and a rating', () => {
    const html = render(<MyLicenseList licenses={[purchasedLicense()]} />);
    expect(html).toContain('Issued');
    expect(html).toContain('25.00 tokens by GOOSE tokens');
    expect(html).toContain('href="/api/licenses/license-1/certificate.json"');
    expect(html).toContain('href="/api/licenses/license-1/certificate.pdf"');
    expect(html).toContain('href="/proof-explorer?proof=proof-licensing-1"');
    expect(html).toContain('Rate this license');
  });

  it('shows a given rating read-only, and no certificate while a purchase waits, with the reason', () => {
    expect(render(<MyLicenseList licenses={[purchasedLicense({ rating: 4 })]} />)).toContain('Your rating: 4 of 5');
    const waiting = render(<MyLicenseList licenses={[purchasedLicense({ status: 'awaiting_payment', reason: 'Waiting for Stripe Checkout', certificateId: null, proofId: null, issuedAt: null })]} />);
    expect(waiting).toContain('Awaiting payment');
    expect(waiting).toContain('Waiting for Stripe Checkout');
    expect(waiting).not.toContain('certificate.json');
    expect(waiting).not.toContain('Rate this license');
  });

  it('says when nothing was bought', () => {
    expect(render(<MyLicenseList licenses={[]} />)).toContain('No licenses yet');
  });
});

describe('my offers and sales', () => {
  it('lists offers with Edit and Withdraw on active ones only', () => {
    const html = render(<OfferList offers={[marketplaceLicense(), marketplaceLicense({ id: 'offer-2', workTitle: 'Harbour Lights', status: 'withdrawn' })]} onEdit={noop} />);
    expect(html).toContain('Active');
    expect(html).toContain('Withdrawn');
    expect(html.match(/aria-label="Withdraw"/g)).toHaveLength(1);
    expect(html.match(/aria-label="Edit"/g)).toHaveLength(1);
  });

  it('edits an offer with its work fixed and its values filled in', () => {
    const html = render(<OfferForm items={[]} editing={marketplaceLicense()} onDone={noop} />);
    expect(html).toContain('Midnight Rain');
    expect(html).toContain('Save offer');
    expect(html).toContain('$49.99');
    expect(html).toContain('Use in one film\nOnline trailers');
    expect(html).not.toContain('You have no registered works yet');
  });

  it('shows the sales totals and each sale with its buyer', () => {
    const sale = purchasedLicense();
    const html = render(<SalesList summary={{ sales: [sale], totals: { count: 1, revenueCents: 0, tokenRevenueCents: 2500 } }} />);
    expect(html).toMatch(/<dt>Licenses sold<\/dt><dd>1<\/dd>/);
    expect(html).toMatch(/<dt>Revenue \(tokens\)<\/dt><dd>25.00 tokens<\/dd>/);
    expect(html).toContain('Synchronization to bob');
  });

  it('the offer form does not pre-tick card where this server takes no cards, and cannot tick card or escrow there', () => {
    const html = render(<OfferForm items={[vaultItem({ id: 'track-1', title: 'Midnight Rain', certificateId: 'CERT-1' })]} onDone={noop} />, { capabilities: CAPABILITIES_ZERO_CONFIG_FIXTURE });
    const checkbox = (option: string) => html.slice(html.lastIndexOf('<div class="checkbox-field"', html.indexOf(`-pay-${option}"`)), html.indexOf('</label>', html.indexOf(`-pay-${option}"`)));
    expect(checkbox('stripe')).not.toContain('checked=""');
    expect(checkbox('stripe')).toContain('disabled=""');
    expect(checkbox('stripe')).toContain('Card payments are not offered on this server');
    expect(checkbox('polygon_escrow')).toContain('disabled=""');
    expect(checkbox('polygon_escrow')).toContain('XRP escrow is not offered on this server');
    expect(checkbox('qxmp_tokens')).toContain('checked=""');
    expect(html).not.toMatch(/Stripe configured|XRPL_URL/);
    const full = render(<OfferForm items={[vaultItem({ id: 'track-1', title: 'Midnight Rain', certificateId: 'CERT-1' })]} onDone={noop} />);
    const fullStripe = full.slice(full.lastIndexOf('<div class="checkbox-field"', full.indexOf('-pay-stripe"')), full.indexOf('</label>', full.indexOf('-pay-stripe"')));
    expect(fullStripe).toContain('checked=""');
    expect(fullStripe).not.toContain('disabled=""');
  });

  it('the offer form picks among registered works only and shows the server’s refusal', () => {
    const html = render(<OfferForm items={[vaultItem({ id: 'track-1', title: 'Midnight Rain', certificateId: 'CERT-1' })]} onDone={noop} initialError="Only the work's owner can offer licenses for it" />);
    expect(html).toContain('Midnight Rain');
    expect(html).toContain('Only the work&#x27;s owner can offer licenses for it');
    for (const label of ['Work', 'License type', 'Scope', 'Territory', 'Duration', 'Currency', 'Price', 'Original price (optional)', 'Custom terms']) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('Offer license');
    expect(html).not.toMatch(/[A-Z_]{4,}_(URL|KEY|RATE|SECRET)/);
    const none = render(<OfferForm items={[vaultItem({ certificateId: null })]} onDone={noop} />);
    expect(none).toContain('You have no registered works yet');
  });
});
