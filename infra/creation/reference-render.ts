// The same MIDI rendered the plain way, every channel and the effects into one stereo pair
// (`process()`), as a reference the stems are checked against: the tests and the benchmark measure
// how far the sum of the stems is from it.
import { SpessaSynthProcessor, SpessaSynthSequencer } from 'spessasynth_core';
import { parseMidi, RENDER_SAMPLE_RATE } from './render-midi';
import { loadSoundFont } from './soundfont';

const BLOCK = 128;

/** `frames` of interleaved stereo, rendered together. */
export async function renderTogether(midi: Uint8Array, frames: number): Promise<Float32Array> {
  const synth = new SpessaSynthProcessor(RENDER_SAMPLE_RATE, { effectsEnabled: true, eventsEnabled: false, maxBufferSize: BLOCK });
  synth.soundBankManager.addSoundBank(await loadSoundFont(), 'main');
  const sequencer = new SpessaSynthSequencer(synth);
  sequencer.skipToFirstNoteOn = false;
  sequencer.loadNewSongList([parseMidi(midi)]);
  sequencer.play();
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let start = 0; start < frames; start += BLOCK) {
    sequencer.processTick();
    synth.process(left, right, start, Math.min(BLOCK, frames - start));
  }
  const out = new Float32Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    out[2 * i] = left[i]!;
    out[2 * i + 1] = right[i]!;
  }
  return out;
}

/** The energy of `b − a` over the energy of `a`, in dB. */
export function residualDb(a: Float32Array, b: Float32Array): number {
  let signal = 0;
  let error = 0;
  for (let i = 0; i < a.length; i++) {
    signal += a[i]! * a[i]!;
    error += (a[i]! - b[i]!) ** 2;
  }
  return 10 * Math.log10(error / signal);
}

/** The stems of a render added up. */
export function sumOfStems(stems: readonly { pcm: Float32Array }[], length: number): Float32Array {
  const sum = new Float32Array(length);
  for (const stem of stems) for (let i = 0; i < length; i++) sum[i] = sum[i]! + stem.pcm[i]!;
  return sum;
}
