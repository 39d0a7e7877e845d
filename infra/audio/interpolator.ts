// The true-peak interpolator (ITU-R BS.1770-4 Annex 2): 4x oversampling with a 128-tap
// Kaiser-windowed sinc, 32 taps per phase, cutoff at the original Nyquist. Phase 0 is the sample
// itself, so only phases 1–3 are filtered. Shorter phases (16 taps) were tried and read a
// hard-clipped master 0.3 dB under ffmpeg's ebur128, the unsafe side of a ceiling.
//
// Every gap of a track is interpolated, so this is the engine's heaviest loop (96 multiply-adds a
// gap and channel, 48 using the phases' symmetry). It runs as a WebAssembly SIMD kernel (see
// wasm-kernel.ts) that filters four values at once, over ten times what the same loop does in
// JavaScript; that makes interpolating every gap cheaper than the heuristics that used to skip
// most of them. The kernel's text is generated below with the coefficients written in as constants.
import { instantiateKernel } from './wasm-kernel';

const OVERSAMPLE = 4;
const TAPS_PER_PHASE = 32;
const HALF = TAPS_PER_PHASE / 2;

/** Coefficients of phases 1–3, each normalised to unity gain at DC. */
const PHASES: Float64Array[] = (() => {
  const taps = OVERSAMPLE * TAPS_PER_PHASE;
  const center = taps / 2;
  const beta = 7;
  const bessel0 = (x: number): number => {
    let sum = 1;
    let term = 1;
    for (let k = 1; k < 30; k++) {
      term *= (x / (2 * k)) ** 2;
      sum += term;
    }
    return sum;
  };
  const phases: Float64Array[] = [];
  for (let p = 1; p < OVERSAMPLE; p++) {
    const coef = new Float64Array(TAPS_PER_PHASE);
    for (let k = 0; k < TAPS_PER_PHASE; k++) {
      const n = k * OVERSAMPLE + p;
      const t = (n - center) / OVERSAMPLE;
      const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
      const r = (n - center) / center;
      const window = Math.abs(r) >= 1 ? 0 : bessel0(beta * Math.sqrt(1 - r * r)) / bessel0(beta);
      coef[k] = sinc * window;
    }
    const sum = coef.reduce((a, b) => a + b, 0);
    for (let k = 0; k < TAPS_PER_PHASE; k++) coef[k] = coef[k]! / sum;
    phases.push(coef);
  }
  return phases;
})();

/** Gaps one kernel call filters: one channel's chunk of samples sits in the kernel's memory. */
const CHUNK_GAPS = 16_384;
/** Frames a chunk reads: its gaps' taps reach HALF - 1 frames before and HALF after. */
const CHUNK_SAMPLES = CHUNK_GAPS + TAPS_PER_PHASE;
/** Byte offset of the kernel's output, one magnitude per gap, after the input (stereo at most). */
const OUTPUT_AT = 2 * CHUNK_SAMPLES * 4;

/**
 * The kernel, two functions over the samples at byte 0, taps unrolled with the coefficients as
 * constants (tap k of a gap reads 31 − k samples of its channel past the gap's first):
 * - `mono(quads, accumulate)` filters `quads` groups of four gaps of one channel and stores each
 *   gap's highest magnitude over the three phases at OUTPUT_AT — or, with `accumulate`, the higher
 *   of that and what is stored there already, so channels combine;
 * - `stereo(pairs)` filters interleaved stereo as it comes, two gaps of both channels at once, and
 *   stores each gap's highest magnitude over both channels.
 */
