// The check report says what a check searched: a check that found nothing reads "No match among …"
// (in the old terms for checks recorded before reference catalogues), never a bare "Cleared"; a hold
// names the rights holder's reference by title and holder, and AcoustID's recordings link to MusicBrainz.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { copyrightCheck } from '../../lib/track/vault-item.fixture';
import { ToastProvider } from '../ui/toast';
import { CopyrightCheckReport } from './copyright-check-report';

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>{node}</ToastProvider>
    </QueryClientProvider>,
  );

const searched = { works: 1204, references: 3400, referenceHolders: 2, acoustid: 'not_configured' as const, acoustidNote: 'not configured on this server' };

describe('CopyrightCheckReport', () => {
  it('reads "No match among …" with what a cleared check searched, never a bare "Cleared"', () => {
    const html = render(<CopyrightCheckReport check={copyrightCheck({ status: 'completed', checkId: 'c1', verdict: 'cleared', clearanceScore: 97, searched })} />);
    expect(html).toContain('No match among 1,204 GOOSE works and 3,400 reference recordings from 2 rights holders; AcoustID was not asked (not configured on this server).');
    expect(html).not.toMatch(/>Cleared</);
  });

  it('says an older check searched GOOSE works only', () => {
    const html = render(<CopyrightCheckReport check={copyrightCheck({ status: 'completed', checkId: 'c1', verdict: 'cleared', clearanceScore: 97 })} />);
    expect(html).toContain('No match among the GOOSE works registered at the time (reference recordings and AcoustID were not searched then).');
  });

  it('names a matched reference by title and holder, and links AcoustID matches to MusicBrainz', () => {
    const html = render(
      <CopyrightCheckReport
        check={copyrightCheck({
          status: 'completed',
          checkId: 'c1',
          verdict: 'needs_review',
          clearanceScore: 100,
          searched: { ...searched, acoustid: 'asked', acoustidNote: undefined },
          searchedDescription: "1,204 GOOSE works, 3,400 reference recordings from 2 rights holders and AcoustID's catalogue of MusicBrainz recordings",
          referenceMatches: [{ title: 'Night Ferry', holderName: 'Harbour Records', kind: 'recording', similarity: 96.4, upload: { startSeconds: 0, endSeconds: 30 }, reference: { startSeconds: 12, endSeconds: 42 } }],
          externalMatches: [
            {
              source: 'acoustid',
              acoustidId: 'a1',
              score: 0.93,
              recording: { mbid: 'rec-mbid-1', title: 'Night Ferry', artists: ['The Harbour Band'] },
              release: { mbid: 'rel-mbid-1', title: 'Tides' },
            },
          ],
        })}
      />,
    );
    expect(html).toContain('“Night Ferry”, a reference recording of Harbour Records: same recording, 96 % similar, 0:00–0:30 of your track ↔ 0:12–0:42 of it');
    expect(html).toContain('“Night Ferry” by The Harbour Band, on “Tides” (AcoustID score 93%)');
    expect(html).toContain('href="https://musicbrainz.org/recording/rec-mbid-1"');
    expect(html).toContain('href="https://musicbrainz.org/release/rel-mbid-1"');
    expect(html).toContain('Searched: 1,204 GOOSE works');
    expect(html).not.toContain('did not record which passages');
  });
});
