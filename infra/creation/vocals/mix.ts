// A voice made outside the synthesizer joins the render as its own stem, "Vocals", before the
// loudness step: it is added to the mix sample for sample, so the stems still sum to the mix, and
// the loudness step then gives every stem, the voice's too, the same gain.
import { readFile } from 'node:fs/promises';
import { measureLoudness } from '../../audio/loudness';
import { float32FromBytes } from '../../audio/typed-bytes';
import type { StemSource } from '../outputs';

export const VOCALS_STEM_NAME = 'Vocals';
/** Where the voice sits against the band: its loudness this many LU under the instruments' (a lead vocal, in front but not on top). */
export const VOCAL_LEVEL_LU = -2;

/**
 * Adds the voice in `pcmPath` (interleaved stereo float at the render's rate) to the mix in place,
 * at its level against the band, and gives it back as the stem to write from that file.
 */
export async function mixVocals(mix: Float32Array, sampleRate: number, pcmPath: string): Promise<StemSource> {
  const voice = float32FromBytes(await readFile(pcmPath));
  const sung = voice.subarray(0, Math.min(voice.length, mix.length));
  const band = measureLoudness(mix, sampleRate, 2, { loudnessRange: false, truePeak: false }).integratedLufs;
  const level = measureLoudness(sung, sampleRate, 2, { loudnessRange: false, truePeak: false }).integratedLufs;
  const gain = Number.isFinite(band) && Number.isFinite(level) ? 10 ** ((band + VOCAL_LEVEL_LU - level) / 20) : 1;
  for (let i = 0; i < sung.length; i++) mix[i] = mix[i]! + Math.fround(sung[i]! * gain);
  return { name: VOCALS_STEM_NAME, files: [pcmPath], gain };
}
