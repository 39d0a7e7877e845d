// The FAQ (GET /api/faq), parsed with its contract. It changes only with a deployment.
import { useQuery } from '@tanstack/react-query';
import { faqResponseSchema } from '../../../../../domain/contracts/knowledge';
import { getParsed } from '../../../lib/api-client';
import { FAQ_KEY } from '../../../lib/query-keys';

export function useFaq() {
  return useQuery({
    queryKey: FAQ_KEY,
    queryFn: async ({ signal }) => (await getParsed(faqResponseSchema, FAQ_KEY[0], { signal })).categories,
    staleTime: Infinity,
    retry: 1,
  });
}
