// Synthetic works for sizing and timing the fingerprint index: random items of a real work's length
// (3 minutes ≈ 1450 items), seeded in bulk, and a lookup latency measurement over a mix of queries
// for seeded works (noisy excerpts, as a re-encoded copy would give) and for works never registered.
import { performance } from 'node:perf_hooks';
import type { Db } from '../../infra/db/db';
import { ITEMS_PER_SECOND, PHASE_WINDOW_SECONDS, PHASES, type Fingerprint } from '../../infra/audio/fingerprint';
import { appendPostings, BUCKET_BITS, FingerprintIndex, keyBucket, POSTING_BYTES } from '../../infra/audio/fingerprint-index';
import { bytesOf } from '../../infra/audio/typed-bytes';
import { random } from '../../infra/audio/test-signals';

export const SYNTHETIC_ITEMS = 1450;
const WORKS_PER_INSERT = 1000;
const BUCKETS_PER_UPSERT = 16_384;

export function syntheticWorkId(n: number): string {
  return `synthetic-${n}`;
}

/** The items of synthetic work n: the same for the same n, so a lookup can ask for a seeded work. */
export function syntheticItems(n: number, length = SYNTHETIC_ITEMS): Uint32Array {
  const rand = random(0x5eed0000 + n);
  return Uint32Array.from({ length }, () => Math.floor(rand() * 2 ** 32));
}

export interface SeedResult {
  works: number;
  postings: number;
  seconds: number;
  /** Of which inserting the works (their fingerprints), and writing the postings. */
  worksSeconds: number;
  postingsSeconds: number;
}

/**
 * Registers synthetic works 0..count−1 with what FingerprintIndex.register stores, but in bulk: works
 * in multi-row inserts, then every bucket's postings in one upsert each (appended to what is there).
 * Works already seeded are left as they are. Holds the postings in memory until the end: about
 * 900 MB for 100,000 works.
 */
export async function seedSyntheticWorks(db: Db, count: number, length = SYNTHETIC_ITEMS): Promise<SeedResult> {
  const started = performance.now();
  let postingItems = new Uint32Array(1 << 20);
  let postingOrdinals = new Uint32Array(postingItems.length);
  let postingPositions = new Uint16Array(postingItems.length);
  let postingBuckets = new Uint32Array(postingItems.length);
  let postings = 0;
  for (let first = 0; first < count; first += WORKS_PER_INSERT) {
    const numbers = Array.from({ length: Math.min(WORKS_PER_INSERT, count - first) }, (_, i) => first + i);
    const items = numbers.map((n) => syntheticItems(n, length));
    const { rows } = await db.query<{ ordinal: number; work_id: string }>(
      `INSERT INTO audio_works (work_id, owner, items, duration_seconds)
       SELECT w, 'synthetic', decode(i, 'base64'), $3 FROM unnest($1::text[], $2::text[]) AS t(w, i)
       ON CONFLICT (work_id) DO NOTHING RETURNING ordinal, work_id`,
      [numbers.map(syntheticWorkId), items.map((i) => bytesOf(i).toString('base64')), length / ITEMS_PER_SECOND],
    );
    const ordinals = new Map(rows.map((r) => [r.work_id, r.ordinal]));
    numbers.forEach((n, i) => {
      const ordinal = ordinals.get(syntheticWorkId(n));
      if (ordinal === undefined) return;
      items[i]!.forEach((item, pos) => {
        const bucket = keyBucket(item);
        if (bucket < 0) return;
        if (postings === postingItems.length) {
          postingItems = grow(postingItems);
          postingOrdinals = grow(postingOrdinals);
          postingPositions = grow(postingPositions);
          postingBuckets = grow(postingBuckets);
        }
        postingItems[postings] = item;
        postingOrdinals[postings] = ordinal;
        postingPositions[postings] = pos;
        postingBuckets[postings] = bucket;
        postings++;
      });
    });
  }
  const worksDone = performance.now();
  // Counting sort by bucket, packed as FingerprintIndex stores them.
  const starts = new Uint32Array((1 << BUCKET_BITS) + 1);
  for (let i = 0; i < postings; i++) starts[postingBuckets[i]! + 1]!++;
  for (let b = 0; b < 1 << BUCKET_BITS; b++) starts[b + 1]! += starts[b]!;
  const packed = Buffer.allocUnsafe(postings * POSTING_BYTES);
  const fill = starts.slice(0, 1 << BUCKET_BITS);
  for (let i = 0; i < postings; i++) {
    const at = fill[postingBuckets[i]!]!++ * POSTING_BYTES;
    packed.writeUInt32LE(postingItems[i]!, at);
    packed.writeUInt32LE(postingOrdinals[i]!, at + 4);
    packed.writeUInt16LE(postingPositions[i]!, at + 8);
  }
  for (let first = 0; first < 1 << BUCKET_BITS; first += BUCKETS_PER_UPSERT) {
    const buckets: number[] = [];
    const lists: Buffer[] = [];
    for (let b = first; b < first + BUCKETS_PER_UPSERT; b++) {
      if (starts[b + 1] === starts[b]) continue;
      buckets.push(b);
      lists.push(packed.subarray(starts[b]! * POSTING_BYTES, starts[b + 1]! * POSTING_BYTES));
    }
    await appendPostings(db, buckets, lists);
  }
  await db.query('ANALYZE audio_works');
  await db.query('ANALYZE audio_fingerprint_buckets');
  const done = performance.now();
  return { works: count, postings, seconds: (done - started) / 1000, worksSeconds: (worksDone - started) / 1000, postingsSeconds: (done - worksDone) / 1000 };
}

