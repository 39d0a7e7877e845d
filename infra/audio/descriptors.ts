// Musical descriptors of a recording for the copyright oracle: they catch what an acoustic
// fingerprint misses, the same music transposed or played at another tempo.
//
// Everything is computed from the 11025 Hz mono PCM the fingerprint already decoded:
// - chroma: one FFT pass (2048-sample Hann frames every 1024 samples, two real frames per complex
//   FFT), the magnitude of the 130–2000 Hz bins folded into 12 pitch classes;
// - onset envelope: rises of log energy in 256-sample blocks, of the signal (kicks, bass) and of its
//   first difference (attacks, hats), half-wave rectified;
// - beats: the tempo from the onset autocorrelation (weighted towards 120 bpm), then Ellis' dynamic
//   programming beat tracker (2007), so beat-synchronous features no longer depend on tempo;
// - melodic sequence: chroma averaged over each half beat, minus its mean over the two beats either
//   side (what sustains, the chords, cancels; what moves, the melody, stays), centred and scaled to
//   unit length. A transposition is a rotation of its 12 pitch classes, a tempo change leaves it as
//   it is. Without taking the harmony away, unrelated pieces over the same chord progression
//   aligned almost as well as copies.
import { createHash } from 'node:crypto';
import { FINGERPRINT_SAMPLE_RATE } from './fingerprint';

/** The fingerprint's decode feeds the descriptors too: the file is decoded once. */
export const DESCRIPTOR_SAMPLE_RATE = FINGERPRINT_SAMPLE_RATE;
const CHROMA_FRAME = 2048;
const CHROMA_HOP = 1024;
const PITCH_LOW_HZ = 130;
const PITCH_HIGH_HZ = 2000;
const ONSET_HOP = 256;
export const ONSET_FRAMES_PER_SECOND = DESCRIPTOR_SAMPLE_RATE / ONSET_HOP;
const MIN_BPM = 60;
const MAX_BPM = 200;
const FOLD_LOW_BPM = 80;
const HARMONICS = 4;
const LAG_STEP = 0.05;
/** Rows (half beats) per 2D Fourier patch of the summary, and the step between patches. */
const PATCH_LENGTH = 32;
const PATCH_STEP = 4;
/** Pitch-class rows kept of the 2D transform: 1..6 (row 0 is zero after centring, 7..11 mirror 5..1). */
const PATCH_ROWS = 6;
const SUMMARY_LENGTH = PATCH_ROWS * PATCH_LENGTH;
/** Subdivisions of a beat in the rhythm pattern, and beat lags of the accent autocorrelation. */
const SUBDIVISIONS = 4;
/** Rows of the melodic sequence per beat, and the beats either side whose mean is taken away. */
const ROWS_PER_BEAT = 2;
/**
 * Rows of the timed sequence. Half a second keeps enough of a melody to tell pieces apart (on the
 * corpus, copies aligned at 0.4–0.93 and unrelated pieces at most 0.21) and lets an alignment at a
 * tempo ratio 1 % off stay within a row over a minute and a half, so ratios can be tried coarsely.
 */
export const TIMED_ROW_SECONDS = 0.5;
const CONTEXT_BEATS = 2;
const ACCENT_LAGS = 8;

// ---------------------------------------------------------------------------------------------
// FFT

interface FftPlan {
  size: number;
  reverse: Uint32Array;
  cos: Float64Array;
  sin: Float64Array;
}

const plans = new Map<number, FftPlan>();
function fftPlan(size: number): FftPlan {
  let plan = plans.get(size);
  if (!plan) {
    const bits = Math.log2(size);
    const reverse = new Uint32Array(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >>> b) & 1) << (bits - 1 - b);
      reverse[i] = r;
    }
    const cos = new Float64Array(size / 2);
    const sin = new Float64Array(size / 2);
    for (let k = 0; k < size / 2; k++) {
      cos[k] = Math.cos((2 * Math.PI * k) / size);
      sin[k] = -Math.sin((2 * Math.PI * k) / size);
    }
    plan = { size, reverse, cos, sin };
    plans.set(size, plan);
  }
  return plan;
}

/** In-place radix-2 complex FFT; `inverse` conjugates the twiddles (unscaled). */
function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const { size, reverse, cos, sin } = fftPlan(re.length);
  for (let i = 0; i < size; i++) {
    const j = reverse[i]!;
    if (i < j) {
      const tr = re[i]!;
      re[i] = re[j]!;
      re[j] = tr;
      const ti = im[i]!;
      im[i] = im[j]!;
      im[j] = ti;
    }
  }
  const sign = inverse ? -1 : 1;
  for (let len = 2; len <= size; len <<= 1) {
    const half = len >> 1;
    const step = size / len;
    for (let i = 0; i < size; i += len) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step]!;
        const wi = sign * sin[k * step]!;
        const a = i + k;
        const b = a + half;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Chroma and onsets

export interface Chromagram {
  /** frames × 12, pitch class 0 = C. */
  values: Float32Array;
  frames: number;
  /** Time of frame n's centre: (n · hop + frame / 2) / sample rate. */
  hopSeconds: number;
  offsetSeconds: number;
}

