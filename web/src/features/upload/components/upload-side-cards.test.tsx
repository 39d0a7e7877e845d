// What the upload tab's side cards claim about the steps after an upload, read from their HTML.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { ToastProvider } from '../../../components/ui/toast';
import { describe, expect, it } from 'vitest';
import { UploadSideCards } from './upload-side-cards';

const user = { id: 'u1', username: 'ada', tokenBalance: 50, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z' };

describe('upload side cards', () => {
  it('offers mastering, the copyright check and XRPL registration as available, and royalty contracts as not yet', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <UploadSideCards user={user} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const later = [...html.matchAll(/<li class="next-steps__later">.*?<strong>([^<]+)<\/strong>/g)].map((m) => m[1]);
    expect(later).toEqual(['Smart contract']);
    expect(html).not.toMatch(/(Mastering|copyright oracle|XRPL registration) is not available yet/i);
    expect(html).not.toContain('not built yet');
  });
});
