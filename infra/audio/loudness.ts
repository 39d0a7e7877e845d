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

/**
 * The same for stereo, both channels in one sweep (the common case, read once in memory order),
 * writing each frame's K-weighted power into `framePower` when given.
 */
function kWeightedStereo(pcm: Float32Array, s: Biquad, h: Biquad, segmentFrames: number, segmentPower: Float64Array, weights: number[], framePower: Float32Array | null): number {
  const frames = Math.floor(pcm.length / 2);
  const segments = segmentPower.length;
  const { b0: sb0, b1: sb1, b2: sb2, a1: sa1, a2: sa2 } = s;
  const { b0: hb0, b1: hb1, b2: hb2, a1: ha1, a2: ha2 } = h;
  const wl = weights[0] ?? 1;
  const wr = weights[1] ?? 1;
  let samplePeak = 0;
  let l1a = 0;
  let l2a = 0;
  let l1b = 0;
  let l2b = 0;
  let r1a = 0;
  let r2a = 0;
  let r1b = 0;
  let r2b = 0;
  let sumL = 0;
  let sumR = 0;
  let seg = 0;
  let inSeg = 0;
  for (let i = 0; i < frames; i++) {
    const xl = pcm[2 * i]!;
    const xr = pcm[2 * i + 1]!;
    const al = xl < 0 ? -xl : xl;
    const ar = xr < 0 ? -xr : xr;
    if (al > samplePeak) samplePeak = al;
    if (ar > samplePeak) samplePeak = ar;
    const yl1 = sb0 * xl + l1a;
    l1a = sb1 * xl - sa1 * yl1 + l2a;
    l2a = sb2 * xl - sa2 * yl1;
    const yl2 = hb0 * yl1 + l1b;
    l1b = hb1 * yl1 - ha1 * yl2 + l2b;
    l2b = hb2 * yl1 - ha2 * yl2;
    const yr1 = sb0 * xr + r1a;
    r1a = sb1 * xr - sa1 * yr1 + r2a;
    r2a = sb2 * xr - sa2 * yr1;
    const yr2 = hb0 * yr1 + r1b;
    r1b = hb1 * yr1 - ha1 * yr2 + r2b;
    r2b = hb2 * yr1 - ha2 * yr2;
    const pl = yl2 * yl2;
    const pr = yr2 * yr2;
    if (framePower !== null) framePower[i] = pl + pr;
    sumL += pl;
    sumR += pr;
    if (++inSeg === segmentFrames) {
      // Summed per channel, as the per-channel loop does, so both paths give the same figures.
      if (seg < segments) segmentPower[seg] = (wl * sumL) / segmentFrames + (wr * sumR) / segmentFrames;
      seg++;
      inSeg = 0;
      sumL = 0;
      sumR = 0;
    }
  }
  return samplePeak;
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
