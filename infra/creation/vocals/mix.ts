// A voice made outside the synthesizer joins the render as its own stem, "Vocals", before the
// loudness step: it is added to the mix sample for sample, so the stems still sum to the mix, and
// the loudness step then gives every stem, the voice's too, the same gain.
import { readFile } from 'node:fs/promises';
import { measureLoudness } from '../../audio/loudness';
import { float32FromBytes } from '../../audio/typed-bytes';
import type { RenderedAudio } from '../render-midi';

export const VOCALS_STEM_NAME = 'Vocals';
/** Where the voice sits against the band: its loudness this many LU under the instruments' (a lead vocal, in front but not on top). */
export const VOCAL_LEVEL_LU = -2;

/** Adds the voice in `pcmPath` (interleaved stereo float at the render's rate) to the render as its first stem. */
export async function mixVocals(render: RenderedAudio, pcmPath: string): Promise<{ gainDb: number }> {
  const voice = float32FromBytes(await readFile(pcmPath));
  const pcm = new Float32Array(render.frames * 2);
  pcm.set(voice.subarray(0, pcm.length));
  const band = measureLoudness(render.mix, render.sampleRate, 2, { loudnessRange: false, truePeak: false }).integratedLufs;
  const sung = measureLoudness(pcm, render.sampleRate, 2, { loudnessRange: false, truePeak: false }).integratedLufs;
  const gainDb = Number.isFinite(band) && Number.isFinite(sung) ? band + VOCAL_LEVEL_LU - sung : 0;
  const gain = 10 ** (gainDb / 20);
  for (let i = 0; i < pcm.length; i++) {
    pcm[i] = pcm[i]! * gain;
    render.mix[i] = render.mix[i]! + pcm[i]!;
  }
  render.stems.unshift({ name: VOCALS_STEM_NAME, channel: null, pcm });
  return { gainDb };
}