function kernelText(): string {
  // The phases mirror each other (phase 3's taps are phase 1's reversed, phase 2 is symmetric),
  // so taps k and 31 − k are filtered together: with s = x_k + x_31−k and d = x_k − x_31−k,
  // phase 2 is Σ h2·s, and phases 1 and 3 are (u ± v) / 2 with u = Σ (h1_k + h1_31−k)·s and
  // v = Σ (h1_k − h1_31−k)·d, so max(|y1|, |y3|) = (|u| + |v|) / 2. Half the multiplications.
  const [h1, h2] = PHASES as [Float64Array, Float64Array, Float64Array];
  const splat = (c: number): string => {
    const text = c.toPrecision(9);
    return `(v128.const f32x4 ${text} ${text} ${text} ${text})`;
  };
  const filter = (frameBytes: number): string => {
    const lines: string[] = [];
    const mirror = TAPS_PER_PHASE - 1;
    for (let k = 0; k < TAPS_PER_PHASE / 2; k++) {
      lines.push(
        `(local.set $a (v128.load offset=${(mirror - k) * frameBytes} (local.get $in)))`,
        `(local.set $b (v128.load offset=${k * frameBytes} (local.get $in)))`,
        `(local.set $s (f32x4.add (local.get $a) (local.get $b)))`,
        `(local.set $d (f32x4.sub (local.get $a) (local.get $b)))`,
        `(local.set $y2 (f32x4.add (local.get $y2) (f32x4.mul (local.get $s) ${splat(h2[k]!)})))`,
        `(local.set $u (f32x4.add (local.get $u) (f32x4.mul (local.get $s) ${splat(h1[k]! + h1[mirror - k]!)})))`,
        `(local.set $v (f32x4.add (local.get $v) (f32x4.mul (local.get $d) ${splat(h1[k]! - h1[mirror - k]!)})))`,
      );
    }
    return `(local.set $y2 (v128.const i32x4 0 0 0 0))
        (local.set $u (v128.const i32x4 0 0 0 0))
        (local.set $v (v128.const i32x4 0 0 0 0))
        ${lines.join('\n        ')}
        (local.set $m (f32x4.max (f32x4.abs (local.get $y2)) (f32x4.mul (f32x4.add (f32x4.abs (local.get $u)) (f32x4.abs (local.get $v))) ${splat(0.5)})))`;
  };
  const locals = '(local $in i32) (local $out i32) (local $a v128) (local $b v128) (local $s v128) (local $d v128) (local $y2 v128) (local $u v128) (local $v v128) (local $m v128)';
  // A function over `count` groups: `body` filters one (16 bytes of input) and stores its result.
  const groupLoop = (name: string, params: string, count: string, body: string, outBytes: number): string => `(func (export "${name}") ${params}
    ${locals}
    (local.set $out (i32.const ${OUTPUT_AT}))
    (block $done
      (loop $group
        (br_if $done (i32.eqz (local.get ${count})))
        ${body}
        (local.set $in (i32.add (local.get $in) (i32.const 16)))
        (local.set $out (i32.add (local.get $out) (i32.const ${outBytes})))
        (local.set ${count} (i32.sub (local.get ${count}) (i32.const 1)))
        (br $group))))`;
  const pages = Math.ceil((OUTPUT_AT + CHUNK_GAPS * 4) / 65_536);
  return `(module
  (memory (export "memory") ${pages})
  ${groupLoop(
    'mono',
    '(param $quads i32) (param $accumulate i32)',
    '$quads',
    `${filter(4)}
        (if (local.get $accumulate) (then (local.set $m (f32x4.max (local.get $m) (v128.load (local.get $out))))))
        (v128.store (local.get $out) (local.get $m))`,
    16,
  )}
  ${groupLoop(
    'stereo',
    '(param $pairs i32)',
    '$pairs',
    `${filter(8)}
        ;; lanes: gap left, gap right, next gap left, next gap right
        (local.set $m (f32x4.max
          (i8x16.shuffle 0 1 2 3 8 9 10 11 0 1 2 3 8 9 10 11 (local.get $m) (local.get $m))
          (i8x16.shuffle 4 5 6 7 12 13 14 15 4 5 6 7 12 13 14 15 (local.get $m) (local.get $m))))
        (v128.store64_lane 0 (local.get $out) (local.get $m))`,
    8,
  )})`;
}

