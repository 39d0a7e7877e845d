// Contesting a conflict the copyright check found: the button under the conflicting works while no
// review is asked for, the request it sends (the same route a held track's review uses), the
// server's reason when it refuses, and the same case / decision text a held track shows once a
// reviewer has it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import { CopyrightCheckReport } from '../track/copyright-check-report';
import { copyrightCheck } from '../../lib/track/vault-item.fixture';
import { errorMessage } from '../../lib/api-client';
import { ToastProvider } from '../ui/toast';
import { ContestConflict, isConflict } from './contest-conflict';
import { requestCopyrightReview } from './request-review';
import { CONTEST_CONFLICT, ReviewRequestForm } from './review-standing';

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>{node}</ToastProvider>
    </QueryClientProvider>,
  );

const conflictWith = (overrides: Partial<CopyrightCheck> = {}) =>
  copyrightCheck({
    status: 'failed',
    checkId: 'c1',
    verdict: 'conflict',
    reason: 'Same recording as “Harbour Lights”',
    conflicts: [{ workId: 'track-9:c0', title: 'Harbour Lights', owner: 'alice', registeredAt: '2026-11-24T08:00:00.000Z', similarity: 98, kind: 'audio' }],
    ...overrides,
  });
const openCase = { disputeId: 'review-c1', openedAt: '2026-11-26T08:00:00.000Z', decision: null };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ContestConflict', () => {
  it('offers "Contest this result" with a note under a conflict no one has asked to review', () => {
    const html = render(<CopyrightCheckReport check={conflictWith()} />);
    expect(html).toContain('Contest this result');
    expect(html).toContain('Note for the reviewer (optional)');
    expect(html).not.toContain('Request review');
    expect(html).not.toContain('Held for review');
  });

  it('is not offered for a check that cleared or held the track', () => {
    expect(render(<CopyrightCheckReport check={copyrightCheck({ status: 'completed', checkId: 'c1', verdict: 'cleared', clearanceScore: 97 })} />)).not.toContain('Contest this result');
    const held = render(<CopyrightCheckReport check={copyrightCheck({ status: 'completed', checkId: 'c1', verdict: 'needs_review' })} />);
    expect(held).not.toContain('Contest this result');
    expect(held).toContain('Request review');
    expect(isConflict(copyrightCheck({ status: 'analyzing', verdict: 'conflict' }))).toBe(false);
  });

  it('posts to the review-request route of the check, with the note when there is one', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, check: conflictWith({ review: openCase }) }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await requestCopyrightReview({ contentId: 'track 1', note: '  It is my own recording  ' });
    await requestCopyrightReview({ contentId: 'track 1', note: '  ' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [[url, init], [, blank]] = fetchMock.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
    expect(url).toBe('/api/copyright-check/track%201/review-request');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(init.body))).toEqual({ note: 'It is my own recording' });
    expect(JSON.parse(String(blank.body))).toEqual({});
  });

  it('shows the server\'s reason when it refuses', async () => {
    const refusal = 'A review of this check was already requested on 2026-11-26';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: refusal }), { status: 409 })));
    const error = await requestCopyrightReview({ contentId: 'track-1', note: '' }).catch((caught: unknown) => caught);
    const shown = errorMessage(error, CONTEST_CONFLICT.failed);
    expect(shown).toBe(refusal);
    const html = render(<ReviewRequestForm action={CONTEST_CONFLICT} note="" onNoteChange={() => undefined} pending={false} error={shown} onSubmit={() => undefined} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain(refusal);
    expect(html).toContain('Contest this result');
  });

  it('is replaced by the case once a reviewer has it, then by their decision', () => {
    const reviewing = render(<ContestConflict check={conflictWith({ reviewRequest: { requestedAt: '2026-11-26T08:00:00.000Z', note: 'Mine' }, review: openCase })} />);
    expect(reviewing).toContain('Held for review — a reviewer is looking at it (case #review-c1, opened 26 Nov 2026)');
    expect(reviewing).not.toContain('Contest this result');

    const decided = render(
      <ContestConflict check={conflictWith({ review: { ...openCase, decision: { outcome: 'cleared', details: 'The work is hers', reviewerName: 'rita', decidedAt: '2026-11-27T08:00:00.000Z' } } })} />,
    );
    expect(decided).toContain('Cleared by a reviewer');
    expect(decided).toContain('Cleared by rita on 27 Nov 2026: The work is hers You may register the track now.');
    expect(decided).not.toContain('Contest this result');
  });

  it('says the review was asked for while its case is not open yet', () => {
    const html = render(<ContestConflict check={conflictWith({ reviewRequest: { requestedAt: '2026-11-26T08:00:00.000Z', note: null } })} />);
    expect(html).toContain('Review requested on 26 Nov 2026');
    expect(html).not.toContain('Contest this result');
  });
});
