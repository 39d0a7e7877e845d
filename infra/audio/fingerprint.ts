// An acoustic fingerprint of our own, in the spirit of Chromaprint (about 8 items a second) with
// the bit derivation of Haitsma & Kalker's robust hash, and an alignment that searches every
// offset of the whole track (AcoustID looks only about 10 s either way, so it misses a copy with
// its first seconds cut off).
//
// Why our own: `@unimusic/chromaprint` is built for browsers (needs a workaround in Node and ignores
// its algorithm option) and Debian's `fpcalc` is one more system binary; this needs only the PCM
// ffmpeg already decodes, and is small enough to reason about.
//
// - Audio is decoded to mono 11025 Hz (so a mono downmix of a stereo work gives the same input).
// - Frames of 4096 samples (371 ms), Hann window, every 1365 samples: 8.08 items per second.
// - 33 log-spaced bands between 300 and 3000 Hz (where codecs keep the most and the ear cares).
// - Item bit b = sign of the change over time of the energy difference between bands b and b+1:
//   independent of gain (a ratio) and of slow EQ, robust to lossy coding.
// - Matching: exact 16-bit half-item hits vote for an offset (query position − reference
//   position) in a histogram over the whole track; the best offsets are checked by bit error rate.
import { decodePcm } from './ffmpeg';

export const FINGERPRINT_SAMPLE_RATE = 11_025;
export const FRAME = 4096;
export const HOP = 1365;
export const ITEMS_PER_SECOND = FINGERPRINT_SAMPLE_RATE / HOP;
const BANDS = 33;
const F_LOW = 300;
const F_HIGH = 3000;

export interface Fingerprint {
  /** One 32-bit item per frame hop. */
  items: Uint32Array;
  itemsPerSecond: number;
  durationSeconds: number;
  /**
   * Where items[0] sits in the query's phase-0 item grid: a query's other phases cover only a
   * window of the track (see fingerprintQueryPcm). Absent means 0.
   */
  firstItem?: number;
}

/**
 * Decodes any audio to the mono FINGERPRINT_SAMPLE_RATE PCM the fingerprints (and the oracle's
 * other stages) read.
 */
export async function decodeForFingerprint(file: string): Promise<Float32Array> {
  return decodePcm(file, { sampleRate: FINGERPRINT_SAMPLE_RATE, channels: 1 });
}

export async function fingerprintFile(file: string): Promise<Fingerprint> {
  return fingerprintPcm(await decodeForFingerprint(file));
}

/**
 * A query's fingerprints at PHASES sub-hop starts (0, ¼, ½, ¾ of a hop). A copy cut at an arbitrary
 * point has its frames off the registered grid by up to half a hop (62 ms), which flips many bits;
 * one of these phases is always within an eighth of a hop of the registered grid.
 */
export const PHASES = 4;
/**
 * Phase 0 covers the whole track; the other phases only PHASE_WINDOW_SECONDS from its middle. The
 * sub-hop misalignment of a copy is the same all along, so the window finds it as well as the whole
 * track would, for 1.75 passes over a 3-minute track instead of 4. The cost: a work copied into a
 * long query only outside the window is searched by phase 0 alone, which can miss it when it is off
 * the grid by close to half a hop (BER about 0.3 before any lossy coding).
 */
export const PHASE_WINDOW_SECONDS = 45;
export async function fingerprintQueryFile(file: string): Promise<Fingerprint[]> {
  return fingerprintQueryPcm(await decodeForFingerprint(file));
}

/** The PHASES query fingerprints of mono PCM at FINGERPRINT_SAMPLE_RATE (see fingerprintQueryFile). */
export function fingerprintQueryPcm(pcm: Float32Array): Fingerprint[] {
  const windowItems = Math.round(PHASE_WINDOW_SECONDS * ITEMS_PER_SECOND);
  const trackItems = pcm.length >= FRAME ? Math.floor((pcm.length - FRAME) / HOP) : 0;
  const firstItem = Math.max(0, Math.floor((trackItems - windowItems) / 2));
  const windowSamples = windowItems * HOP + FRAME;
  const phases = [fingerprintPcm(pcm)];
  for (let p = 1; p < PHASES; p++) {
    const start = firstItem * HOP + Math.round((p * HOP) / PHASES);
    phases.push({ ...fingerprintPcm(pcm.subarray(start, start + windowSamples)), firstItem });
  }
  return phases;
}

