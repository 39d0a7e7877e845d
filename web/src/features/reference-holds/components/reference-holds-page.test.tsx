// The holder's holds page: each held upload by its title and uploader, the matched stretches in
// both recordings, the held upload's audio and the answers the server allows, and nothing to answer
// once a reviewer decided.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ReferenceHold } from '../../../../../domain/contracts/reference-holds';
import { ToastProvider } from '../../../components/ui/toast';
import { REFERENCE_HOLDS_KEY } from '../api/reference-holds';
import { describeHoldMatch, ReferenceHoldsPage } from './reference-holds-page';

const hold = (overrides: Partial<ReferenceHold> = {}): ReferenceHold => ({
  disputeId: 'review-c1',
  trackTitle: 'Ferry Song',
  uploaderName: 'ulla',
  heldAt: '2026-11-26T08:00:00.000Z',
  state: 'held',
  matches: [{ title: 'Night Ferry', kind: 'recording', similarity: 96.4, upload: { startSeconds: 0, endSeconds: 20 }, reference: { startSeconds: 5, endSeconds: 25 } }],
  decision: null,
  audioUrl: '/api/disputes/review-c1/review/audio/track',
  allowedActions: ['release_hold', 'claim_work'],
  ...overrides,
});

function render(holds: ReferenceHold[]): string {
  const client = new QueryClient();
  client.setQueryData(REFERENCE_HOLDS_KEY, holds);
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ReferenceHoldsPage />
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('ReferenceHoldsPage', () => {
  it('shows an open hold with its matches, the held audio and Release / Claim', () => {
    const html = render([hold()]);
    expect(describeHoldMatch(hold().matches[0]!)).toBe('0:00–0:20 of the upload ↔ 0:05–0:25 of “Night Ferry” (same recording, 96 % similar)');
    expect(html).toContain('“Ferry Song”');
    expect(html).toContain('Uploaded by ulla');
    expect(html).toContain('src="/api/disputes/review-c1/review/audio/track"');
    expect(html).toContain('Release the hold');
    expect(html).toContain('Claim the work');
  });

  it('offers nothing to answer, and no audio, once a reviewer decided', () => {
    const html = render([hold({ state: 'refused', allowedActions: [], decision: { outcome: 'refused', byName: 'rita', decidedAt: '2026-11-28T08:00:00.000Z' } })]);
    expect(html).toContain('Decided: the upload is refused');
    expect(html).not.toContain('Release the hold');
    expect(html).not.toContain('<audio');
  });

  it('says when nothing is held', () => {
    expect(render([])).toContain('No upload is held for your references.');
  });
});
