// The registry page's calls: the public search, one work's details, and the owner's
// identifiers. Every answer is parsed with its schema from domain/contracts/registry.ts; the
// websocket invalidates these keys when the works read model changes.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  workDetailResponseSchema,
  workSearchResponseSchema,
  type SetIdentifiersRequest,
  type Work,
  type WorkSearchResponse,
} from '../../../../../domain/contracts/registry';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { WORK_SEARCH_KEY, WORKS_KEY } from '../../../lib/query-keys';
import { searchQueryString, shouldSearch, type RegistrySearch } from '../registry-search';

export const workUrl = (workId: string) => `${WORKS_KEY[0]}/${encodeURIComponent(workId)}`;

export async function searchWorks(search: RegistrySearch, signal?: AbortSignal): Promise<WorkSearchResponse> {
  return getParsed(workSearchResponseSchema, `${WORK_SEARCH_KEY[0]}?${searchQueryString(search)}`, { signal });
}

/** Runs only when shouldSearch allows it; keeps the last results on screen while the next load. */
export function useWorkSearch(search: RegistrySearch) {
  return useQuery({
    queryKey: [...WORK_SEARCH_KEY, searchQueryString(search)],
    queryFn: ({ signal }) => searchWorks(search, signal),
    enabled: shouldSearch(search),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

export async function getWork(workId: string, signal?: AbortSignal): Promise<Work> {
  return (await getParsed(workDetailResponseSchema, workUrl(workId), { signal })).work;
}

export function useWork(workId: string | null) {
  return useQuery({
    queryKey: [...WORKS_KEY, workId],
    queryFn: ({ signal }) => getWork(workId ?? '', signal),
    enabled: workId !== null,
    retry: retryUnlessRefused,
  });
}

export async function setIdentifiers({ workId, identifiers }: { workId: string; identifiers: SetIdentifiersRequest }): Promise<Work> {
  return (await requestParsed(workDetailResponseSchema, 'PUT', `${workUrl(workId)}/identifiers`, identifiers)).work;
}

/** Saving is safe to repeat, but a refusal (format, check digit, taken) must reach the owner as is. */
export function useSetIdentifiers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setIdentifiers,
    retry: false,
    onSuccess: (work) => queryClient.setQueryData([...WORKS_KEY, work.id], work),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: WORKS_KEY }), queryClient.invalidateQueries({ queryKey: WORK_SEARCH_KEY })]),
  });
}
