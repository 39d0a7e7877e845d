// PUT /api/generated-music/:id/like { liked }: marks a song liked or not; the list is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatedSongSchema, type GeneratedSong } from '../../../../../domain/contracts/creation';
import { requestParsed } from '../../../lib/api-client';
import { GENERATED_MUSIC_KEY } from '../../../lib/query-keys';

export function likeSong(songId: string, liked: boolean): Promise<GeneratedSong> {
  return requestParsed(generatedSongSchema, 'PUT', `${GENERATED_MUSIC_KEY[0]}/${encodeURIComponent(songId)}/like`, { liked });
}

export function useLikeSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ songId, liked }: { songId: string; liked: boolean }) => likeSong(songId, liked),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GENERATED_MUSIC_KEY }),
  });
}
