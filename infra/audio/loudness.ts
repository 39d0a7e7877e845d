// A loudness meter after ITU-R BS.1770-4 and EBU R128 / Tech 3341-3342, over interleaved float PCM.
// Mastering measures every output with it, so the figures it reports are measured, not targets.
//
// - K-weighting: the standard's two biquads (high shelf, then high pass), with coefficients derived
//   from the analogue prototype for any sample rate (the same derivation libebur128 uses), so a
//   48 kHz file gets exactly the published coefficients and other rates get the matching filter.
// - Integrated loudness: 400 ms blocks with 75 % overlap, absolute gate at −70 LUFS, relative gate
//   10 LU below the loudness of the blocks that passed the absolute gate.
// - Loudness range (Tech 3342): 3 s short-term windows every 100 ms, gates at −70 LUFS and −20 LU,
//   the spread between the 10th and 95th percentile.
// - True peak (BS.1770-4 Annex 2): 4x oversampling with a windowed-sinc polyphase interpolator
//   (interpolator.ts), over every gap between samples.

import { gapPeaks, interpolatedGaps } from './interpolator';
import { instantiateKernel } from './wasm-kernel';

export interface LoudnessOptions {
  /** Compute the true peak (the costliest part). Default true. */
  truePeak?: boolean;
  /** Compute the loudness range. Default true. */
  loudnessRange?: boolean;
  /**
   * Stereo only: receives each frame's K-weighted power (the two channels' squares summed), one
   * value per frame, so a gain applied later can be measured without filtering again (see
   * integratedLoudnessOfSegments).
   */
  framePower?: Float32Array;
}

export interface LoudnessResult {
  /** Integrated loudness in LUFS; -Infinity for silence. */
  integratedLufs: number;
  /** Loudness range in LU (0 when under 3 s or silent); NaN when not computed. */
  loudnessRangeLu: number;
  /** Highest short-term (3 s) loudness in LUFS. */
  shortTermMaxLufs: number;
  /** True peak in dBTP (4x oversampled); NaN when not computed. */
  truePeakDbtp: number;
  /** Highest absolute sample value in dBFS. */
  samplePeakDbfs: number;
  /** Channel-weighted mean square of the K-weighted signal per 100 ms segment (for finding loud parts). */
  segmentPower: Float64Array;
  /** Length of one segment in seconds (0.1, rounded to whole samples). */
  segmentSeconds: number;
}

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The two K-weighting stages for a sample rate (BS.1770-4 Table 1 and 2 at 48 kHz). */
export function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  // Stage 1: high shelf, +4 dB above about 1.7 kHz (models the head).
  let f0 = 1681.974450955533;
  const g = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (g / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  // Stage 2: the RLB high pass at about 38 Hz.
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  return [shelf, highPass];
}

/** BS.1770 channel weights: 1.0 for front channels, 1.41 for surrounds (5.1 order L R C LFE Ls Rs; LFE excluded). */
function channelWeights(channels: number): number[] {
  if (channels === 6) return [1, 1, 1, 0, 1.41, 1.41];
  if (channels === 5) return [1, 1, 1, 1.41, 1.41];
  return Array.from({ length: channels }, () => 1);
}

const LUFS_OFFSET = -0.691;
const powerToLufs = (p: number): number => (p > 0 ? LUFS_OFFSET + 10 * Math.log10(p) : -Infinity);
const lufsToPower = (l: number): number => 10 ** ((l - LUFS_OFFSET) / 10);

/** Frames in one 100 ms segment, the unit every gate and window here is built from. */
export const segmentFramesAt = (sampleRate: number): number => Math.round(sampleRate / 10);

