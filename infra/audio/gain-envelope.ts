// The limiter's gain envelope, as plain functions over arrays, so that the worker thread can
// limit its part of a track with the same code (see limiter.ts and parallel-dsp.ts).

const dbToGain = (db: number): number => 10 ** (db / 20);

/** A gain envelope over a series of peaks, one per step (a frame, or a few). */
export interface Envelope {
  peaks: Float32Array;
  /** Look-ahead and smoothing, in steps. */
  attack: number;
  /** Release time constant, in steps. */
  release: number;
}

/** Working memory for shapeGain over up to `length` steps, its range and its look-ahead. */
export interface EnvelopeScratch {
  needed: Float32Array;
  suffixMin: Float32Array;
}

export function envelopeScratch(length: number, allocate: (length: number) => Float32Array): EnvelopeScratch {
  return { needed: allocate(length), suffixMin: allocate(length) };
}

/**
 * The gain for steps `from` ≤ n < `to`: `gainDb`, less what keeps every peak under the ceiling,
 * released from no gain reduction at `from`. Returned in `scratch` (index n − from), which needs
 * room for the range and its look-ahead.
 */
export function shapeGain(envelope: Envelope, gainDb: number, ceilingDb: number, from: number, to: number, scratch: EnvelopeScratch): Float32Array {
  const { peaks } = envelope;
  const { needed, suffixMin } = scratch;
  // The steps read: the range and the look-ahead of its last window.
  const span = Math.min(peaks.length, to + Math.max(1, envelope.attack) - 1) - from;
  const attack = Math.max(1, Math.min(span, envelope.attack));
  const g = dbToGain(gainDb);
  // Gain per step that brings its peak to the ceiling, relative to the gain applied.
  const level = dbToGain(ceilingDb) / g;
  for (let i = 0; i < span; i++) {
    const peak = peaks[from + i]!;
    needed[i] = peak > level ? level / peak : 1;
  }

  // Minimum over [i, i + attack - 1] from per-block minima (van Herk/Gil-Werman): within blocks
  // of `attack` steps, minima from each block's end back (suffixMin) and from its start on
  // (`needed`, in place); a window covers one block's tail and the next block's head.
  for (let blockStart = 0; blockStart < span; blockStart += attack) {
    const blockEnd = Math.min(span, blockStart + attack);
    let m = needed[blockEnd - 1]!;
    for (let i = blockEnd - 1; i >= blockStart; i--) {
      const v = needed[i]!;
      m = v < m ? v : m;
      suffixMin[i] = m;
    }
    m = needed[blockStart]!;
    for (let i = blockStart + 1; i < blockEnd; i++) {
      const v = needed[i]!;
      m = v < m ? v : m;
      needed[i] = m;
    }
  }

  // The window minimum, released exponentially, then averaged over [i - attack + 1, i] (steps
  // before the start count as the first step's gain), times the gain into the limiter. `recent`
  // holds the last `attack` released values, for the average's running sum. The gain goes into
  // suffixMin: each step's minimum is read before its gain is written there.
  const gain = suffixMin;
  const release = Math.exp(-1 / Math.max(1, envelope.release));
  const recent = new Float64Array(attack);
  let released = 1;
  let sum = 0;
  let slot = 0;
  const scale = g / attack;
  for (let i = 0, count = to - from; i < count; i++) {
    const last = i + attack - 1;
    const head = needed[last < span ? last : span - 1]!;
    const tail = suffixMin[i]!;
    const hold = head < tail ? head : tail;
    released = 1 - (1 - released) * release;
    if (hold < released) released = hold;
    if (i === 0) {
      recent.fill(released);
      sum = released * attack;
    }
    sum += released - recent[slot]!;
    recent[slot] = released;
    if (++slot === attack) slot = 0;
    gain[i] = sum * scale;
  }
  return gain;
}

/** `input` times `gain` (index n − from) into `out` (at frame n − `outFrom`), frames `from` ≤ n < `to`. */
export function limitFrames(input: Float32Array, out: Float32Array, gain: Float32Array, from: number, to: number, outFrom = 0): void {
  for (let n = from; n < to; n++) {
    const g = gain[n - from]!;
    out[2 * (n - outFrom)] = input[2 * n]! * g;
    out[2 * (n - outFrom) + 1] = input[2 * n + 1]! * g;
  }
}

/** Frames `from` ≤ n < `to` limited into `out`, the envelope released from `warmUp` frames earlier. */
export interface LimitRange extends Envelope {
  input: Float32Array;
  out: Float32Array;
  gainDb: number;
  ceilingDb: number;
  from: number;
  to: number;
  warmUp: number;
}

/** Limits a range of frames; `scratch` needs room for the range, its warm-up and its look-ahead. */
export function limitRange(range: LimitRange, scratch: EnvelopeScratch): void {
  const start = Math.max(0, range.from - range.warmUp);
  const gain = shapeGain(range, range.gainDb, range.ceilingDb, start, range.to, scratch);
  limitFrames(range.input, range.out, gain.subarray(range.from - start), range.from, range.to);
}

/** Steps of scratch limitRange needs. */
export function limitRangeSpan(range: LimitRange): number {
  return range.to - Math.max(0, range.from - range.warmUp) + Math.max(1, range.attack);
}