interface Kernel {
  samples: Float32Array;
  output: Float32Array;
  mono: (quads: number, accumulate: number) => void;
  stereo: (pairs: number) => void;
}

const kernel: Kernel = (() => {
  const exports = instantiateKernel('interpolator', kernelText());
  const memory = exports.memory as WebAssembly.Memory;
  return {
    samples: new Float32Array(memory.buffer, 0, 2 * CHUNK_SAMPLES),
    output: new Float32Array(memory.buffer, OUTPUT_AT, CHUNK_GAPS),
    mono: exports.mono as Kernel['mono'],
    stereo: exports.stereo as Kernel['stereo'],
  };
})();

/** The gaps (numbered by the frame before them) the interpolator has taps for on both sides. */
export function interpolatedGaps(frames: number): { first: number; end: number } {
  return { first: HALF - 1, end: Math.max(HALF - 1, frames - HALF) };
}

/**
 * Interpolates the gaps `first` ≤ gap < `end` (gap n lies between frames n and n + 1; see
 * interpolatedGaps) of interleaved PCM, every channel, and returns the highest magnitude found.
 * With `out`, each gap's highest magnitude over its channels is also stored at out[gap − outStart].
 */
export function gapPeaks(pcm: Float32Array, channels: number, first: number, end: number, out?: Float32Array, outStart = 0): number {
  const { samples, output } = kernel;
  let peak = 0;
  for (let chunk = first; chunk < end; chunk += CHUNK_GAPS) {
    const gaps = Math.min(CHUNK_GAPS, end - chunk);
    // Frames chunk − 15 … chunk + gaps + 15 are real; the lanes a last partial group adds past
    // them read zeros and are not used.
    const from = chunk - HALF + 1;
    const count = gaps + TAPS_PER_PHASE - 1;
    if (channels === 2) {
      const pairs = Math.ceil(gaps / 2);
      samples.set(pcm.subarray(2 * from, 2 * (from + count)));
      samples.fill(0, 2 * count, 2 * (pairs * 2 + TAPS_PER_PHASE - 1));
      kernel.stereo(pairs);
    } else {
      const quads = Math.ceil(gaps / 4);
      for (let c = 0; c < channels; c++) {
        for (let i = 0, s = from * channels + c; i < count; i++, s += channels) samples[i] = pcm[s]!;
        samples.fill(0, count, quads * 4 + TAPS_PER_PHASE - 1);
        kernel.mono(quads, c === 0 ? 0 : 1);
      }
    }
    for (let g = 0; g < gaps; g++) if (output[g]! > peak) peak = output[g]!;
    if (out) out.set(output.subarray(0, gaps), chunk - outStart);
  }
  return peak;
}

/**
 * Each frame's peak for interleaved stereo frames `from` ≤ n < `to`, into out[n]: the highest of
 * its two samples and the interpolated values in the gaps on either side of it.
 */
export function stereoFramePeaks(pcm: Float32Array, from: number, to: number, out: Float32Array): void {
  const { first, end } = interpolatedGaps(pcm.length / 2);
  // Gaps from − 1 … to − 1, at gap − (from − 1); those the interpolator has no taps for stay 0.
  const gaps = new Float32Array(to - from + 1);
  gapPeaks(pcm, 2, Math.max(first, from - 1), Math.min(end, to), gaps, from - 1);
  for (let n = from; n < to; n++) {
    const l = pcm[2 * n]!;
    const r = pcm[2 * n + 1]!;
    let peak = l > r ? (l > -r ? l : -r) : r > -l ? r : -l;
    const before = gaps[n - from]!;
    const after = gaps[n - from + 1]!;
    if (before > peak) peak = before;
    if (after > peak) peak = after;
    out[n] = peak;
  }
}