// Computed once: a 3-minute query is 2,500 frames.
const HANN = Float64Array.from({ length: FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME));
/** Band edges in FFT bins, log spaced; every band at least one bin wide. */
const BAND_START = new Int32Array(BANDS);
const BAND_END = new Int32Array(BANDS);
for (let b = 0; b < BANDS; b++) {
  const bin = (k: number): number => Math.round((F_LOW * (F_HIGH / F_LOW) ** (k / BANDS) * FRAME) / FINGERPRINT_SAMPLE_RATE);
  BAND_START[b] = bin(b);
  BAND_END[b] = Math.max(bin(b + 1), bin(b) + 1);
}

/** Fingerprints mono PCM at FINGERPRINT_SAMPLE_RATE. */
export function fingerprintPcm(pcm: Float32Array): Fingerprint {
  const frames = pcm.length >= FRAME ? Math.floor((pcm.length - FRAME) / HOP) + 1 : 0;
  const fft = realFft();
  const energies = new Float64Array(frames * BANDS);
  for (let n = 0; n < frames; n++) {
    const power = fft.power(pcm, n * HOP);
    for (let b = 0; b < BANDS; b++) {
      let e = 0;
      for (let k = BAND_START[b]!; k < BAND_END[b]!; k++) e += power[k]!;
      energies[n * BANDS + b] = e;
    }
  }
  const items = new Uint32Array(Math.max(0, frames - 1));
  for (let n = 1; n < frames; n++) {
    let item = 0;
    for (let b = 0; b < BANDS - 1; b++) {
      const now = energies[n * BANDS + b]! - energies[n * BANDS + b + 1]!;
      const before = energies[(n - 1) * BANDS + b]! - energies[(n - 1) * BANDS + b + 1]!;
      if (now - before > 0) item |= 1 << b;
    }
    items[n - 1] = item >>> 0;
  }
  return { items, itemsPerSecond: ITEMS_PER_SECOND, durationSeconds: pcm.length / FINGERPRINT_SAMPLE_RATE };
}

const HALF = FRAME / 2;
/** Bit reversal of log2(HALF) bits, and the twiddles of the half-length FFT and of the real split. */
const BIT_REVERSED = new Uint32Array(HALF);
for (let i = 0, j = 0; i < HALF; i++) {
  BIT_REVERSED[i] = j;
  let bit = HALF >> 1;
  for (; j & bit; bit >>= 1) j ^= bit;
  j ^= bit;
}
const TWIDDLE_COS = Float64Array.from({ length: HALF / 2 }, (_, k) => Math.cos((2 * Math.PI * k) / HALF));
const TWIDDLE_SIN = Float64Array.from({ length: HALF / 2 }, (_, k) => -Math.sin((2 * Math.PI * k) / HALF));
const SPLIT_COS = Float64Array.from({ length: HALF }, (_, k) => Math.cos((2 * Math.PI * k) / FRAME));
const SPLIT_SIN = Float64Array.from({ length: HALF }, (_, k) => -Math.sin((2 * Math.PI * k) / FRAME));
const LAST_BIN = BAND_END[BANDS - 1]!;

/**
 * The power spectrum of one Hann-windowed frame, up to the top band's last bin: the real input packed
 * as a complex signal of half the length (even samples real, odd imaginary), one radix-2 FFT of that,
 * then the split into the real signal's bins. Buffers are reused across frames.
 */
