import { describe, expect, it } from 'vitest';
import { gapPeaks, interpolatedGaps, stereoFramePeaks } from './interpolator';

const SR = 44_100;

/** Interleaved PCM of band-limited tones, a different mix per channel, and its exact value at any time. */
function tones(frames: number, channels: number): { pcm: Float32Array; at: (channel: number, t: number) => number } {
  const mixes = Array.from({ length: channels }, (_, c) => [
    { amplitude: 0.4, hz: 997 + 300 * c, phase: 0.3 * c },
    { amplitude: 0.3, hz: 5_003 + 1_100 * c, phase: 1.1 },
    { amplitude: 0.2, hz: 14_011 - 2_000 * c, phase: 2.0 + c },
  ]);
  const at = (channel: number, t: number): number => mixes[channel]!.reduce((sum, { amplitude, hz, phase }) => sum + amplitude * Math.sin((2 * Math.PI * hz * t) / SR + phase), 0);
  const pcm = new Float32Array(frames * channels);
  for (let n = 0; n < frames; n++) for (let c = 0; c < channels; c++) pcm[n * channels + c] = at(c, n);
  return { pcm, at };
}

describe('the 4x true-peak interpolator', () => {
  for (const channels of [1, 2, 3]) {
    it(`reconstructs the values between samples of band-limited ${channels}-channel audio, in every chunk and at the ends`, () => {
      // 40,003 frames: several of the kernel's chunks and a last group of four that is not full.
      const frames = 40_003;
      const { pcm, at } = tones(frames, channels);
      const { first, end } = interpolatedGaps(frames);
      const out = new Float32Array(frames);
      const peak = gapPeaks(pcm, channels, first, end, out);
      let worst = 0;
      let exactPeak = 0;
      for (let gap = first; gap < end; gap++) {
        let exact = 0;
        for (let c = 0; c < channels; c++) for (const p of [0.25, 0.5, 0.75]) exact = Math.max(exact, Math.abs(at(c, gap + p)));
        worst = Math.max(worst, Math.abs(out[gap]! - exact));
        exactPeak = Math.max(exactPeak, exact);
      }
      // −60 dB of the full scale: the filter's error up to 14 kHz, and float32 rounding.
      expect(worst).toBeLessThan(1e-3);
      expect(peak).toBeCloseTo(exactPeak, 3);
      // Gaps outside the range are not touched.
      expect(out[first - 1]).toBe(0);
      expect(out[end]).toBe(0);
    });
  }

  it('reads a sine at fs/4 sampled 45° off its crests at its crests, halfway between two samples', () => {
    const frames = 1_000;
    const pcm = new Float32Array(frames);
    for (let n = 0; n < frames; n++) pcm[n] = 0.5 * Math.sin((Math.PI / 2) * n + Math.PI / 4);
    const { first, end } = interpolatedGaps(frames);
    const out = new Float32Array(frames);
    gapPeaks(pcm, 1, first, end, out);
    // Samples run 0.354, 0.354, −0.354, −0.354, …: every other gap holds a crest (0.5) halfway,
    // the gaps between cross zero and peak at a quarter of the way, 0.5 · sin(π/8).
    for (let gap = first; gap < end; gap++) {
      const crest = Math.sign(pcm[gap]!) === Math.sign(pcm[gap + 1]!);
      expect(out[gap]).toBeCloseTo(crest ? 0.5 : 0.5 * Math.sin(Math.PI / 8), 3);
    }
  });

  it("gives each stereo frame the highest of its samples and the gaps on either side, over any range of frames", () => {
    const frames = 40_003;
    const { pcm } = tones(frames, 2);
    const { first, end } = interpolatedGaps(frames);
    const gaps = new Float32Array(frames);
    gapPeaks(pcm, 2, first, end, gaps);
    const peaks = new Float32Array(frames);
    // In three ranges, cut inside chunks, as threads share them out.
    for (const [from, to] of [[0, 1_000], [1_000, 20_001], [20_001, frames]] as const) stereoFramePeaks(pcm, from, to, peaks);
    for (let n = 0; n < frames; n++) {
      const expected = Math.max(Math.abs(pcm[2 * n]!), Math.abs(pcm[2 * n + 1]!), n - 1 >= first && n - 1 < end ? gaps[n - 1]! : 0, n >= first && n < end ? gaps[n]! : 0);
      expect(peaks[n]).toBe(expected);
    }
  });
});
