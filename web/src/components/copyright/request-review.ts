// POST /api/copyright-check/{id}/review-request: asks a person to review a check that held the
// track (or contests its conflict). The request is recorded and a review case opens, where a
// reviewer clears or refuses the track.
import type { z } from 'zod';
import { reviewRequestResponseSchema } from '../../../../domain/contracts/lifecycle';
import { requestParsed } from '../../lib/api-client';
import { useOneShotMutation } from '../../lib/one-shot-mutation';
import { COPYRIGHT_CHECKS_KEY, VAULT_KEY } from '../../lib/query-keys';

export type ReviewRequestResponse = z.infer<typeof reviewRequestResponseSchema>;

export function requestCopyrightReview({ contentId, note }: { contentId: string; note: string }): Promise<ReviewRequestResponse> {
  const trimmed = note.trim();
  return requestParsed(reviewRequestResponseSchema, 'POST', `/api/copyright-check/${encodeURIComponent(contentId)}/review-request`, trimmed ? { note: trimmed } : {});
}

export function useRequestCopyrightReview() {
  return useOneShotMutation(requestCopyrightReview, [VAULT_KEY, COPYRIGHT_CHECKS_KEY]);
}