function realFft(): { power(pcm: Float32Array, start: number): Float64Array } {
  const re = new Float64Array(HALF);
  const im = new Float64Array(HALF);
  const power = new Float64Array(LAST_BIN);
  return {
    power(pcm, start) {
      for (let k = 0; k < HALF; k++) {
        const r = BIT_REVERSED[k]!;
        re[r] = pcm[start + 2 * k]! * HANN[2 * k]!;
        im[r] = pcm[start + 2 * k + 1]! * HANN[2 * k + 1]!;
      }
      // HALF = 2 · 4^5: one radix-2 stage without twiddles, then pairs of radix-2 stages fused
      // (each element loaded and stored once per pair).
      for (let a = 0; a < HALF; a += 2) {
        const r = re[a + 1]!;
        const i = im[a + 1]!;
        re[a + 1] = re[a]! - r;
        im[a + 1] = im[a]! - i;
        re[a] = re[a]! + r;
        im[a] = im[a]! + i;
      }
      for (let h = 2; h < HALF; h <<= 2) {
        const step1 = HALF / (2 * h);
        const step2 = step1 >> 1;
        for (let block = 0; block < HALF; block += 4 * h) {
          for (let k = 0; k < h; k++) {
            const x0 = block + k;
            const x1 = x0 + h;
            const x2 = x1 + h;
            const x3 = x2 + h;
            const c1 = TWIDDLE_COS[k * step1]!;
            const s1 = TWIDDLE_SIN[k * step1]!;
            const c2 = TWIDDLE_COS[k * step2]!;
            const s2 = TWIDDLE_SIN[k * step2]!;
            let tr = re[x1]! * c1 - im[x1]! * s1;
            let ti = re[x1]! * s1 + im[x1]! * c1;
            const a0r = re[x0]! + tr;
            const a0i = im[x0]! + ti;
            const a1r = re[x0]! - tr;
            const a1i = im[x0]! - ti;
            tr = re[x3]! * c1 - im[x3]! * s1;
            ti = re[x3]! * s1 + im[x3]! * c1;
            const a2r = re[x2]! + tr;
            const a2i = im[x2]! + ti;
            const a3r = re[x2]! - tr;
            const a3i = im[x2]! - ti;
            const ur = a2r * c2 - a2i * s2;
            const ui = a2r * s2 + a2i * c2;
            // a3 times the twiddle and −i
            const vr = a3r * s2 + a3i * c2;
            const vi = -(a3r * c2 - a3i * s2);
            re[x0] = a0r + ur;
            im[x0] = a0i + ui;
            re[x2] = a0r - ur;
            im[x2] = a0i - ui;
            re[x1] = a1r + vr;
            im[x1] = a1i + vi;
            re[x3] = a1r - vr;
            im[x3] = a1i - vi;
          }
        }
      }
      for (let k = BAND_START[0]!; k < LAST_BIN; k++) {
        const m = (HALF - k) & (HALF - 1);
        const evenR = (re[k]! + re[m]!) / 2;
        const evenI = (im[k]! - im[m]!) / 2;
        const oddR = (im[k]! + im[m]!) / 2;
        const oddI = (re[m]! - re[k]!) / 2;
        const c = SPLIT_COS[k]!;
        const s = SPLIT_SIN[k]!;
        const xr = evenR + c * oddR - s * oddI;
        const xi = evenI + c * oddI + s * oddR;
        power[k] = xr * xr + xi * xi;
      }
      return power;
    },
  };
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The two 16-bit halves of an item, tagged with which half, as index keys. */
export function itemKeys(item: number): [number, number] {
  return [item & 0xffff, 0x10000 | (item >>> 16)];
}

export interface Alignment {
  /** Reference position minus query position, in items (positive: the query starts later in the work). */
  offsetItems: number;
  offsetSeconds: number;
  /** Fraction of differing bits over the overlap (0 identical, about 0.5 unrelated). */
  bitErrorRate: number;
  /** Overlap in seconds. */
  overlapSeconds: number;
  /** 1 − 2·BER clamped to [0, 1]: 1 identical, 0 unrelated. */
  similarity: number;
}

/** Bit error rate of the query against the reference at one offset. */
export function bitErrorRate(query: Uint32Array, reference: Uint32Array, offset: number): { ber: number; overlap: number } {
  const start = Math.max(0, -offset);
  const end = Math.min(query.length, reference.length - offset);
  let bits = 0;
  for (let i = start; i < end; i++) bits += popcount((query[i]! ^ reference[i + offset]!) >>> 0);
  const overlap = Math.max(0, end - start);
  return { ber: overlap > 0 ? bits / (overlap * 32) : 1, overlap };
}

/**
 * Aligns a query with a reference over every offset: votes from exact half-item hits, then the bit
 * error rate at the best-voted offsets (±1 item). Null when there is no overlap worth checking.
 */
export function align(query: Uint32Array, reference: Uint32Array, minOverlapItems = 40): Alignment | null {
  const index = new Map<number, number[]>();
  reference.forEach((item, pos) => {
    for (const key of itemKeys(item)) {
      const list = index.get(key);
      if (list) list.push(pos);
      else index.set(key, [pos]);
    }
  });
  const votes = new Map<number, number>();
  query.forEach((item, qpos) => {
    for (const key of itemKeys(item)) for (const rpos of index.get(key) ?? []) votes.set(rpos - qpos, (votes.get(rpos - qpos) ?? 0) + 1);
  });
  const candidates = [...votes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([o]) => o);
  if (candidates.length === 0) candidates.push(0);
  return bestAlignment(query, reference, candidates, minOverlapItems);
}

export function bestAlignment(query: Uint32Array, reference: Uint32Array, offsets: number[], minOverlapItems = 40): Alignment | null {
  let best: Alignment | null = null;
  // A short overlap can look good by chance in repetitive music: ask for half the possible overlap.
  const needed = Math.max(minOverlapItems, Math.floor(Math.min(query.length, reference.length) / 2));
  for (const center of offsets) {
    for (const offset of [center - 1, center, center + 1]) {
      const { ber, overlap } = bitErrorRate(query, reference, offset);
      if (overlap < needed) continue;
      if (!best || ber < best.bitErrorRate) {
        best = {
          offsetItems: offset,
          offsetSeconds: offset / ITEMS_PER_SECOND,
          bitErrorRate: ber,
          overlapSeconds: overlap / ITEMS_PER_SECOND,
          similarity: Math.max(0, Math.min(1, 1 - 2 * ber)),
        };
      }
    }
  }
  return best;
}

/** The best alignment of any of a query's phase fingerprints, offsets on the phase-0 grid. */
export function alignPhases(queries: Fingerprint[], reference: Uint32Array): Alignment | null {
  let best: Alignment | null = null;
  for (const q of queries) {
    const a = align(q.items, reference);
    if (a && (!best || a.bitErrorRate < best.bitErrorRate)) best = shiftAlignment(a, q.firstItem ?? 0);
  }
  return best;
}

/** An alignment of a phase fingerprint that starts firstItem items into the query, on the query's grid. */
export function shiftAlignment(alignment: Alignment, firstItem: number): Alignment {
  const offsetItems = alignment.offsetItems - firstItem;
  return { ...alignment, offsetItems, offsetSeconds: offsetItems / ITEMS_PER_SECOND };
}

/** A fingerprint match is the same recording when the aligned bit error rate is under this. */
export const MATCH_BER = 0.3;

/** A stretch of the query that is the same recording as a stretch of the reference. */
export interface RecordingPassage {
  /** Reference position minus query position, in items. */
  offsetItems: number;
  queryStartSeconds: number;
  seconds: number;
  /** Bit error rate over the passage. */
  bitErrorRate: number;
  /** Seconds of the query inside any window under the bit error rate along this offset (the passage and any others). */
  coveredSeconds: number;
}

/**
 * The longest run of windows (`windowSeconds` each, stepping a quarter window) along one offset
 * whose bit error rate stays under `maxBer`: a sample taken from a recording, where the whole
 * overlap is too long or too different to match. Null when no window qualifies.
 */
export function recordingPassage(query: Uint32Array, reference: Uint32Array, offset: number, windowSeconds: number, maxBer: number): RecordingPassage | null {
  const start = Math.max(0, -offset);
  const end = Math.min(query.length, reference.length - offset);
  const window = Math.round(windowSeconds * ITEMS_PER_SECOND);
  if (end - start < window) return null;
  const errors = new Uint8Array(end - start);
  for (let i = start; i < end; i++) errors[i - start] = popcount((query[i]! ^ reference[i + offset]!) >>> 0);
  const step = Math.max(1, Math.floor(window / 4));
  let best: { from: number; to: number } | null = null;
  let run: { from: number; to: number } | null = null;
  let covered = 0;
  let reach = 0;
  for (let at = 0; at + window <= errors.length; at += step) {
    let bits = 0;
    for (let i = at; i < at + window; i++) bits += errors[i]!;
    if (bits / (window * 32) >= maxBer) {
      run = null;
      continue;
    }
    covered += at + window - Math.max(at, reach);
    reach = at + window;
    run = run ? { from: run.from, to: at + window } : { from: at, to: at + window };
    if (!best || run.to - run.from > best.to - best.from) best = run;
  }
  if (!best) return null;
  let bits = 0;
  for (let i = best.from; i < best.to; i++) bits += errors[i]!;
  return {
    offsetItems: offset,
    queryStartSeconds: (start + best.from) / ITEMS_PER_SECOND,
    seconds: (best.to - best.from) / ITEMS_PER_SECOND,
    bitErrorRate: bits / ((best.to - best.from) * 32),
    coveredSeconds: covered / ITEMS_PER_SECOND,
  };
}