/** Measures interleaved PCM. */
export function measureLoudness(pcm: Float32Array, sampleRate: number, channels: number, options: LoudnessOptions = {}): LoudnessResult {
  const frames = Math.floor(pcm.length / channels);
  const segmentFrames = segmentFramesAt(sampleRate);
  const segments = Math.floor(frames / segmentFrames);
  const segmentPower = new Float64Array(segments);
  const weights = channelWeights(channels);
  const [s, h] = kWeightingFilters(sampleRate);

  if (options.framePower && (channels !== 2 || options.framePower.length < frames)) throw new RangeError('framePower needs stereo PCM and a value per frame');
  const samplePeak =
    channels === 2 ? kWeightedStereo(pcm, s, h, segmentFrames, segmentPower, weights, options.framePower ?? null) : kWeightedChannels(pcm, channels, s, h, segmentFrames, segmentPower, weights);

  // 400 ms momentary blocks (4 segments), every 100 ms.
  const blocks = windowPowers(segmentPower, 4);
  const integratedLufs = gatedLoudness(blocks, -10);

  const shortTerm = windowPowers(segmentPower, 30);
  let shortTermMax = -Infinity;
  for (const p of shortTerm) shortTermMax = Math.max(shortTermMax, powerToLufs(p));

  let loudnessRangeLu = Number.NaN;
  if (options.loudnessRange ?? true) loudnessRangeLu = loudnessRange(shortTerm);

  let truePeakDbtp = Number.NaN;
  if (options.truePeak ?? true) truePeakDbtp = amplitudeToDb(truePeak(pcm, channels, samplePeak));

  return {
    integratedLufs,
    loudnessRangeLu,
    shortTermMaxLufs: shortTermMax,
    truePeakDbtp,
    samplePeakDbfs: amplitudeToDb(samplePeak),
    segmentPower,
    segmentSeconds: segmentFrames / sampleRate,
  };
}

/**
 * K-weights each channel, adds its weighted mean square per segment into `segmentPower`, and
 * returns the highest absolute sample.
 */
function kWeightedChannels(pcm: Float32Array, channels: number, s: Biquad, h: Biquad, segmentFrames: number, segmentPower: Float64Array, weights: number[]): number {
  const frames = Math.floor(pcm.length / channels);
  const segments = segmentPower.length;
  let samplePeak = 0;
  for (let c = 0; c < channels; c++) {
    const w = weights[c] ?? 1;
    // Direct form II transposed, both stages in one pass; state in locals for speed.
    let z1a = 0;
    let z2a = 0;
    let z1b = 0;
    let z2b = 0;
    let sum = 0;
    let seg = 0;
    let inSeg = 0;
    for (let i = 0; i < frames; i++) {
      const x = pcm[i * channels + c]!;
      const ax = x < 0 ? -x : x;
      if (ax > samplePeak) samplePeak = ax;
      const y1 = s.b0 * x + z1a;
      z1a = s.b1 * x - s.a1 * y1 + z2a;
      z2a = s.b2 * x - s.a2 * y1;
      const y2 = h.b0 * y1 + z1b;
      z1b = h.b1 * y1 - h.a1 * y2 + z2b;
      z2b = h.b2 * y1 - h.a2 * y2;
      sum += y2 * y2;
      if (++inSeg === segmentFrames) {
        if (seg < segments && w > 0) segmentPower[seg] = segmentPower[seg]! + (w * sum) / segmentFrames;
        seg++;
        inSeg = 0;
        sum = 0;
      }
    }
  }
  return samplePeak;
}

/** Frames the stereo K-weighting kernel filters per call. */
const K_CHUNK_FRAMES = 16_384;
/** Byte offsets of the kernel's outputs after its input: each frame's power (f32), then each finished segment's sums (f64 per channel). */
const K_POWER_AT = K_CHUNK_FRAMES * 8;
const K_SUMS_AT = K_POWER_AT + K_CHUNK_FRAMES * 4;

/**
 * The stereo K-weighting kernel (see wasm-kernel.ts): both channels as the two lanes of one f64x2,
 * the same operations in the same order as kWeightedChannels, so the figures are the same to the
 * bit. `filter(frames, withPower, segmentFrames, coefficients…)` reads interleaved float32 frames at
 * byte 0; it stores each frame's power (both channels' squares summed) at K_POWER_AT when
 * `withPower`, and the per-channel sums of squares of each segment of `segmentFrames` frames that
 * ends in this call at K_SUMS_AT, and returns how many ended. The filters' state, the segment
 * under way and the highest absolute sample (`peak()`) carry over from call to call until
 * `reset()`.
 */
