// Where a held track's review stands, as the vault card and the Oracle tab show it: asked for, a
// reviewer looking at it (its case), or the reviewer's decision.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import { copyrightCheck } from '../../lib/track/vault-item.fixture';
import { ToastProvider } from '../ui/toast';
import { HeldForReview } from './held-for-review';

const render = (check: CopyrightCheck) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <HeldForReview check={check} />
      </ToastProvider>
    </QueryClientProvider>,
  );

const held = (review: CopyrightCheck['review']) => copyrightCheck({ status: 'completed', checkId: 'c1', verdict: 'needs_review', reason: 'A melody like “Lights”', review });

describe('HeldForReview', () => {
  it('offers to request a review while no case is open', () => {
    expect(render(held(null))).toContain('Request review');
  });

  it('says a reviewer is looking at it once its case is open, and offers no second request', () => {
    const html = render(held({ disputeId: 'review-c1', openedAt: '2026-11-26T08:00:00.000Z', decision: null }));
    expect(html).toContain('Held for review — a reviewer is looking at it (case #review-c1, opened 26 Nov 2026)');
    expect(html).not.toContain('Request review');
  });

  it('shows the reviewer\'s decision', () => {
    const decided = (outcome: 'cleared' | 'refused') => render(held({ disputeId: 'review-c1', openedAt: '2026-11-26T08:00:00.000Z', decision: { outcome, details: 'Only the chords are shared', reviewerName: 'rita', decidedAt: '2026-11-27T08:00:00.000Z' } }));
    expect(decided('cleared')).toContain('Cleared by rita on 27 Nov 2026: Only the chords are shared You may register the track now.');
    expect(decided('cleared')).toContain('Cleared by a reviewer');
    expect(decided('refused')).toContain('Refused by rita on 27 Nov 2026: Only the chords are shared');
  });
});