function grow<T extends Uint32Array | Uint16Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * A query as fingerprintQueryPcm would give for a copy of `items` from `start`: the aligned phase 0
 * keeps half its items exact and flips 3 bits of the others (BER ≈ 0.05, like an mp3 at 128 kbps);
 * the other phases cover the middle PHASE_WINDOW_SECONDS and are off the grid (BER ≈ 0.17).
 */
export function noisyQuery(items: Uint32Array, start: number, length: number, rand: () => number): Fingerprint[] {
  const excerpt = items.subarray(start, start + length);
  const windowItems = Math.round(PHASE_WINDOW_SECONDS * ITEMS_PER_SECOND);
  const firstItem = Math.max(0, Math.floor((excerpt.length - windowItems) / 2));
  const noisy = (source: Uint32Array, exact: number, flips: number): Fingerprint => {
    const out = Uint32Array.from(source, (item) => {
      if (rand() < exact) return item;
      let flipped = item;
      for (let f = 0; f < flips; f++) flipped ^= 1 << Math.floor(rand() * 32);
      return flipped >>> 0;
    });
    return { items: out, itemsPerSecond: ITEMS_PER_SECOND, durationSeconds: out.length / ITEMS_PER_SECOND };
  };
  const window = excerpt.subarray(firstItem, firstItem + windowItems);
  return [noisy(excerpt, 0.5, 3), ...Array.from({ length: PHASES - 1 }, () => ({ ...noisy(window, 0.15, 6), firstItem }))];
}

export interface LatencyResult {
  queries: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Queries for seeded works whose work came back first. */
  seededFound: number;
  seededQueries: number;
  /** Queries for unregistered works that matched anything. */
  unregisteredMatched: number;
}

/**
 * Times `queries` lookups, alternating a noisy full-length copy of a random seeded work (0..seeded−1)
 * and random items of the same length that no work has.
 */
export async function measureLookupLatency(index: FingerprintIndex, seeded: number, queries: number, length = SYNTHETIC_ITEMS): Promise<LatencyResult> {
  const rand = random(0xbe4c4);
  const timings: number[] = [];
  let seededFound = 0;
  let seededQueries = 0;
  let unregisteredMatched = 0;
  for (let q = 0; q < queries; q++) {
    const forSeeded = q % 2 === 0 && seeded > 0;
    const n = Math.floor(rand() * seeded);
    const query = forSeeded
      ? noisyQuery(syntheticItems(n, length), 0, length, rand)
      : noisyQuery(syntheticItems(-1 - q, length), 0, length, rand);
    const started = performance.now();
    const { matches } = await index.lookup(query);
    timings.push(performance.now() - started);
    if (forSeeded) {
      seededQueries++;
      if (matches[0]?.workId === syntheticWorkId(n)) seededFound++;
    } else if (matches.length > 0) unregisteredMatched++;
  }
  timings.sort((a, b) => a - b);
  const at = (p: number): number => Math.round(timings[Math.min(timings.length - 1, Math.floor(p * timings.length))]! * 10) / 10;
  return { queries, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1), seededFound, seededQueries, unregisteredMatched };
}