const K_WEIGHTING_KERNEL = (() => {
  const state = ['z1a', 'z2a', 'z1b', 'z2b', 'sum', 'peak'];
  const coefficients = ['sb0', 'sb1', 'sb2', 'sa1', 'sa2', 'hb0', 'hb1', 'hb2', 'ha1', 'ha2'];
  const get = (name: string): string => `(local.get $${name})`;
  const mul = (a: string, b: string): string => `(f64x2.mul ${a} ${b})`;
  const add = (a: string, b: string): string => `(f64x2.add ${a} ${b})`;
  const sub = (a: string, b: string): string => `(f64x2.sub ${a} ${b})`;
  const text = `(module
  (memory (export "memory") ${Math.ceil((K_SUMS_AT + K_CHUNK_FRAMES * 16) / 65_536)})
  ${state.map((z) => `(global $${z} (mut v128) (v128.const i64x2 0 0))`).join('\n  ')}
  (global $inSegment (mut i32) (i32.const 0))
  (func (export "reset")
    ${state.map((z) => `(global.set $${z} (v128.const i64x2 0 0))`).join('\n    ')}
    (global.set $inSegment (i32.const 0)))
  (func (export "peak") (result f64)
    (f64.max (f64x2.extract_lane 0 (global.get $peak)) (f64x2.extract_lane 1 (global.get $peak))))
  (func (export "filter") (param $frames i32) (param $withPower i32) (param $segmentFrames i32) ${coefficients.map((c) => `(param $${c}_ f64)`).join(' ')} (result i32)
    (local $in i32) (local $power i32) (local $sums i32) (local $inSegment i32) (local $x v128) (local $y1 v128) (local $y2 v128) (local $p v128)
    ${coefficients.map((c) => `(local $${c} v128)`).join(' ')}
    ${state.map((z) => `(local $${z} v128)`).join(' ')}
    ${coefficients.map((c) => `(local.set $${c} (f64x2.splat (local.get $${c}_)))`).join('\n    ')}
    ${state.map((z) => `(local.set $${z} (global.get $${z}))`).join('\n    ')}
    (local.set $inSegment (global.get $inSegment))
    (local.set $power (i32.const ${K_POWER_AT}))
    (local.set $sums (i32.const ${K_SUMS_AT}))
    (block $done
      (loop $frame
        (br_if $done (i32.eqz (local.get $frames)))
        (local.set $x (f64x2.promote_low_f32x4 (v128.load64_zero (local.get $in))))
        (local.set $peak (f64x2.max (local.get $peak) (f64x2.abs (local.get $x))))
        (local.set $y1 ${add(mul(get('sb0'), get('x')), get('z1a'))})
        (local.set $z1a ${add(sub(mul(get('sb1'), get('x')), mul(get('sa1'), get('y1'))), get('z2a'))})
        (local.set $z2a ${sub(mul(get('sb2'), get('x')), mul(get('sa2'), get('y1')))})
        (local.set $y2 ${add(mul(get('hb0'), get('y1')), get('z1b'))})
        (local.set $z1b ${add(sub(mul(get('hb1'), get('y1')), mul(get('ha1'), get('y2'))), get('z2b'))})
        (local.set $z2b ${sub(mul(get('hb2'), get('y1')), mul(get('ha2'), get('y2')))})
        (local.set $p ${mul(get('y2'), get('y2'))})
        (if (local.get $withPower) (then
          (f32.store (local.get $power) (f32.demote_f64 (f64.add (f64x2.extract_lane 0 (local.get $p)) (f64x2.extract_lane 1 (local.get $p)))))))
        (local.set $sum ${add(get('sum'), get('p'))})
        (local.set $inSegment (i32.add (local.get $inSegment) (i32.const 1)))
        (if (i32.eq (local.get $inSegment) (local.get $segmentFrames)) (then
          (v128.store (local.get $sums) (local.get $sum))
          (local.set $sums (i32.add (local.get $sums) (i32.const 16)))
          (local.set $sum (v128.const i64x2 0 0))
          (local.set $inSegment (i32.const 0))))
        (local.set $in (i32.add (local.get $in) (i32.const 8)))
        (local.set $power (i32.add (local.get $power) (i32.const 4)))
        (local.set $frames (i32.sub (local.get $frames) (i32.const 1)))
        (br $frame)))
    ${state.map((z) => `(global.set $${z} (local.get $${z}))`).join('\n    ')}
    (global.set $inSegment (local.get $inSegment))
    (i32.shr_u (i32.sub (local.get $sums) (i32.const ${K_SUMS_AT})) (i32.const 4))))`;
  const exports = instantiateKernel('k-weighting', text);
  const memory = exports.memory as WebAssembly.Memory;
  return {
    samples: new Float32Array(memory.buffer, 0, 2 * K_CHUNK_FRAMES),
    power: new Float32Array(memory.buffer, K_POWER_AT, K_CHUNK_FRAMES),
    sums: new Float64Array(memory.buffer, K_SUMS_AT, 2 * K_CHUNK_FRAMES),
    reset: exports.reset as () => void,
    peak: exports.peak as () => number,
    filter: exports.filter as (frames: number, withPower: number, segmentFrames: number, ...coefficients: number[]) => number,
  };
})();

