// The review of an oracle hold, for its panel: the material (both works with their audio and the
// matched passages) and the reviewer's decision. Answers are parsed with the contracts; a decision
// invalidates DISPUTES_KEY so the case and the list show it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { disputeResponseSchema, reviewMaterialSchema, type ReviewMaterial } from '../../../../../domain/contracts/disputes';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { DISPUTES_KEY, VAULT_KEY } from '../../../lib/query-keys';

export const reviewMaterialUrl = (disputeId: string) => `${DISPUTES_KEY[0]}/${encodeURIComponent(disputeId)}/review`;
export const reviewMaterialKey = (disputeId: string) => [...DISPUTES_KEY, disputeId, 'review'] as const;

export function useReviewMaterial(disputeId: string) {
  return useQuery({
    queryKey: reviewMaterialKey(disputeId),
    queryFn: ({ signal }): Promise<ReviewMaterial> => getParsed(reviewMaterialSchema, reviewMaterialUrl(disputeId), { signal }),
    retry: retryUnlessRefused,
  });
}

export interface ReviewDecisionInput {
  outcome: 'cleared' | 'refused';
  details: string;
}

export function useReviewDecision(disputeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecisionInput) => requestParsed(disputeResponseSchema, 'POST', `${DISPUTES_KEY[0]}/${encodeURIComponent(disputeId)}/review-decision`, decision),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: DISPUTES_KEY }), queryClient.invalidateQueries({ queryKey: VAULT_KEY })]);
    },
  });
}
