// A voice made outside the synthesizer joins the render as its own stem, "Vocals", before the
// loudness step: it is added to the mix sample for sample, so the stems still sum to the mix, and
// the loudness step then gives every stem, the voice's too, the same gain.
import { readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { measureLoudness, measureStereoInBlocks, METER_BLOCK_FRAMES } from '../../audio/loudness';
import type { StemSource } from '../outputs';

export const VOCALS_STEM_NAME = 'Vocals';
/** Where the voice sits against the band: its loudness this many LU under the instruments' (a lead vocal, in front but not on top). */
export const VOCAL_LEVEL_LU = -2;

/** Frames of the voice read at a time. */
const BLOCK_FRAMES = METER_BLOCK_FRAMES;

/**
 * Adds the voice in `pcmPath` (interleaved stereo float at the render's rate) to the mix in place,
 * at its level against the band, and gives it back as the stem to write from that file. The voice
 * is read a block at a time, twice (measured, then added), never held whole beside the mix.
 */
export async function mixVocals(mix: Float32Array, sampleRate: number, pcmPath: string): Promise<StemSource> {
  const file = await open(pcmPath, 'r');
  try {
    const frames = Math.min(Math.floor((await file.stat()).size / 8), mix.length / 2);
    const block = new Float32Array(2 * BLOCK_FRAMES);
    const bytes = new Uint8Array(block.buffer);
    const read = (from: number, to: number): Float32Array => {
      const wanted = (to - from) * 8;
      let got = 0;
      while (got < wanted) {
        const n = readSync(file.fd, bytes, got, wanted - got, from * 8 + got);
        if (n === 0) throw new Error(`${pcmPath} ended before its ${frames} frames`);
        got += n;
      }
      return block.subarray(0, 2 * (to - from));
    };
    const band = measureLoudness(mix, sampleRate, 2, { loudnessRange: false, truePeak: false }).integratedLufs;
    const level = measureStereoInBlocks(frames, sampleRate, read, { truePeak: false }).integratedLufs;
    const gain = Number.isFinite(band) && Number.isFinite(level) ? 10 ** ((band + VOCAL_LEVEL_LU - level) / 20) : 1;
    for (let from = 0; from < frames; from += BLOCK_FRAMES) {
      const sung = read(from, Math.min(frames, from + BLOCK_FRAMES));
      const at = 2 * from;
      for (let i = 0; i < sung.length; i++) mix[at + i] = mix[at + i]! + Math.fround(sung[i]! * gain);
    }
    return { name: VOCALS_STEM_NAME, files: [pcmPath], gain };
  } finally {
    await file.close();
  }
}
