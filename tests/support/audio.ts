// Generates real audio for tests: 16-bit PCM WAV of a sine tone at half of full scale.
import { encodeWav, sine } from '../../infra/audio/test-signals';

export function sineWav({ seconds = 1, sampleRate = 44_100, channels = 2, frequency = 440 } = {}): Buffer {
  return encodeWav(sine({ seconds, sampleRate, channels, frequency, dbfs: 20 * Math.log10(0.5) }), sampleRate, channels, 's16');
}
