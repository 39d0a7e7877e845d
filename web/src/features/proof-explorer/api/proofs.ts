// The proof explorer's calls: the public proof search and one proof. Answers are
// parsed with domain/contracts/proofs.ts; the websocket invalidates PROOFS_KEY when the proofs
// read model changes.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { proofDetailSchema, proofListSchema, type Proof } from '../../../../../domain/contracts/proofs';
import { getParsed, retryUnlessRefused } from '../../../lib/api-client';
import { PROOFS_KEY } from '../../../lib/query-keys';
import { proofQueryString, shouldSearchProofs, type ProofSearch } from '../proof-search';

export async function searchProofs(search: ProofSearch, signal?: AbortSignal) {
  return getParsed(proofListSchema, `${PROOFS_KEY[0]}?${proofQueryString(search)}`, { signal });
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
  return (await getParsed(proofDetailSchema, `${PROOFS_KEY[0]}/${encodeURIComponent(proofId)}`, { signal })).proof;
}

export function useProof(proofId: string | null) {
  return useQuery({
    queryKey: [...PROOFS_KEY, proofId],
    queryFn: ({ signal }) => getProof(proofId ?? '', signal),
    enabled: proofId !== null,
    retry: retryUnlessRefused,
  });
}
