// The proof explorer's calls: the public proof search and one proof. Answers are
// parsed with domain/contracts/proofs.ts; the websocket invalidates PROOFS_KEY when the proofs
// read model changes.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { proofDetailSchema, proofListSchema, type Proof } from '../../../../../domain/contracts/proofs';
import { apiGet, retryUnlessRefused } from '../../../lib/api-client';
import { PROOFS_KEY } from '../../../lib/query-keys';
import { proofQueryString, shouldSearchProofs, type ProofSearch } from '../proof-search';

export async function searchProofs(search: ProofSearch, signal?: AbortSignal) {
  return proofListSchema.parse(await apiGet<unknown>(`${PROOFS_KEY[0]}?${proofQueryString(search)}`, { on401: 'throw', signal }));
}

export function useProofSearch(search: ProofSearch) {
  return useQuery({
    queryKey: [...PROOFS_KEY, proofQueryString(search)],
    queryFn: ({ signal }) => searchProofs(search, signal),
    enabled: shouldSearchProofs(search),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

export async function getProof(proofId: string, signal?: AbortSignal): Promise<Proof> {
  return proofDetailSchema.parse(await apiGet<unknown>(`${PROOFS_KEY[0]}/${encodeURIComponent(proofId)}`, { on401: 'throw', signal })).proof;
}

export function useProof(proofId: string | null) {
  return useQuery({
    queryKey: [...PROOFS_KEY, proofId],
    queryFn: ({ signal }) => getProof(proofId ?? '', signal),
    enabled: proofId !== null,
    retry: retryUnlessRefused,
  });
}