const CHROMA_WINDOW = Float64Array.from({ length: CHROMA_FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / CHROMA_FRAME));
const BIN_LOW = Math.ceil((PITCH_LOW_HZ * CHROMA_FRAME) / DESCRIPTOR_SAMPLE_RATE);
const BIN_HIGH = Math.floor((PITCH_HIGH_HZ * CHROMA_FRAME) / DESCRIPTOR_SAMPLE_RATE);
const BIN_PITCH_CLASS = Int32Array.from({ length: BIN_HIGH + 1 }, (_, k) => {
  const midi = 69 + 12 * Math.log2(((k || 1) * DESCRIPTOR_SAMPLE_RATE) / CHROMA_FRAME / 440);
  return ((Math.round(midi) % 12) + 12) % 12;
});
/** Chroma of mono PCM at DESCRIPTOR_SAMPLE_RATE; two frames share each complex FFT. */
export function chromagram(pcm: Float32Array): Chromagram {
  const frames = pcm.length >= CHROMA_FRAME ? Math.floor((pcm.length - CHROMA_FRAME) / CHROMA_HOP) + 1 : 0;
  const values = new Float32Array(frames * 12);
  const re = new Float64Array(CHROMA_FRAME);
  const im = new Float64Array(CHROMA_FRAME);
  for (let n = 0; n < frames; n += 2) {
    const second = n + 1 < frames;
    const a = n * CHROMA_HOP;
    const b = (n + 1) * CHROMA_HOP;
    for (let i = 0; i < CHROMA_FRAME; i++) {
      re[i] = pcm[a + i]! * CHROMA_WINDOW[i]!;
      im[i] = second ? pcm[b + i]! * CHROMA_WINDOW[i]! : 0;
    }
    fft(re, im);
    // Z = X + iY for real X, Y: X[k] = (Z[k] + conj Z[N−k]) / 2, Y[k] = (Z[k] − conj Z[N−k]) / 2i.
    for (let k = BIN_LOW; k <= BIN_HIGH; k++) {
      const zr = re[k]!;
      const zi = im[k]!;
      const mr = re[CHROMA_FRAME - k]!;
      const mi = im[CHROMA_FRAME - k]!;
      const pc = BIN_PITCH_CLASS[k]!;
      // Math.sqrt, not Math.hypot: hypot is several times slower in V8 and this runs per bin.
      values[n * 12 + pc] = values[n * 12 + pc]! + 0.5 * Math.sqrt((zr + mr) ** 2 + (zi - mi) ** 2);
      if (second) values[(n + 1) * 12 + pc] = values[(n + 1) * 12 + pc]! + 0.5 * Math.sqrt((zi + mi) ** 2 + (mr - zr) ** 2);
    }
  }
  return { values, frames, hopSeconds: CHROMA_HOP / DESCRIPTOR_SAMPLE_RATE, offsetSeconds: CHROMA_FRAME / 2 / DESCRIPTOR_SAMPLE_RATE };
}

/** Onset strength every ONSET_HOP samples, scaled to unit standard deviation. */
export function onsetEnvelope(pcm: Float32Array): Float32Array {
  const blocks = Math.floor(pcm.length / ONSET_HOP);
  const onset = new Float32Array(blocks);
  let lastLow = 0;
  let lastHigh = 0;
  let previous = 0;
  for (let k = 0; k < blocks; k++) {
    let low = 0;
    let high = 0;
    for (let i = k * ONSET_HOP; i < (k + 1) * ONSET_HOP; i++) {
      const x = pcm[i]!;
      low += x * x;
      high += (x - previous) * (x - previous);
      previous = x;
    }
    const logLow = Math.log10(low + 1e-9);
    const logHigh = Math.log10(high + 1e-9);
    if (k > 0) onset[k] = Math.max(0, logLow - lastLow) + Math.max(0, logHigh - lastHigh);
    lastLow = logLow;
    lastHigh = logHigh;
  }
  let sum = 0;
  let squares = 0;
  for (const v of onset) {
    sum += v;
    squares += v * v;
  }
  const std = Math.sqrt(Math.max(0, squares / (blocks || 1) - (sum / (blocks || 1)) ** 2));
  if (std > 0) for (let k = 0; k < blocks; k++) onset[k] = onset[k]! / std;
  return onset;
}

// ---------------------------------------------------------------------------------------------
// Tempo and beats

/**
 * Beat period in onset frames. Each candidate lag between MIN_BPM and MAX_BPM is scored by the mean
 * onset autocorrelation at its first HARMONICS multiples (a true beat period repeats at every
 * multiple; a period of 1.5 or 4/3 beats, which an off-beat hat can make look strong, does not),
 * weighted by a log-normal prior at 120 bpm one octave wide. The result is folded by octaves into
 * [80, 160) bpm, so two versions of a piece are counted at the same metrical level.
 */
export function beatPeriod(onset: Float32Array): number {
  const n = onset.length;
  let mean = 0;
  for (const v of onset) mean += v;
  mean /= n || 1;
  const minLag = Math.floor((60 / MAX_BPM) * ONSET_FRAMES_PER_SECOND);
  const maxLag = Math.ceil((60 / MIN_BPM) * ONSET_FRAMES_PER_SECOND);
  const autocorrelation = new Float64Array(HARMONICS * (maxLag + 1) + 1);
  for (let lag = 1; lag < autocorrelation.length && lag < n; lag++) {
    let ac = 0;
    for (let t = 0; t + lag < n; t++) ac += (onset[t]! - mean) * (onset[t + lag]! - mean);
    autocorrelation[lag] = ac / (n - lag);
  }
  // Candidates on a fine fractional grid: at the 4th multiple a whole-frame error would already
  // miss onset peaks only a couple of frames wide.
  const at = (lag: number): number => {
    const i = Math.floor(lag);
    return i + 1 < autocorrelation.length ? autocorrelation[i]! + (lag - i) * (autocorrelation[i + 1]! - autocorrelation[i]!) : 0;
  };
  let period = minLag;
  let bestScore = -Infinity;
  for (let lag = minLag; lag <= maxLag; lag += LAG_STEP) {
    let sum = 0;
    for (let h = 1; h <= HARMONICS; h++) sum += at(h * lag);
    const bpm = (60 * ONSET_FRAMES_PER_SECOND) / lag;
    const score = (sum / HARMONICS) * Math.exp(-0.5 * Math.log2(bpm / 120) ** 2);
    if (score > bestScore) {
      bestScore = score;
      period = lag;
    }
  }
  while ((60 * ONSET_FRAMES_PER_SECOND) / period < FOLD_LOW_BPM) period /= 2;
  while ((60 * ONSET_FRAMES_PER_SECOND) / period >= 2 * FOLD_LOW_BPM) period *= 2;
  return period;
}

/**
 * Beat positions in onset frames (Ellis 2007): each frame's score is its onset strength plus the
 * best earlier beat's score, penalised by how far the gap is from the period on a log scale.
 */