/**
 * The same for stereo, both channels in one sweep through the kernel above (the common case),
 * writing each frame's K-weighted power into `framePower` when given.
 */
function kWeightedStereo(pcm: Float32Array, s: Biquad, h: Biquad, segmentFrames: number, segmentPower: Float64Array, weights: number[], framePower: Float32Array | null): number {
  K_WEIGHTING_KERNEL.reset();
  kWeightStereoFrames(pcm, s, h, segmentFrames, segmentPower, 0, weights, framePower);
  return K_WEIGHTING_KERNEL.peak();
}

/**
 * Feeds interleaved stereo through the kernel from where its last call stopped, storing the
 * segments that end from `segment` on; returns the next segment's index.
 */
function kWeightStereoFrames(pcm: Float32Array, s: Biquad, h: Biquad, segmentFrames: number, segmentPower: Float64Array, segment: number, weights: number[], framePower: Float32Array | null): number {
  const frames = Math.floor(pcm.length / 2);
  const { samples, power, sums } = K_WEIGHTING_KERNEL;
  const wl = weights[0] ?? 1;
  const wr = weights[1] ?? 1;
  for (let start = 0; start < frames; start += K_CHUNK_FRAMES) {
    const count = Math.min(K_CHUNK_FRAMES, frames - start);
    samples.set(pcm.subarray(2 * start, 2 * (start + count)));
    const ended = K_WEIGHTING_KERNEL.filter(count, framePower ? 1 : 0, segmentFrames, s.b0, s.b1, s.b2, s.a1, s.a2, h.b0, h.b1, h.b2, h.a1, h.a2);
    if (framePower) framePower.set(power.subarray(0, count), start);
    // Summed per channel, as the per-channel loop does, so both paths give the same figures.
    for (let i = 0; i < ended && segment < segmentPower.length; i++, segment++) {
      segmentPower[segment] = (wl * sums[2 * i]!) / segmentFrames + (wr * sums[2 * i + 1]!) / segmentFrames;
    }
  }
  return segment;
}

/** Frames measureStereoInBlocks reads at a time (and its reads' margins): whole chunks of the kernel. */
export const METER_BLOCK_FRAMES = 64 * K_CHUNK_FRAMES;
/** Frames read on each side of a block: the reach of the true-peak interpolator's taps. */
export const METER_BLOCK_MARGIN = 16;

/**
 * The integrated loudness and true peak measureLoudness gives stereo audio, for audio made block by
 * block rather than held whole: `read(from, to)` gives interleaved frames [from, to), at most
 * METER_BLOCK_FRAMES + 2 × METER_BLOCK_MARGIN of them (its buffer may be reused by the next read).
 * The figures are measureLoudness's to the bit: the kernel is fed the same chunks, and each block's
 * inter-sample peaks are interpolated with the frames around it (read only with `truePeak`, the default).
 */
export function measureStereoInBlocks(frames: number, sampleRate: number, read: (from: number, to: number) => Float32Array, options: Pick<LoudnessOptions, 'truePeak'> = {}): Pick<LoudnessResult, 'integratedLufs' | 'truePeakDbtp'> {
  const withTruePeak = options.truePeak ?? true;
  const segmentFrames = segmentFramesAt(sampleRate);
  const segmentPower = new Float64Array(Math.floor(frames / segmentFrames));
  const weights = channelWeights(2);
  const [s, h] = kWeightingFilters(sampleRate);
  const gaps = interpolatedGaps(frames);
  let interPeak = 0;
  K_WEIGHTING_KERNEL.reset();
  for (let from = 0, segment = 0; from < frames; from += METER_BLOCK_FRAMES) {
    const to = Math.min(frames, from + METER_BLOCK_FRAMES);
    const readFrom = withTruePeak ? Math.max(0, from - METER_BLOCK_MARGIN) : from;
    const pcm = read(readFrom, withTruePeak ? Math.min(frames, to + METER_BLOCK_MARGIN) : to);
    segment = kWeightStereoFrames(pcm.subarray(2 * (from - readFrom), 2 * (to - readFrom)), s, h, segmentFrames, segmentPower, segment, weights, null);
    if (!withTruePeak) continue;
    const first = Math.max(gaps.first, from);
    const end = Math.min(gaps.end, to);
    if (first < end) interPeak = Math.max(interPeak, gapPeaks(pcm, 2, first - readFrom, end - readFrom));
  }
  const samplePeak = K_WEIGHTING_KERNEL.peak();
  return { integratedLufs: integratedLoudnessOfSegments(segmentPower), truePeakDbtp: withTruePeak ? amplitudeToDb(Math.max(samplePeak, interPeak)) : Number.NaN };
}

