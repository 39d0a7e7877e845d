// The waiting list's calls: the stats (polled every 30 s, as the spec asks), one's own status (this
// browser's confirmed entry or the signed-in user's), the join and the confirmation of a mailed
// link. Every answer is parsed with its contract (domain/contracts/waiting-list.ts).
import { useQuery } from '@tanstack/react-query';
import {
  confirmWaitingListResponseSchema,
  joinWaitingListResponseSchema,
  waitingListStatsResponseSchema,
  waitingListStatusResponseSchema,
  type JoinWaitingListRequest,
} from '../../../../../domain/contracts/waiting-list';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { STREAMING_WAITING_LIST_KEY } from '../../../lib/query-keys';

const BASE = STREAMING_WAITING_LIST_KEY[0];
export const WAITING_LIST_STATS_KEY = [...STREAMING_WAITING_LIST_KEY, 'stats'] as const;
export const WAITING_LIST_STATUS_KEY = [...STREAMING_WAITING_LIST_KEY, 'status'] as const;
/** How often the stats are asked again while the page is open. */
export const STATS_POLL_MS = 30_000;

export function useWaitingListStats() {
  return useQuery({
    queryKey: WAITING_LIST_STATS_KEY,
    queryFn: async ({ signal }) => (await getParsed(waitingListStatsResponseSchema, `${BASE}/stats`, { signal })).data,
    refetchInterval: STATS_POLL_MS,
    retry: retryUnlessRefused,
  });
}

export function useWaitingListStatus() {
  return useQuery({
    queryKey: WAITING_LIST_STATUS_KEY,
    queryFn: async ({ signal }) => (await getParsed(waitingListStatusResponseSchema, `${BASE}/status`, { signal })).data,
    retry: retryUnlessRefused,
  });
}

/** Each join mails a link: never resent on its own. */
export function useJoinWaitingList() {
  return useOneShotMutation(async (request: JoinWaitingListRequest) => (await requestParsed(joinWaitingListResponseSchema, 'POST', `${BASE}/join`, request)).data, [STREAMING_WAITING_LIST_KEY]);
}

/** A link works once: never resent on its own. */
export function useConfirmWaitingList() {
  return useOneShotMutation(async (token: string) => (await requestParsed(confirmWaitingListResponseSchema, 'POST', `${BASE}/confirm`, { token })).data, [STREAMING_WAITING_LIST_KEY]);
}
