// A track's recorded events and its state folded through the first N of them (GET
// /api/tracks/:id/history?upTo=N; its owner and auditors), for the track's time-travel view.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trackHistorySchema } from '../../../../../domain/contracts/lifecycle';
import { getParsed, retryUnlessRefused } from '../../../lib/api-client';
import { TRACKS_KEY } from '../../../lib/query-keys';

export const trackHistoryUrl = (trackId: string, upTo: number | null) => `${TRACKS_KEY[0]}/${encodeURIComponent(trackId)}/history${upTo === null ? '' : `?upTo=${upTo}`}`;

export function useTrackHistory(trackId: string, upTo: number | null) {
  return useQuery({
    queryKey: [...TRACKS_KEY, trackId, 'history', upTo],
    queryFn: ({ signal }) => getParsed(trackHistorySchema, trackHistoryUrl(trackId, upTo), { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
