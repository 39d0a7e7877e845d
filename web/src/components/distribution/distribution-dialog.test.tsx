// What the Distribution dialog shows, read from its rendered HTML: the registration notice for
// content without a ledger hash, else the form with its defaults; with a delivery partner the fee
// in dollars and tokens and the partner's stores; with the sandbox, before submitting, that no
// store will receive the release and nothing is charged; the stores' lead time guidance, the cover
// (generated until one is uploaded, with the size stores ask for) and the creator prefilled in the credits.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GENRES, STORES } from '../../../../domain/distribution/catalogue';
import { ToastProvider } from '../ui/toast';
import type { DeliveryInfo } from '../../../../domain/contracts/distribution';
import { CURRENT_USER_KEY, TOKEN_PRICING_KEY, TUNECORE_DELIVERY_KEY, TUNECORE_GENRES_KEY, TUNECORE_STORES_KEY } from '../../lib/query-keys';
import { PRICING_FIXTURE } from '../../lib/tokens/pricing.fixture';
import { DistributionDialogBody, type DistributableTrack } from './distribution-dialog';

const PARTNER: DeliveryInfo = { mode: 'partner', partnerName: 'Acme Distribution', storeIds: STORES.slice(0, 3).map((s) => s.id), feeTokens: 14.99, notice: null };
const SANDBOX: DeliveryInfo = { mode: 'sandbox', partnerName: null, storeIds: STORES.map((s) => s.id), feeTokens: 0, notice: 'Sandbox: this server has no delivery partner, so no store will receive this release. Nothing is charged.' };

function render(track: DistributableTrack, delivery: DeliveryInfo = PARTNER): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, { id: 'u1', username: 'ada', tokenBalance: 40, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z' });
  queryClient.setQueryData(TUNECORE_STORES_KEY, STORES.slice(0, 3));
  queryClient.setQueryData(TUNECORE_GENRES_KEY, [...GENRES]);
  queryClient.setQueryData(TUNECORE_DELIVERY_KEY, delivery);
  queryClient.setQueryData(TOKEN_PRICING_KEY, PRICING_FIXTURE);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <DistributionDialogBody track={track} onDone={() => undefined} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('the Distribution dialog', () => {
  it("replaces the form with 'Copyright Registration Required' when the content has no ledger hash", () => {
    const html = render({ id: 'c1', title: 'First Light', xrplTxHash: null });
    expect(html).toContain('Copyright Registration Required');
    expect(html).not.toContain('Submit for Distribution');
  });

  it("opens with the defaults, the fee, the royalty statement and the delivery partner's stores", () => {
    const html = render({ id: 'c1', title: 'First Light', xrplTxHash: 'ABC' });
    expect(html).toContain('$14.99 per year per release');
    expect(html).toContain('charged as 14.99 tokens');
    // Who is paid: the track's royalty contract, by its template; not "100% to you".
    expect(html).toContain("Store earnings are paid through the track&#x27;s royalty contract: 85%, 95% or 70% to you depending on its template");
    expect(html).toContain('Earnings of a track without a royalty contract are not paid out');
    expect(html).not.toMatch(/keep 100%|keeps 0%/);
    // The split typed in the form says it is a note, not what is paid.
    expect(html).toContain('it does not change what you are paid');
    expect(html).not.toContain('Your share of this release');
    expect(html).toContain('The distributor lists 3 stores today');
    expect(html).not.toContain('150+');
    expect(html).toMatch(/value="First Light - Single"/);
    expect(html).toMatch(/value="ada"/);
    expect(html).toContain('Electronic');
    for (const store of STORES.slice(0, 3)) expect(html).toContain(store.name);
    expect(html).toContain('(0 of 3 selected)');
    expect(html).toContain('Acme Distribution delivers it to the stores you choose below.');
    expect(html).not.toContain('no store will receive');
  });

  it('says plainly before submitting that a sandbox release reaches no store and charges nothing, and never asks for the fee', () => {
    const html = render({ id: 'c1', title: 'First Light', xrplTxHash: 'ABC' }, SANDBOX);
    expect(html).toContain('no store will receive this release');
    expect(html).toContain('Nothing is charged');
    expect(html).not.toContain('$14.99 per year per release');
    expect(html).not.toContain('charged as 14.99 tokens');
    expect(html).toContain('Submit to the sandbox (no store)');
    expect(html).not.toMatch(/DELIVERY_|data\//);
  });

  it("explains the stores' lead time as guidance, offers a cover upload beside the generated one, and credits the creator as songwriter and performer", () => {
    const html = render({ id: 'c1', title: 'First Light', xrplTxHash: 'ABC' });
    expect(html).toContain('Stores ask for the release date to be at least 7 days ahead, and 3–4 weeks ahead');
    expect(html).toContain("This is the stores&#x27; guidance, not a promise");
    // The default date is four weeks ahead: no warning.
    expect(html).not.toContain('less than 7 days away');
    expect(html).toContain('Upload cover art');
    expect(html).toContain('Without an upload the release gets a generated cover');
    expect(html).toContain('square JPEG or PNG of at least 3000×3000 pixels (at most 20 MB)');
    expect(html).toMatch(/accept="image\/png,image\/jpeg"/);
    expect(html).toContain('at least one songwriter and one performer');
    expect(html.match(/id="[^"]*-credits-name-\d+"[^>]*value="ada"/g)).toHaveLength(2);
    expect(html).toContain('Songwriter: music and words');
    expect(html).toContain('Performer: main artist');
  });
});
