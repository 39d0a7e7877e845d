// POST /api/audio/generate-lyrics: lyrics written from the description on this server, free of
// charge. The answer carries its seed; the studio sends that seed plus one to get other lyrics.
import { useMutation } from '@tanstack/react-query';
import { lyricsResponseSchema, type LyricsRequest, type LyricsResponse } from '../../../../../domain/contracts/creation';
import { requestParsed } from '../../../lib/api-client';

export type LyricsBody = Omit<LyricsRequest, 'seed'> & { seed?: number };

export function generateLyrics(body: LyricsBody): Promise<LyricsResponse> {
  return requestParsed(lyricsResponseSchema, 'POST', '/api/audio/generate-lyrics', body);
}

export function useGenerateLyrics() {
  return useMutation({ mutationFn: generateLyrics, retry: false });
}