export function trackBeats(onset: Float32Array, period: number, tightness = 100): Int32Array {
  const n = onset.length;
  if (n === 0 || !(period > 0)) return new Int32Array(0);
  const score = new Float64Array(n);
  const backlink = new Int32Array(n).fill(-1);
  const from = Math.round(2 * period);
  const to = Math.max(1, Math.round(period / 2));
  for (let t = 0; t < n; t++) {
    let best = 0;
    let link = -1;
    for (let tau = Math.max(0, t - from); tau <= t - to; tau++) {
      const candidate = score[tau]! - tightness * Math.log((t - tau) / period) ** 2;
      if (link < 0 || candidate > best) {
        best = candidate;
        link = tau;
      }
    }
    score[t] = onset[t]! + (link >= 0 ? Math.max(0, best) : 0);
    backlink[t] = link >= 0 && best > 0 ? link : -1;
  }
  // The last beat: the best score within the final period.
  let last = n - 1;
  for (let t = Math.max(0, n - Math.ceil(period)); t < n; t++) if (score[t]! > score[last]!) last = t;
  const beats: number[] = [];
  for (let t = last; t >= 0; t = backlink[t]!) beats.push(t);
  return Int32Array.from(beats.reverse());
}

/** Chroma averaged between successive grid positions (one row of 12 fewer than positions), centred and scaled to unit length. */
export function beatChroma(chroma: Chromagram, beatFrames: Int32Array): Float32Array {
  const rows = Math.max(0, beatFrames.length - 1);
  const out = new Float32Array(rows * 12);
  const frameOf = (seconds: number): number => (seconds - chroma.offsetSeconds) / chroma.hopSeconds;
  for (let i = 0; i < rows; i++) {
    const start = frameOf(beatFrames[i]! / ONSET_FRAMES_PER_SECOND);
    const end = frameOf(beatFrames[i + 1]! / ONSET_FRAMES_PER_SECOND);
    let first = Math.max(0, Math.ceil(start));
    let last = Math.min(chroma.frames - 1, Math.ceil(end) - 1);
    if (last < first) first = last = Math.min(chroma.frames - 1, Math.max(0, Math.round((start + end) / 2)));
    for (let f = first; f <= last && f >= 0; f++) for (let c = 0; c < 12; c++) out[i * 12 + c] = out[i * 12 + c]! + chroma.values[f * 12 + c]!;
  }
  for (let i = 0; i < rows; i++) normaliseRow(out, i * 12);
  return out;
}

/** Subtracts the mean of 12 values and scales them to unit length (all zero stays zero). */
function normaliseRow(values: Float32Array, at: number): void {
  let mean = 0;
  for (let c = 0; c < 12; c++) mean += values[at + c]!;
  mean /= 12;
  let norm = 0;
  for (let c = 0; c < 12; c++) {
    values[at + c] = values[at + c]! - mean;
    norm += values[at + c]! ** 2;
  }
  norm = Math.sqrt(norm);
  for (let c = 0; c < 12; c++) values[at + c] = norm > 1e-9 ? values[at + c]! / norm : 0;
}

// ---------------------------------------------------------------------------------------------
// Descriptors

export interface MelodicDescriptor {
  /** The melodic sequence, rows × 12 (see melodicSequence). */
  sequence: Float32Array;
  /** Key-, tempo- and position-invariant summary for a registry scan (see melodicSummary). */
  summary: Float32Array;
  /** Seconds of the first beat and between rows, to turn a row lag into seconds. */
  firstBeatSeconds: number;
  rowSeconds: number;
  /** The melodic sequence on a fixed time grid, rows of TIMED_ROW_SECONDS (see timedMelodicSequence). */
  timedSequence: Float32Array;
  /** The summary of the timed sequence: key- and position-invariant, and free of the beat tracker (see timedQuerySummaries). */
  timedSummary: Float32Array;
  melodicId: string;
}

export interface RhythmDescriptor {
  bpm: number;
  /** Mean onset strength in each quarter of a beat (4), then the autocorrelation of beat accents at lags 1..8 beats. */
  pattern: Float32Array;
  rhythmicId: string;
}

export interface HarmonicDescriptor {
  /** Share of each pitch class (C = 0) over the whole recording, summing to 1. */
  pitchProfile: Float32Array;
  /** Estimated key (Krumhansl–Schmuckler): tonic pitch class and mode. */
  tonic: number;
  mode: 'major' | 'minor';
  /** The pitch profile rotated so the tonic is at 0: the same for every transposition. */
  keyProfile: Float32Array;
  harmonicId: string;
}

/** What the descriptor stages share: chroma, onsets and beats, computed once from the PCM. */
export interface Analysis {
  chroma: Chromagram;
  onset: Float32Array;
  period: number;
  beats: Int32Array;
}

export function analysePcm(pcm: Float32Array): Analysis {
  const chroma = chromagram(pcm);
  const onset = onsetEnvelope(pcm);
  const period = beatPeriod(onset);
  return { chroma, onset, period, beats: trackBeats(onset, period) };
}

export function melodicDescriptor(analysis: Analysis): MelodicDescriptor {
  const sequence = melodicSequence(analysis.chroma, analysis.beats, ROWS_PER_BEAT);
  const timedSequence = timedMelodicSequence(analysis.chroma, analysis.onset.length / ONSET_FRAMES_PER_SECOND);
  return {
    sequence,
    summary: melodicSummary(sequence),
    firstBeatSeconds: (analysis.beats[0] ?? 0) / ONSET_FRAMES_PER_SECOND,
    rowSeconds: analysis.period / ONSET_FRAMES_PER_SECOND / ROWS_PER_BEAT,
    timedSequence,
    timedSummary: melodicSummary(timedSequence),
    melodicId: stableId('mel', intervalRanking(sequence)),
  };
}

