// A check report naming the recordings AcoustID found: the MusicBrainz recording, its artists, its
// release and AcoustID's score, with the recording's MusicBrainz page; and nothing of the kind when
// AcoustID found nothing.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { copyrightCheck } from '../../lib/track/vault-item.fixture';
import { CopyrightCheckReport } from '../track/copyright-check-report';
import { ToastProvider } from '../ui/toast';
import { describeExternalMatch, type CheckExternalMatch } from './external-match';

const harbour: CheckExternalMatch = {
  source: 'acoustid',
  acoustidId: '9ff43b6a-4f16-427c-93c2-92307ca505e0',
  score: 0.968,
  recording: { mbid: 'b9ad642e-b012-41c7-b72a-42cf4911f9ff', title: 'Harbour Song', artists: ['The Lighthouse Keepers', 'Mara'] },
  release: { mbid: '3c1d4bd3-0f0b-4f4a-a2c0-3b7f4f1e2d11', title: 'Tides' },
};

const report = (externalMatches: CheckExternalMatch[]) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <CopyrightCheckReport check={copyrightCheck({ status: 'completed', checkId: 'c1', verdict: 'needs_review', clearanceScore: 100, externalMatches })} />
      </ToastProvider>
    </QueryClientProvider>,
  );

describe('external matches in the check report', () => {
  it('names the recording, its artists, its release and the score, and links the recording on MusicBrainz', () => {
    const html = report([harbour]);
    expect(html).toContain('Found in AcoustID (MusicBrainz recordings)');
    expect(html).toContain('“Harbour Song” by The Lighthouse Keepers, Mara, on “Tides” (AcoustID score 97%)');
    expect(html).toContain('href="https://musicbrainz.org/recording/b9ad642e-b012-41c7-b72a-42cf4911f9ff"');
  });

  it('a recording without a title or release is still named for what it is', () => {
    expect(describeExternalMatch({ ...harbour, recording: { ...harbour.recording, title: null, artists: [] }, release: null, score: 0.5 })).toBe(
      'An untitled MusicBrainz recording (AcoustID score 50%)',
    );
  });

  it('a track held only for them lists them as its evidence, not as passages it failed to record', () => {
    const html = report([harbour]);
    expect(html).toContain('aria-label="Held for review"');
    expect(html).not.toContain('did not record which passages');
    expect(html.match(/Found in AcoustID/g)).toHaveLength(1);
  });

  it('a conflict shows them beside the conflicting works', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <CopyrightCheckReport check={copyrightCheck({ status: 'failed', checkId: 'c1', verdict: 'conflict', clearanceScore: 50, externalMatches: [harbour] })} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(html).toContain('“Harbour Song” by The Lighthouse Keepers, Mara');
  });

  it('says nothing of AcoustID matches when there are none', () => {
    expect(report([])).not.toContain('Found in AcoustID');
  });
});
