// What a release card tells the creator, read from its rendered HTML: the status in the spec's
// words, the distributor's notice, each store's delivery with the reason of a failure, renewal and
// earnings in dollars.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Distribution } from '../../../../../domain/contracts/distribution';
import { ToastProvider } from '../../../components/ui/toast';
import { release } from '../distribution.fixture';
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
  it("shows the status, the sandbox notice, each store's delivery with its failure reason, renewal and earnings", () => {
    const html = render(release());
    expect(html).toContain('Uploaded to the distributor');
    expect(html).toContain('Sandbox distributor: the package was kept under data/ and no store received anything.');
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
    expect(html).not.toContain('Sandbox distributor');
  });
});