/** Chroma over `rowsPerBeat` equal parts of every beat, minus its mean over CONTEXT_BEATS either side. */
export function melodicSequence(chroma: Chromagram, beats: Int32Array, rowsPerBeat: number): Float32Array {
  const grid = new Int32Array(Math.max(0, (beats.length - 1) * rowsPerBeat + 1));
  for (let i = 0; i < beats.length; i++) {
    for (let part = 0; part < (i + 1 < beats.length ? rowsPerBeat : 1); part++) grid[i * rowsPerBeat + part] = Math.round(beats[i]! + (part * (beats[i + 1]! - beats[i]!)) / rowsPerBeat);
  }
  const rows = beatChroma(chroma, grid);
  const count = rows.length / 12;
  const context = CONTEXT_BEATS * rowsPerBeat;
  // Prefix sums per pitch class for the moving mean.
  const prefix = new Float64Array((count + 1) * 12);
  for (let t = 0; t < count; t++) for (let c = 0; c < 12; c++) prefix[(t + 1) * 12 + c] = prefix[t * 12 + c]! + rows[t * 12 + c]!;
  const out = new Float32Array(rows.length);
  for (let t = 0; t < count; t++) {
    const from = Math.max(0, t - context);
    const to = Math.min(count, t + context + 1);
    for (let c = 0; c < 12; c++) out[t * 12 + c] = rows[t * 12 + c]! - (prefix[to * 12 + c]! - prefix[from * 12 + c]!) / (to - from);
    normaliseRow(out, t * 12);
  }
  return out;
}

/**
 * The melodic sequence on a fixed time grid: rows of TIMED_ROW_SECONDS from time 0, each minus the
 * harmony sustained over two rows either side, as the beat-synchronous one. A beat tracker may count
 * a copy at another metrical level than the original, or drift on sparse music; a clock does not.
 * The price is that a re-timed copy is found by trying tempo ratios (alignAcrossTempi).
 */
export function timedMelodicSequence(chroma: Chromagram, seconds: number): Float32Array {
  const pairFrames = 2 * TIMED_ROW_SECONDS * ONSET_FRAMES_PER_SECOND;
  const pairs = Math.floor(seconds / (2 * TIMED_ROW_SECONDS)) + 1;
  return melodicSequence(chroma, Int32Array.from({ length: pairs }, (_, i) => Math.round(i * pairFrames)), 2);
}

/**
 * The query's summaries at the tracked beat rate, at half of it and at double it, and at the
 * three-for-two and four-for-three levels: a copy may be counted at another metrical level than
 * the registered work.
 */
export function querySummaries(analysis: Analysis, melodic: MelodicDescriptor): Float32Array[] {
  return [
    melodic.summary,
    melodicSummary(mergePairs(melodic.sequence)),
    melodicSummary(melodicSequence(analysis.chroma, analysis.beats, 2 * ROWS_PER_BEAT)),
    ...TRIPLE_RATIOS.map((ratio) => melodicSummary(resampleRows(melodic.sequence, 1 / ratio))),
  ];
}

/**
 * Tempo ratios (query ÷ registered) at which a query's timed summary is taken: the timed summary is
 * free of the beat tracker but not of tempo (a copy 6 % slower spreads its modulations over 6 % more
 * rows), so the query is resampled to each ratio, 0.84–1.19 in steps of about 6 %, as the timed
 * alignment tries them. A ratio 3 % off moves the patch's 16th modulation bin by half a bin.
 */
export const TIMED_SUMMARY_RATIOS = [0.84, 0.89, 0.94, 1, 1.06, 1.12, 1.19];

/** The query's timed summaries, one per tempo ratio it may have been re-timed by. */
export function timedQuerySummaries(melodic: MelodicDescriptor): Float32Array[] {
  return TIMED_SUMMARY_RATIOS.map((ratio) => (ratio === 1 ? melodic.timedSummary : melodicSummary(resampleRows(melodic.timedSequence, ratio))));
}

/**
 * The 2D Fourier transform magnitude of melodic-sequence patches (Bertin-Mahieux & Ellis 2012),
 * averaged over the recording: a transposition (a circular shift over pitch classes) and a shift in
 * time change only phases, so the magnitudes are invariant to key, position and (being
 * beat-synchronous) tempo. Centred and scaled to unit length, so a dot product is a correlation.
 */
export function melodicSummary(rows: Float32Array): Float32Array {
  const beats = rows.length / 12;
  const summary = new Float32Array(SUMMARY_LENGTH);
  const patches = Math.max(1, Math.floor(Math.max(0, beats - PATCH_LENGTH) / PATCH_STEP) + 1);
  const cosTime = Float64Array.from({ length: PATCH_LENGTH }, (_, t) => Math.cos((2 * Math.PI * t) / PATCH_LENGTH));
  const sinTime = Float64Array.from({ length: PATCH_LENGTH }, (_, t) => Math.sin((2 * Math.PI * t) / PATCH_LENGTH));
  const cosPitch = Float64Array.from({ length: 12 }, (_, c) => Math.cos((2 * Math.PI * c) / 12));
  const sinPitch = Float64Array.from({ length: 12 }, (_, c) => Math.sin((2 * Math.PI * c) / 12));
  // First the transform over pitch for every beat (rows 1..PATCH_ROWS), then over time per patch.
  const pitchRe = new Float64Array(beats * PATCH_ROWS);
  const pitchIm = new Float64Array(beats * PATCH_ROWS);
  for (let t = 0; t < beats; t++) {
    for (let k = 1; k <= PATCH_ROWS; k++) {
      let sr = 0;
      let si = 0;
      for (let c = 0; c < 12; c++) {
        const v = rows[t * 12 + c]!;
        sr += v * cosPitch[(k * c) % 12]!;
        si -= v * sinPitch[(k * c) % 12]!;
      }
      pitchRe[t * PATCH_ROWS + k - 1] = sr;
      pitchIm[t * PATCH_ROWS + k - 1] = si;
    }
  }
  for (let p = 0; p < patches; p++) {
    const start = p * PATCH_STEP;
    for (let k = 0; k < PATCH_ROWS; k++) {
      for (let l = 0; l < PATCH_LENGTH; l++) {
        let sr = 0;
        let si = 0;
        for (let t = 0; t < PATCH_LENGTH && start + t < beats; t++) {
          const xr = pitchRe[(start + t) * PATCH_ROWS + k]!;
          const xi = pitchIm[(start + t) * PATCH_ROWS + k]!;
          const wr = cosTime[(l * t) % PATCH_LENGTH]!;
          const wi = -sinTime[(l * t) % PATCH_LENGTH]!;
          sr += xr * wr - xi * wi;
          si += xr * wi + xi * wr;
        }
        summary[k * PATCH_LENGTH + l] = summary[k * PATCH_LENGTH + l]! + Math.sqrt(sr * sr + si * si) / patches;
      }
    }
  }
  return centreAndScale(summary);
}

