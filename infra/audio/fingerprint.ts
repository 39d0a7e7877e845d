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
}

export async function fingerprintFile(file: string): Promise<Fingerprint> {
  const pcm = await decodePcm(file, { sampleRate: FINGERPRINT_SAMPLE_RATE, channels: 1 });
  return fingerprintPcm(pcm);
}

/**
 * A query's fingerprints at PHASES sub-hop starts (0, ¼, ½, ¾ of a hop). A copy cut at an arbitrary
 * point has its frames off the registered grid by up to half a hop (62 ms), which flips many bits;
 * one of these phases is always within an eighth of a hop of the registered grid.
 */
export const PHASES = 4;
export async function fingerprintQueryFile(file: string): Promise<Fingerprint[]> {
  const pcm = await decodePcm(file, { sampleRate: FINGERPRINT_SAMPLE_RATE, channels: 1 });
  return Array.from({ length: PHASES }, (_, p) => fingerprintPcm(pcm.subarray(Math.round((p * HOP) / PHASES))));
}

/** Fingerprints mono PCM at FINGERPRINT_SAMPLE_RATE. */
export function fingerprintPcm(pcm: Float32Array): Fingerprint {
  const frames = pcm.length >= FRAME ? Math.floor((pcm.length - FRAME) / HOP) + 1 : 0;
  const window = new Float64Array(FRAME);
  for (let i = 0; i < FRAME; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME);
  // Band edges in FFT bins, log spaced.
  const edges: number[] = [];
  for (let b = 0; b <= BANDS; b++) {
    const f = F_LOW * (F_HIGH / F_LOW) ** (b / BANDS);
    edges.push(Math.round((f * FRAME) / FINGERPRINT_SAMPLE_RATE));
  }
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  const energies = new Float64Array(frames * BANDS);
  for (let n = 0; n < frames; n++) {
    const start = n * HOP;
    for (let i = 0; i < FRAME; i++) {
      re[i] = pcm[start + i]! * window[i]!;
      im[i] = 0;
    }
    fft(re, im);
    for (let b = 0; b < BANDS; b++) {
      let e = 0;
      for (let k = edges[b]!; k < Math.max(edges[b + 1]!, edges[b]! + 1); k++) e += re[k]! * re[k]! + im[k]! * im[k]!;
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

/** In-place iterative radix-2 complex FFT (length a power of two). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        const ncr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = ncr;
      }
    }
  }
}

function popcount(x: number): number {
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

/** The best alignment of any of a query's phase fingerprints. */
export function alignPhases(queries: Fingerprint[], reference: Uint32Array): Alignment | null {
  let best: Alignment | null = null;
  for (const q of queries) {
    const a = align(q.items, reference);
    if (a && (!best || a.bitErrorRate < best.bitErrorRate)) best = a;
  }
  return best;
}

/** A fingerprint match is the same recording when the aligned bit error rate is under this. */
export const MATCH_BER = 0.3;
