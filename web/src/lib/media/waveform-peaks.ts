// A finished song's waveform: its MP3 fetched with the session cookie and decoded by the browser
// at a low sample rate (a 3-minute song is about 6 MB of samples at 8 kHz instead of 60 MB at
// 44.1 kHz; the shape of the bars does not need more). A finished song's files never change, so
// the bars are kept for the session.
import { useQuery } from '@tanstack/react-query';
import { throwIfNotOk } from '../api-client';
import { peaksOf } from './peaks';

export const WAVEFORM_BARS = 96;
const DECODE_SAMPLE_RATE = 8_000;

async function decodePeaks(url: string, signal: AbortSignal): Promise<number[]> {
  const response = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(response);
  const encoded = await response.arrayBuffer();
  const context = new OfflineAudioContext(1, 1, DECODE_SAMPLE_RATE);
  const audio = await context.decodeAudioData(encoded);
  const channels = Array.from({ length: audio.numberOfChannels }, (_, index) => audio.getChannelData(index));
  return peaksOf(channels, WAVEFORM_BARS);
}

/** The bars of `url`'s audio; off where the browser has no Web Audio (the player still plays). */
export function useWaveformPeaks(url: string | null) {
  return useQuery({
    queryKey: [url ?? '', 'waveform'],
    queryFn: ({ signal }) => decodePeaks(url ?? '', signal),
    enabled: url !== null && typeof OfflineAudioContext !== 'undefined',
    staleTime: Infinity,
    retry: false,
  });
}
