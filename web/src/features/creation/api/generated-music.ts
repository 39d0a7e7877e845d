// GET /api/generated-music: the signed-in user's songs, newest first. The websocket invalidates
// this key when the generated-music read model changes (progress, stage, completion); the list is
// also read every 5 s (the spec's polling) but only while a song is still being made, as the
// fallback for a socket that is down.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatedSongListSchema, type GeneratedSong } from '../../../../../domain/contracts/creation';
import { getParsed, retryUnlessRefused } from '../../../lib/api-client';
import { GENERATED_MUSIC_KEY } from '../../../lib/query-keys';
import { isInProgress } from '../workspace-filters';

export const POLL_WHILE_GENERATING_MS = 5_000;

export async function getGeneratedMusic({ signal }: { signal?: AbortSignal } = {}): Promise<GeneratedSong[]> {
  return (await getParsed(generatedSongListSchema, GENERATED_MUSIC_KEY[0], { signal })).songs;
}

/** The poll interval for a list: 5 s while a song is queued or being made, otherwise none. */
export function pollInterval(songs: readonly GeneratedSong[] | undefined): number | false {
  return songs?.some(isInProgress) ? POLL_WHILE_GENERATING_MS : false;
}

export const generatedMusicQueryOptions = () =>
  queryOptions({
    queryKey: GENERATED_MUSIC_KEY,
    queryFn: ({ signal }) => getGeneratedMusic({ signal }),
    retry: retryUnlessRefused,
    refetchInterval: (query) => pollInterval(query.state.data),
  });

export function useGeneratedMusic() {
  return useQuery(generatedMusicQueryOptions());
}
