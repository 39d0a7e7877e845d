// What the review panel of an oracle_review case shows, from its rendered HTML: both works with
// their players, the passages with Play from buttons, Clear / Refuse only for the reviewer the
// server allows, and the decision once taken.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { disputeSchema, type ReviewMaterial } from '../../../../../domain/contracts/disputes';
import { ToastProvider } from '../../../components/ui/toast';
import { reviewMaterialKey } from '../api/review';
import { ReviewMaterialView, ReviewPanel } from './review-panel';

const render = (node: ReactNode, queryClient = new QueryClient()) =>
  renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{node}</ToastProvider>
    </QueryClientProvider>,
  );

const reviewCase = (overrides: { allowedActions?: string[]; resolution?: object | null; assignedToName?: string | null } = {}) =>
  disputeSchema.parse({
    id: 'review-c1', kind: 'oracle_review', workId: 't1', workTitle: 'Harbour', disputeType: 'copyright_infringement', priority: 'medium', subject: 'Held', description: 'A melody like “Lights”',
    status: 'investigating', claimedRights: [], claimantName: 'Copyright oracle', respondentName: 'ana', assignedToName: overrides.assignedToName === undefined ? 'rita' : overrides.assignedToName, createdAt: '2026-11-26T08:00:00.000Z', updatedAt: '2026-11-26T08:00:00.000Z',
    frozenAssets: { payoutsFreeze: false, licensingFreeze: false, estimatedValue: 0 }, evidence: { documents: [] }, messages: [], resolution: overrides.resolution ?? null, appeal: null, answer: null, deadlines: [],
    viewer: { isClaimant: false, isRespondent: false, isAssignedReviewer: true, roles: ['creator', 'reviewer'], allowedActions: overrides.allowedActions ?? ['message', 'review_decision'] },
  });

const material: ReviewMaterial = {
  track: { id: 't1', title: 'Harbour', ownerName: 'ana', audioUrl: '/api/disputes/review-c1/review/audio/track' },
  checkId: 'c1',
  verdict: 'needs_review',
  reason: 'A melody like “Lights” by lia',
  searched: null,
  referenceMatches: [],
  externalMatches: [],
  matches: [{ workId: 'w1:c9', title: 'Lights', ownerName: 'lia', similarity: 71, audioUrl: '/api/disputes/review-c1/review/audio/works/w1%3Ac9', passages: [{ queryStart: 42, queryEnd: 70, workStart: 65, workEnd: 93, similarity: 71 }] }],
};

describe('review panel', () => {
  it('shows both works side by side with players and each passage with a Play from button', () => {
    const html = render(<ReviewMaterialView dispute={reviewCase()} material={material} />);
    expect(html).toContain('Review of the copyright hold');
    expect(html).toContain('held the track for review: A melody like “Lights” by lia');
    expect(html).toContain('src="/api/disputes/review-c1/review/audio/track"');
    expect(html).toContain('src="/api/disputes/review-c1/review/audio/works/w1%3Ac9"');
    expect(html).toContain('<strong>Lights</strong> by lia');
    expect(html).toContain('71 % similar');
    expect(html).toContain('0:42–1:10 of the held track ↔ 1:05–1:33 of “Lights”');
    expect(html).toContain('Play from 0:42');
  });

  it('offers Clear and Refuse with reasons to the reviewer the server allows, and not to anyone else', () => {
    const reviewer = render(<ReviewMaterialView dispute={reviewCase()} material={material} />);
    expect(reviewer).toContain('Reasons for the decision');
    expect(reviewer).toMatch(/aria-label="Clear"|>Clear</);
    expect(reviewer).toMatch(/>Refuse</);
    const owner = render(<ReviewMaterialView dispute={reviewCase({ allowedActions: ['message'] })} material={material} />);
    expect(owner).not.toContain('Reasons for the decision');
    expect(owner).toContain('rita is reviewing it.');
    expect(render(<ReviewMaterialView dispute={reviewCase({ allowedActions: [], assignedToName: null })} material={material} />)).toContain('No reviewer has taken this case yet.');
  });

  it('shows the decision once taken', () => {
    const resolution = { outcome: 'refused', details: 'The chorus is copied', compensationAmount: null, compensationNote: null, resolvedAt: '2026-11-27T08:00:00.000Z', resolvedByName: 'rita', byDefault: false, appealUntil: null };
    const html = render(<ReviewMaterialView dispute={reviewCase({ resolution })} material={material} />);
    expect(html).toContain('Refused by rita: The chorus is copied');
    expect(html).not.toContain('Reasons for the decision');
  });

  it('says it is loading, then shows the material from the server', () => {
    expect(render(<ReviewPanel dispute={reviewCase()} />)).toContain('Loading the review material...');
    const queryClient = new QueryClient();
    queryClient.setQueryData(reviewMaterialKey('review-c1'), material);
    expect(render(<ReviewPanel dispute={reviewCase()} />, queryClient)).toContain('Play from 0:42');
  });
});