/**
 * Integrated loudness of a measured signal times a gain, without measuring it again: K-weighting
 * is linear, so each segment's power scales by the gain squared; the gates are then applied anew.
 */
export function integratedLoudnessAtGain(measured: LoudnessResult, gainDb: number): number {
  const blocks = windowPowers(measured.segmentPower, 4);
  const scale = 10 ** (gainDb / 10);
  for (let i = 0; i < blocks.length; i++) blocks[i] = blocks[i]! * scale;
  return gatedLoudness(blocks, -10);
}

/**
 * Integrated loudness from per-segment (100 ms) channel-weighted mean squares of the K-weighted
 * signal, as `measureLoudness` gates them.
 */
export function integratedLoudnessOfSegments(segmentPower: Float64Array): number {
  return gatedLoudness(windowPowers(segmentPower, 4), -10);
}

function windowPowers(segmentPower: Float64Array, width: number): Float64Array {
  const n = segmentPower.length - width + 1;
  if (n <= 0) return new Float64Array(0);
  const out = new Float64Array(n);
  let acc = 0;
  for (let i = 0; i < width; i++) acc += segmentPower[i]!;
  out[0] = acc / width;
  for (let i = 1; i < n; i++) {
    acc += segmentPower[i + width - 1]! - segmentPower[i - 1]!;
    out[i] = Math.max(0, acc / width);
  }
  return out;
}

/** BS.1770 two-stage gating over block powers: absolute −70 LUFS, then `relativeLu` below the gated mean. */
function gatedLoudness(blocks: Float64Array, relativeLu: number): number {
  const absGate = lufsToPower(-70);
  let sum = 0;
  let n = 0;
  for (const p of blocks) {
    if (p > absGate) {
      sum += p;
      n++;
    }
  }
  if (n === 0) return -Infinity;
  const relGate = lufsToPower(powerToLufs(sum / n) + relativeLu);
  sum = 0;
  n = 0;
  for (const p of blocks) {
    if (p > absGate && p > relGate) {
      sum += p;
      n++;
    }
  }
  return n === 0 ? -Infinity : powerToLufs(sum / n);
}

/** EBU Tech 3342 loudness range over short-term powers. */
function loudnessRange(shortTerm: Float64Array): number {
  const absGate = lufsToPower(-70);
  const passed: number[] = [];
  let sum = 0;
  for (const p of shortTerm) {
    if (p > absGate) {
      passed.push(p);
      sum += p;
    }
  }
  if (passed.length === 0) return 0;
  const relGate = lufsToPower(powerToLufs(sum / passed.length) - 20);
  const levels = passed
    .filter((p) => p > relGate)
    .map(powerToLufs)
    .sort((a, b) => a - b);
  if (levels.length === 0) return 0;
  const at = (q: number): number => levels[Math.min(levels.length - 1, Math.max(0, Math.round(q * (levels.length - 1))))]!;
  return at(0.95) - at(0.1);
}

export function amplitudeToDb(a: number): number {
  return a > 0 ? 20 * Math.log10(a) : -Infinity;
}

/** True peak of interleaved PCM as a linear amplitude: the highest sample or inter-sample peak. */
function truePeak(pcm: Float32Array, channels: number, samplePeak: number): number {
  return Math.max(samplePeak, interSamplePeak(pcm, channels));
}

/**
 * The highest value between two samples of interleaved PCM (4x-interpolated, see interpolator.ts),
 * linear, over every gap the interpolator has taps for: the true peak wherever it beats the
 * highest sample.
 */
export function interSamplePeak(pcm: Float32Array, channels: number): number {
  const { first, end } = interpolatedGaps(Math.floor(pcm.length / channels));
  return gapPeaks(pcm, channels, first, end);
}
