// GET /api/certificate-key: the Ed25519 key GOOSE publishes and signs certificates and proofs
// with. The /verify page trusts it unless the person pastes a key they got elsewhere.
import { useQuery } from '@tanstack/react-query';
import { publishedKeySchema } from '../../../../../domain/contracts/lifecycle';
import { getParsed, retryUnlessRefused } from '../../../lib/api-client';

const PUBLISHED_KEY_URL = '/api/certificate-key';

export function usePublishedKey() {
  return useQuery({
    queryKey: [PUBLISHED_KEY_URL],
    queryFn: ({ signal }) => getParsed(publishedKeySchema, PUBLISHED_KEY_URL, { signal }),
    retry: retryUnlessRefused,
    staleTime: Infinity,
  });
}
