// What a release card tells the creator, read from its rendered HTML: the status in its
// label's words, each store's delivery with the reason of a failure, renewal and earnings in dollars; a
// sandbox release never reads "Live on Platforms" and says no store received it; a release waiting
// for the delivery partner says so.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Distribution } from '../../../../../domain/contracts/distribution';
import { ToastProvider } from '../../../components/ui/toast';
import { release, SANDBOX_NOTICE_FIXTURE, sandboxRelease } from '../../../lib/distribution/distribution.fixture';
import { ReleaseCard } from './release-card';

function render(shown: Distribution): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <ReleaseCard release={shown} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('release card', () => {
  it("shows the status, each store's delivery with its failure reason, renewal and earnings", () => {
    const html = render(release());
    expect(html).toContain('Uploaded to the distributor');
    expect(html).toMatch(/<dt>Distributor<\/dt><dd>Acme Distribution<\/dd>/);
    expect(html).toMatch(/<td>Spotify<\/td><td>Uploaded to the distributor<\/td>/);
    expect(html).toMatch(/<td>Deezer<\/td><td>Failed: Artwork is smaller than 3000 × 3000 pixels<\/td>/);
    expect(html).toMatch(/<dt>Renews<\/dt><dd>Nov 25, 2027<\/dd>/);
    expect(html).toMatch(/<dt>Royalty earnings<\/dt><dd>\$12.34<\/dd>/);
    expect(html).toContain('Download release package (XML)');
  });

  it('says when a release was taken down and offers no second takedown', () => {
    const html = render(release({ status: 'taken_down', takenDownAt: '2026-12-01T10:00:00.000Z', renewsAt: null, notice: null }));
    expect(html).toContain('Taken down');
    expect(html).toMatch(/<dt>Taken down<\/dt><dd>Dec 1, 2026<\/dd>/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Takedown"|<button[^>]*aria-label="Takedown"[^>]*disabled=""/);
    expect(html).not.toContain('Sandbox');
  });

  it('shows "Live on Platforms" for a store the partner confirmed live', () => {
    const html = render(release({ status: 'distributed', stores: [{ storeId: 'spotify', storeName: 'Spotify', state: 'distributed', reason: null, updatedAt: '2026-11-25T10:00:00.000Z' }] }));
    expect(html).toContain('Status: Live on Platforms');
    expect(html).toMatch(/<td>Spotify<\/td><td>Live on Platforms<\/td>/);
  });

  it('never reads "Live on Platforms" for the sandbox, even with its simulated stores settled: it says no store received the release', () => {
    const html = render(sandboxRelease());
    expect(html).not.toContain('Live on Platforms');
    expect(html).not.toContain('Uploaded to the distributor');
    expect(html).toContain('Status: Sandbox: no store received it');
    expect(html).toContain(SANDBOX_NOTICE_FIXTURE);
    expect(html).toMatch(/<td>Spotify<\/td><td>Simulated: not sent to this store<\/td>/);
    expect(html).toMatch(/<dt>Distributor<\/dt><dd>Sandbox \(no store\)<\/dd>/);
    expect(html).not.toMatch(/data\/|DELIVERY_/);
  });

  it('shows a sandbox release stored with an older notice in plain words, without the server folder', () => {
    const html = render(sandboxRelease({ notice: 'Sandbox distributor: the release package is kept on this server under data/releases and no store received anything. Store states are simulated.' }));
    expect(html).not.toContain('data/releases');
    expect(html).toContain(SANDBOX_NOTICE_FIXTURE);
  });

  it('says a release is waiting for the delivery partner while it cannot be reached', () => {
    const html = render(release({ status: 'pending', waitingForPartnerSince: '2026-11-25T10:00:00.000Z', stores: [] }));
    expect(html).toContain('Status: Waiting for the delivery partner');
    expect(html).toContain('it could not be reached, and the release is sent as soon as it is back');
  });
});