function centreAndScale(values: Float32Array): Float32Array {
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length || 1;
  let norm = 0;
  for (let i = 0; i < values.length; i++) {
    values[i] = values[i]! - mean;
    norm += values[i]! ** 2;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < values.length; i++) values[i] = norm > 1e-12 ? values[i]! / norm : 0;
  return values;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) s += a[i]! * b[i]!;
  return s;
}

/** The three most frequent intervals between successive rows' strongest pitch classes: key- and tempo-invariant. */
function intervalRanking(rows: Float32Array): string {
  const counts = new Array<number>(12).fill(0);
  let previous = -1;
  for (let t = 0; t < rows.length / 12; t++) {
    let strongest = 0;
    for (let c = 1; c < 12; c++) if (rows[t * 12 + c]! > rows[t * 12 + strongest]!) strongest = c;
    if (previous >= 0 && strongest !== previous) counts[(strongest - previous + 12) % 12]!++;
    previous = strongest;
  }
  return ranking(counts, 3);
}

function ranking(values: ArrayLike<number>, top: number): string {
  return Array.from(values, (v, i) => [v, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, top)
    .map(([, i]) => i)
    .join(',');
}

/** A short stable id: the prefix and 12 hex digits of SHA-256 of a quantised descriptor. */
function stableId(prefix: string, quantised: string): string {
  return `${prefix}-${createHash('sha256').update(quantised).digest('hex').slice(0, 12)}`;
}

export function rhythmDescriptor(analysis: Analysis): RhythmDescriptor {
  const { onset, beats, period } = analysis;
  const pattern = new Float32Array(SUBDIVISIONS + ACCENT_LAGS);
  const accents = new Float64Array(Math.max(0, beats.length - 1));
  for (let i = 0; i + 1 < beats.length; i++) {
    const start = beats[i]!;
    const length = beats[i + 1]! - start;
    for (let s = 0; s < SUBDIVISIONS; s++) {
      let strongest = 0;
      for (let f = start + Math.floor((s * length) / SUBDIVISIONS); f < start + Math.floor(((s + 1) * length) / SUBDIVISIONS); f++) strongest = Math.max(strongest, onset[f]!);
      pattern[s] = pattern[s]! + strongest / accents.length;
      accents[i] = accents[i]! + strongest;
    }
  }
  let mean = 0;
  for (const a of accents) mean += a;
  mean /= accents.length || 1;
  let energy = 0;
  for (const a of accents) energy += (a - mean) ** 2;
  for (let lag = 1; lag <= ACCENT_LAGS; lag++) {
    let ac = 0;
    for (let i = 0; i + lag < accents.length; i++) ac += (accents[i]! - mean) * (accents[i + lag]! - mean);
    pattern[SUBDIVISIONS + lag - 1] = energy > 0 ? ac / energy : 0;
  }
  const peak = Math.max(...pattern.subarray(0, SUBDIVISIONS), 1e-9);
  // Quantised: each subdivision's strength in thirds of the strongest, and the bar length (the
  // accent lag among 2, 3, 4 with the highest autocorrelation).
  const levels = Array.from(pattern.subarray(0, SUBDIVISIONS), (v) => Math.min(2, Math.floor((3 * v) / peak))).join('');
  const bar = [2, 3, 4].reduce((best, lag) => (pattern[SUBDIVISIONS + lag - 1]! > pattern[SUBDIVISIONS + best - 1]! ? lag : best), 4);
  return { bpm: (60 * ONSET_FRAMES_PER_SECOND) / period, pattern, rhythmicId: stableId('rhy', `${levels}/${bar}`) };
}

// Krumhansl–Kessler key profiles, tonic first.
const MAJOR = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

export function harmonicDescriptor(analysis: Analysis): HarmonicDescriptor {
  const { chroma } = analysis;
  const pitchProfile = new Float32Array(12);
  let total = 0;
  for (let f = 0; f < chroma.frames; f++) {
    for (let c = 0; c < 12; c++) {
      pitchProfile[c] = pitchProfile[c]! + chroma.values[f * 12 + c]!;
      total += chroma.values[f * 12 + c]!;
    }
  }
  for (let c = 0; c < 12; c++) pitchProfile[c] = total > 0 ? pitchProfile[c]! / total : 0;
  let tonic = 0;
  let mode: 'major' | 'minor' = 'major';
  let best = -Infinity;
  for (let t = 0; t < 12; t++) {
    const rotated = rotate(pitchProfile, -t);
    for (const [name, profile] of [['major', MAJOR], ['minor', MINOR]] as const) {
      const r = correlation(rotated, Float32Array.from(profile));
      if (r > best) {
        best = r;
        tonic = t;
        mode = name;
      }
    }
  }
  const keyProfile = rotate(pitchProfile, -tonic);
  // Quantised: the mode and the set of the three strongest scale degrees (a set, not an order:
  // near-equal degrees swap places after processing).
  const strongest = ranking(keyProfile, 3).split(',').map(Number).sort((a, b) => a - b);
  return { pitchProfile, tonic, mode, keyProfile, harmonicId: stableId('har', `${mode}/${strongest.join(',')}`) };
}

/** rotate(v, s)[c] = v[c − s]: the profile of the same music s semitones higher. */
export function rotate(values: Float32Array, semitones: number): Float32Array {
  const s = ((semitones % 12) + 12) % 12;
  return Float32Array.from({ length: 12 }, (_, c) => values[(c - s + 12) % 12]!);
}

/** Pearson correlation (1 the same shape, about 0 unrelated): rhythm patterns, pitch profiles. */
export function correlation(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n || 1;
  mb /= n || 1;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

// ---------------------------------------------------------------------------------------------
// Alignment of two melodic sequences

export interface MelodicAlignment {
  /** Mean correlation of aligned beats at the best transposition and lag (1 identical, about 0 unrelated). */
  similarity: number;
  /** The query is the reference this many semitones higher (−5..6). */
  semitones: number;
  /** Reference row at which the query's first row sits (negative: the query starts earlier). */
  offsetRows: number;
  overlapRows: number;
  /** Query beats per reference beat when one side's beat tracker counted at double speed (1, 2 or ½). */
  beatRatio: number;
}

/** Metrical levels a beat tracker confuses besides the octave: it may count three beats where another counted two, or four for three. */
const TRIPLE_RATIOS = [1.5, 2 / 3, 4 / 3, 3 / 4];

/**
 * The beat ratios (query beats per reference beat) worth trying for two recordings whose tracked
 * tempi have this ratio (query ÷ reference): those that leave a tempo change of at most 40 % for
 * the octave levels (1, and near the fold 2 or ½), and of at most 15 % for the three-for-two and
 * four-for-three levels, which on real music a tracker picks for one version and not the other
 * (a re-timed copy of a piece counted at 150 bpm was counted at 112). The tighter bound keeps the
 * extra alignments to copies whose tempo barely changed.
 */
export function beatRatiosFor(tempoRatio: number): number[] {
  const near = (ratio: number, tolerance: number): boolean => Math.abs(Math.log(tempoRatio / ratio)) <= Math.log(tolerance);
  return [...[1, 2, 0.5].filter((ratio) => near(ratio, 1.4)), ...TRIPLE_RATIOS.filter((ratio) => near(ratio, 1.15))];
}

/** Rows resampled by `factor` (linear interpolation between rows, each renormalised): a sequence at another metrical level. */
export function resampleRows(rows: Float32Array, factor: number): Float32Array {
  const count = rows.length / 12;
  const length = Math.max(0, Math.floor((count - 1) * factor) + 1);
  const out = new Float32Array(length * 12);
  for (let i = 0; i < length; i++) {
    const at = i / factor;
    const below = Math.min(count - 1, Math.floor(at));
    const above = Math.min(count - 1, below + 1);
    const weight = at - below;
    for (let c = 0; c < 12; c++) out[i * 12 + c] = (1 - weight) * rows[below * 12 + c]! + weight * rows[above * 12 + c]!;
    normaliseRow(out, i * 12);
  }
  return out;
}

/**
 * The query and reference sequences to align at a beat ratio, and how many of each one's own rows
 * an aligned row spans. At 2 the query's rows are merged in pairs, at ½ the reference's; at the
 * three-for-two levels the query is resampled to the reference's level.
 */
function atBeatRatio(query: Float32Array, reference: Float32Array, ratio: number): { q: Float32Array; r: Float32Array; qScale: number; rScale: number } {
  if (ratio === 1) return { q: query, r: reference, qScale: 1, rScale: 1 };
  if (ratio === 0.5) return { q: query, r: merged(reference), qScale: 1, rScale: 2 };
  return { q: atLevel(query, ratio), r: reference, qScale: ratio, rScale: 1 };
}

/**
 * Best alignment of a query against a reference over every transposition (12 rotations) and every
 * beat lag, by FFT cross-correlation per pitch class. With beat ratio 2 the query's beats are
 * merged in pairs, with ½ the reference's (one tracker counted at double speed). A lag counts only
 * when the overlap covers at least half the shorter sequence.
 */
export function alignMelody(query: Float32Array, reference: Float32Array, beatRatios: readonly number[] = [1, 2, 0.5]): MelodicAlignment | null {
  let best: MelodicAlignment | null = null;
  for (const ratio of beatRatios) {
    const { q, r, rScale } = atBeatRatio(query, reference, ratio);
    const a = crossCorrelate(q, r);
    if (a && (!best || a.similarity > best.similarity)) best = { ...a, beatRatio: ratio, offsetRows: a.offsetRows * rScale };
  }
  return best;
}

// A query is aligned with many references: its sequences at other metrical levels and its spectra
// are kept while it lives.
const queryLevels = new WeakMap<Float32Array, Map<number, Float32Array>>();
function atLevel(query: Float32Array, ratio: number): Float32Array {
  const levels = queryLevels.get(query) ?? new Map<number, Float32Array>();
  queryLevels.set(query, levels);
  let out = levels.get(ratio);
  if (!out) {
    out = ratio === 2 ? mergePairs(query) : resampleRows(query, 1 / ratio);
    levels.set(ratio, out);
  }
  return out;
}

interface Spectra {
  re: Float64Array[];
  im: Float64Array[];
}

const keptSpectra = new WeakMap<Float32Array, Map<number, Spectra>>();
function spectra(rows: Float32Array, size: number, cache: boolean): Spectra {
  const cached = cache ? keptSpectra.get(rows)?.get(size) : undefined;
  if (cached) return cached;
  const beats = rows.length / 12;
  const result: Spectra = { re: [], im: [] };
  for (let c = 0; c < 12; c++) {
    const re = new Float64Array(size);
    const im = new Float64Array(size);
    for (let t = 0; t < beats; t++) re[t] = rows[t * 12 + c]!;
    fft(re, im);
    result.re.push(re);
    result.im.push(im);
  }
  if (cache) {
    const bySize = keptSpectra.get(rows) ?? new Map<number, Spectra>();
    bySize.set(size, result);
    keptSpectra.set(rows, bySize);
  }
  return result;
}

export function mergePairs(rows: Float32Array): Float32Array {
  const beats = Math.floor(rows.length / 24);
  const out = new Float32Array(beats * 12);
  for (let i = 0; i < beats; i++) {
    for (let c = 0; c < 12; c++) out[i * 12 + c] = rows[2 * i * 12 + c]! + rows[(2 * i + 1) * 12 + c]!;
    normaliseRow(out, i * 12);
  }
  return out;
}

interface CorrelationSums {
  /** Rows of the query and of the reference. */
  n: number;
  m: number;
  size: number;
  /** Per transposition (query pitch class c against reference class c − shift): index j (mod size) holds Σ_t q[t] · r[t − j]. */
  byShift: Float64Array[];
}

// The whole alignment and the passage search read the same sums: each pair is correlated once.
const sumsByPair = new WeakMap<Float32Array, WeakMap<Float32Array, CorrelationSums>>();
function correlationSums(query: Float32Array, reference: Float32Array): CorrelationSums {
  const byReference = sumsByPair.get(query) ?? new WeakMap<Float32Array, CorrelationSums>();
  sumsByPair.set(query, byReference);
  let sums = byReference.get(reference);
  if (!sums) {
    sums = computeCorrelationSums(query, reference);
    byReference.set(reference, sums);
  }
  return sums;
}

/** A reference merged in pairs, kept with it (the alignment and the passage search both use it). */
const mergedReferences = new WeakMap<Float32Array, Float32Array>();
function merged(reference: Float32Array): Float32Array {
  let out = mergedReferences.get(reference);
  if (!out) {
    out = mergePairs(reference);
    mergedReferences.set(reference, out);
  }
  return out;
}

/** With `keepReference`, the reference's spectra are kept too (a reference tried at many tempo ratios). */
function computeCorrelationSums(query: Float32Array, reference: Float32Array, keepReference = false): CorrelationSums {
  const n = query.length / 12;
  const m = reference.length / 12;
  let size = 1;
  while (size < n + m) size <<= 1;
  const q = spectra(query, size, true);
  const r = spectra(reference, size, keepReference);
  const byShift: Float64Array[] = [];
  for (let shift = 0; shift < 12; shift++) {
    const sumRe = new Float64Array(size);
    const sumIm = new Float64Array(size);
    for (let c = 0; c < 12; c++) {
      const rc = (c - shift + 12) % 12;
      const [ar, ai, br, bi] = [q.re[c]!, q.im[c]!, r.re[rc]!, r.im[rc]!];
      for (let k = 0; k < size; k++) {
        sumRe[k] = sumRe[k]! + ar[k]! * br[k]! + ai[k]! * bi[k]!;
        sumIm[k] = sumIm[k]! + ai[k]! * br[k]! - ar[k]! * bi[k]!;
      }
    }
    fft(sumRe, sumIm, true);
    for (let k = 0; k < size; k++) sumRe[k] = sumRe[k]! / size;
    byShift.push(sumRe);
  }
  return { n, m, size, byShift };
}

const signedShift = (shift: number): number => (shift > 6 ? shift - 12 : shift);

function crossCorrelate(query: Float32Array, reference: Float32Array, sums?: CorrelationSums): Omit<MelodicAlignment, 'beatRatio'> | null {
  const n = query.length / 12;
  const m = reference.length / 12;
  const minOverlap = Math.max(8, Math.floor(Math.min(n, m) / 2));
  if (Math.min(n, m) < minOverlap) return null;
  const { size, byShift } = sums ?? correlationSums(query, reference);
  let best: Omit<MelodicAlignment, 'beatRatio'> | null = null;
  byShift.forEach((sums, shift) => {
    // Index j holds Σ_t q[t] · r[t − j]: the query's row t sits at reference row t − j, offset −j.
    for (let j = -(m - 1); j <= n - 1; j++) {
      const offset = -j;
      const overlap = Math.min(n, m - offset) - Math.max(0, -offset);
      if (overlap < minOverlap) continue;
      const similarity = sums[(j + size) % size]! / overlap;
      if (!best || similarity > best.similarity) best = { similarity, semitones: signedShift(shift), offsetRows: offset, overlapRows: overlap };
    }
  });
  return best;
}

// ---------------------------------------------------------------------------------------------
// Alignment of timed sequences across tempi

/** Tempo ratios (query ÷ reference) tried: ±2 semitones by resampling (×1.12) and a tempo change of 15 %. */
const TEMPO_RATIO_LOW = 0.84;
const TEMPO_RATIO_HIGH = 1.19;
/** Coarse steps; over a 3-min overlap a ratio 1 % off drifts 1.8 s at the ends, which costs about a fifth of the similarity. */
const COARSE_TEMPO_STEP = 1.02;
/** Fine steps around the best coarse ratio, over one coarse step either side. */
const FINE_TEMPO_STEP = 1.004;

/** Tempo ratios from 1 outward by `step`, within [low, high]: 1 itself (a transposition that kept the tempo) is always tried. */
function tempoRatios(step: number, low: number, high: number): number[] {
  const out = [1];
  for (let r = step; r <= high; r *= step) out.push(r);
  for (let r = 1 / step; r >= low; r /= step) out.push(r);
  return out;
}
const COARSE_TEMPO_RATIOS = tempoRatios(COARSE_TEMPO_STEP, TEMPO_RATIO_LOW, TEMPO_RATIO_HIGH);

export interface TempoAlignment {
  /** Mean correlation of aligned rows at the best tempo ratio, transposition and lag. */
  similarity: number;
  semitones: number;
  /** Query tempo ÷ reference tempo: query second u sits at reference second offsetSeconds + u · tempoRatio. */
  tempoRatio: number;
  offsetSeconds: number;
  overlapSeconds: number;
}

/**
 * Best alignment of two timed sequences over tempo ratios: the query is resampled to the reference's
 * time at each ratio (coarse steps, or fine steps around `around`) and cross-correlated over every
 * transposition and lag. The sums are not kept: a query meets many references at many ratios.
 */
export function alignAcrossTempi(query: Float32Array, reference: Float32Array, around?: number): TempoAlignment | null {
  const ratios = around === undefined ? COARSE_TEMPO_RATIOS : tempoRatios(FINE_TEMPO_STEP, 1 / COARSE_TEMPO_STEP, COARSE_TEMPO_STEP).map((r) => r * around);
  let best: TempoAlignment | null = null;
  for (const ratio of ratios) {
    const q = around === undefined ? atLevel(query, 1 / ratio) : resampleRows(query, ratio);
    const a = crossCorrelate(q, reference, computeCorrelationSums(q, reference, true));
    if (a && (!best || a.similarity > best.similarity)) {
      best = { similarity: a.similarity, semitones: a.semitones, tempoRatio: ratio, offsetSeconds: a.offsetRows * TIMED_ROW_SECONDS, overlapSeconds: a.overlapRows * TIMED_ROW_SECONDS };
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Passages: a stretch of one recording's melody found in another

/** A melodic passage of the query that follows the reference closely, in each one's own rows. */
export interface MelodicPassage {
  /** Mean correlation of the aligned rows over the passage's best window. */
  similarity: number;
  semitones: number;
  beatRatio: number;
  /** The longest unbroken stretch, for a person to listen to. */
  queryStartRow: number;
  queryRows: number;
  referenceStartRow: number;
  referenceRows: number;
  /** Query rows inside any window at the threshold on this diagonal: how much of the query follows the reference. */
  coveredQueryRows: number;
}

/** Diagonals (transposition and lag) searched for a passage: the ones with the largest raw sums. */
const PASSAGE_LAGS_PER_SHIFT = 4;

/**
 * Where the query follows the reference: on the diagonals (transposition, lag) whose total
 * agreement is largest, the windows of `windowRows` rows whose mean row correlation reaches
 * `threshold`. The diagonal covering the most query rows wins; null when no window qualifies. A
 * whole-piece alignment averages a quoted passage away, and a beat tracker that slips now and then
 * breaks one long copy into stretches; both are found here.
 */
export function findMelodicPassage(query: Float32Array, reference: Float32Array, beatRatios: readonly number[], windowRows: number, threshold: number): MelodicPassage | null {
  let best: MelodicPassage | null = null;
  for (const ratio of beatRatios) {
    const { q, r, qScale, rScale } = atBeatRatio(query, reference, ratio);
    const found = passageOnDiagonals(q, r, windowRows, threshold);
    if (!found || (best && found.coveredRows * qScale <= best.coveredQueryRows)) continue;
    best = {
      similarity: found.similarity,
      semitones: found.semitones,
      beatRatio: ratio,
      queryStartRow: found.queryStart * qScale,
      queryRows: found.rows * qScale,
      referenceStartRow: found.referenceStart * rScale,
      referenceRows: found.rows * rScale,
      coveredQueryRows: found.coveredRows * qScale,
    };
  }
  return best;
}

interface DiagonalPassage {
  similarity: number;
  semitones: number;
  queryStart: number;
  referenceStart: number;
  rows: number;
  coveredRows: number;
}

function passageOnDiagonals(query: Float32Array, reference: Float32Array, windowRows: number, threshold: number): DiagonalPassage | null {
  const { n, m, size, byShift } = correlationSums(query, reference);
  if (Math.min(n, m) < windowRows) return null;
  let best: DiagonalPassage | null = null;
  for (const [shift, sums] of byShift.entries()) {
    const lags: { offset: number; sum: number }[] = [];
    for (let j = -(m - windowRows); j <= n - windowRows; j++) lags.push({ offset: -j, sum: sums[(j + size) % size]! });
    lags.sort((a, b) => b.sum - a.sum);
    // Query rows that follow the reference at this transposition on any of the diagonals: a beat
    // tracker that slipped moves the rest of a copy to a neighbouring lag.
    const covered = new Uint8Array(n);
    let longest: Omit<DiagonalPassage, 'coveredRows'> | null = null;
    for (const { offset } of lags.slice(0, PASSAGE_LAGS_PER_SHIFT)) {
      const found = passageOnDiagonal(query, reference, shift, offset, windowRows, threshold, covered);
      if (found && (!longest || found.rows > longest.rows)) longest = found;
    }
    if (!longest) continue;
    const coveredRows = covered.reduce((sum, row) => sum + row, 0);
    if (!best || coveredRows > best.coveredRows || (coveredRows === best.coveredRows && longest.similarity > best.similarity)) best = { ...longest, coveredRows };
  }
  return best;
}

/** The longest stretch along one diagonal; marks in `covered` the query rows of every qualifying window. */
function passageOnDiagonal(query: Float32Array, reference: Float32Array, shift: number, offset: number, windowRows: number, threshold: number, covered: Uint8Array): Omit<DiagonalPassage, 'coveredRows'> | null {
  const n = query.length / 12;
  const m = reference.length / 12;
  const from = Math.max(0, -offset);
  const to = Math.min(n, m - offset);
  if (to - from < windowRows) return null;
  const products = new Float64Array(to - from);
  for (let t = from; t < to; t++) {
    let p = 0;
    for (let c = 0; c < 12; c++) p += query[t * 12 + c]! * reference[(t + offset) * 12 + ((c - shift + 12) % 12)]!;
    products[t - from] = p;
  }
  // Window i covers rows i .. i + windowRows − 1 of the overlap.
  const windows = products.length - windowRows + 1;
  const qualifies = new Uint8Array(windows);
  let peak = -Infinity;
  let sum = 0;
  for (let i = 0; i < products.length; i++) {
    sum += products[i]!;
    if (i >= windowRows) sum -= products[i - windowRows]!;
    if (i < windowRows - 1) continue;
    const mean = sum / windowRows;
    peak = Math.max(peak, mean);
    if (mean >= threshold) qualifies[i - windowRows + 1] = 1;
  }
  if (peak < threshold) return null;
  let run = { first: -1, last: -1 };
  let longest = { first: 0, last: -1 };
  for (let i = 0; i < windows; i++) {
    if (!qualifies[i]) continue;
    covered.fill(1, from + i, from + i + windowRows);
    run = run.first >= 0 && run.last === i - 1 ? { first: run.first, last: i } : { first: i, last: i };
    if (run.last - run.first > longest.last - longest.first) longest = run;
  }
  return {
    similarity: peak,
    semitones: signedShift(shift),
    queryStart: from + longest.first,
    referenceStart: from + longest.first + offset,
    rows: longest.last - longest.first + windowRows,
  };
}
