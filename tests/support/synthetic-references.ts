// Synthetic reference recordings in bulk, for sizing and timing the oracle's indexes at a million
// recordings (npm run bench:oracle-scale). Each carries what a real reference stores and a check
// reads: a 3-minute fingerprint and its postings, and the descriptor row (summary, melodic and timed
// sequences of a 3-minute piece, rhythm, pitch profile, names). Summaries are mixtures of real
// pieces' summaries (the pool) plus noise, so the descriptor shortlist competes with summaries
// shaped like music's rather than with random vectors, which no real summary resembles. Timed
// summaries are mixed the same way from real timed summaries.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../infra/db/db';
import { ITEMS_PER_SECOND } from '../../infra/audio/fingerprint';
import { appendPostings, BUCKET_BITS, keyBucket, POSTING_BYTES } from '../../infra/audio/fingerprint-index';
import { bytesOf } from '../../infra/audio/typed-bytes';
import { random } from '../../infra/audio/test-signals';
import { SYNTHETIC_ITEMS, syntheticItems } from './synthetic-fingerprints';

const ROWS_PER_INSERT = 1000;
const BUCKETS_PER_UPSERT = 2048;
/** References per range of buckets whose postings are sorted in memory at once: 14 bytes a posting, 360 postings a reference. */
const WORKS_PER_POSTING_PASS = 150_000;
const HOLDERS = 1000;
const SECONDS = SYNTHETIC_ITEMS / ITEMS_PER_SECOND;
/** Share of a synthetic summary that is noise rather than the mixture of real ones. */
const SUMMARY_NOISE = 0.5;

export const syntheticReferenceId = (n: number): string => `synthetic-reference-${n}`;

/** The real summaries synthetic ones are mixed from: beat summaries, and timed summaries. */
export interface SummaryPool {
  summaries: readonly Float32Array[];
  timedSummaries: readonly Float32Array[];
}

export interface ReferenceSeedResult {
  references: number;
  postings: number;
  seconds: number;
  rowsSeconds: number;
  postingsSeconds: number;
}

/** A synthetic summary: 2 to 4 pool summaries mixed with random weights, plus noise, centred and unit length. */
export function mixedSummary(pool: readonly Float32Array[], rand: () => number): Float32Array {
  const length = pool[0]!.length;
  const out = new Float32Array(length);
  const parts = 2 + Math.floor(rand() * 3);
  for (let p = 0; p < parts; p++) {
    const source = pool[Math.floor(rand() * pool.length)]!;
    const weight = 0.2 + rand();
    for (let i = 0; i < length; i++) out[i] = out[i]! + weight * source[i]!;
  }
  scale(out);
  for (let i = 0; i < length; i++) out[i] = out[i]! + SUMMARY_NOISE * gaussian(rand) * Math.sqrt(1 / length);
  return scale(out);
}

function scale(values: Float32Array): Float32Array {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  let norm = 0;
  for (let i = 0; i < values.length; i++) norm += (values[i]! -= mean) ** 2;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < values.length; i++) values[i] = values[i]! / norm;
  return values;
}

function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}


const floats = (length: number, rand: () => number): Buffer => bytesOf(Float32Array.from({ length }, () => rand()));

/**
 * Seeds references first..first+count−1 as registerReference stores them (source 'reference', a
 * holder among HOLDERS), in bulk: rows in multi-row inserts, then the postings one range of buckets
 * at a time, so each bucket is written once and the postings held in memory stay under a gigabyte.
 */
export async function seedSyntheticReferences(db: Db, count: number, pool: SummaryPool, onProgress?: (line: string) => void): Promise<ReferenceSeedResult> {
  const started = performance.now();
  const ordinals = new Int32Array(count).fill(-1);
  const { rows: present } = await db.query<{ n: string; buckets: boolean }>(
    `SELECT (SELECT count(*) FROM audio_works WHERE work_id LIKE 'synthetic-reference-%')::text AS n, EXISTS (SELECT 1 FROM audio_fingerprint_buckets) AS buckets`,
  );
  // A database seeded before (BENCH_DATABASE) is used as it is; one whose rows are in but whose postings are not gets them;
  // one seeded with fewer references gets the rest, and postings for those alone (appending the others' again would double them).
  const postingsPresent = present[0]!.buckets;
  if (Number(present[0]!.n) >= count && postingsPresent) return { references: count, postings: 0, seconds: 0, rowsSeconds: 0, postingsSeconds: 0 };
  const addedNow = new Uint8Array(count);
  const insertBatch = async (first: number): Promise<void> => {
    const numbers = Array.from({ length: Math.min(ROWS_PER_INSERT, count - first) }, (_, i) => first + i);
    const { rows } = await db.query<{ ordinal: number; work_id: string }>(
      `INSERT INTO audio_works (work_id, owner, items, duration_seconds, source)
       SELECT w, o, decode(i, 'base64'), $4, 'reference' FROM unnest($1::text[], $2::text[], $3::text[]) AS t(w, o, i)
       ON CONFLICT (work_id) DO NOTHING RETURNING ordinal, work_id`,
      [numbers.map(syntheticReferenceId), numbers.map((n) => `synthetic-holder-${n % HOLDERS}`), numbers.map((n) => bytesOf(syntheticItems(n)).toString('base64')), SECONDS],
    );
    const byId = new Map(rows.map((r) => [r.work_id, r.ordinal]));
    const added = numbers.filter((n) => byId.has(syntheticReferenceId(n)));
    for (const n of added) addedNow[n] = 1;
    if (added.length > 0) await insertDescriptors(db, added, pool);
    if ((first / ROWS_PER_INSERT) % 50 === 0) onProgress?.(`references: ${first + numbers.length} of ${count} rows`);
  };
  // Two batches in flight: one being generated and sent while the server writes the other.
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const first = next;
      next += ROWS_PER_INSERT;
      await insertBatch(first);
    }
  };
  if (Number(present[0]!.n) < count) await Promise.all([worker(), worker()]);
  const rowsDone = performance.now();
  const { rows: stored } = await db.query<{ work_id: string; ordinal: number }>(`SELECT work_id, ordinal FROM audio_works WHERE work_id LIKE 'synthetic-reference-%'`);
  for (const row of stored) {
    const n = Number(row.work_id.slice(syntheticReferenceId(0).length - 1));
    if (n < count && (!postingsPresent || addedNow[n] === 1)) ordinals[n] = row.ordinal;
  }
  const postings = await writePostings(db, ordinals, onProgress);
  await db.query('ANALYZE audio_works');
  await db.query('ANALYZE audio_descriptors');
  await db.query('ANALYZE audio_fingerprint_buckets');
  const done = performance.now();
  return { references: count, postings, seconds: (done - started) / 1000, rowsSeconds: (rowsDone - started) / 1000, postingsSeconds: (done - rowsDone) / 1000 };
}

async function insertDescriptors(db: Db, numbers: number[], pool: SummaryPool): Promise<void> {
  const columns: string[][] = Array.from({ length: 14 }, () => []);
  for (const n of numbers) {
    const rand = random(0xdec0de + n);
    const bpm = 70 + rand() * 100;
    const rowSeconds = 30 / bpm;
    const values = [
      syntheticReferenceId(n),
      `synthetic-holder-${n % HOLDERS}`,
      `Synthetic reference ${n}`,
      `Synthetic holder ${n % HOLDERS}`,
      bytesOf(mixedSummary(pool.summaries, rand)).toString('base64'),
      randomBytes(12 * Math.floor(SECONDS / rowSeconds)).toString('base64'),
      randomBytes(12 * Math.floor(SECONDS / 0.5)).toString('base64'),
      String(rand()),
      String(rowSeconds),
      String(bpm),
      floats(12, rand).toString('base64'),
      floats(12, rand).toString('base64'),
      (rand() * 2 ** 32).toString(16),
      bytesOf(mixedSummary(pool.timedSummaries, rand)).toString('base64'),
    ];
    values.forEach((v, i) => columns[i]!.push(v));
  }
  await db.query(
    `INSERT INTO audio_descriptors (work_id, owner, title, owner_name, summary, melodic_sequence, timed_sequence, first_beat_seconds, row_seconds, tempo_bpm, rhythm, pitch_profile, melodic_id, harmonic_id, rhythmic_id, source, timed_summary)
     SELECT w, o, t, n, decode(s, 'base64'), decode(m, 'base64'), decode(ts, 'base64'), f::real, r::real, b::real, decode(rh, 'base64'), decode(p, 'base64'), 'mel-' || h, 'har-' || h, 'rhy-' || h, 'reference', decode(tsum, 'base64')
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])
       AS x(w, o, t, n, s, m, ts, f, r, b, rh, p, h, tsum)`,
    columns,
  );
}

/** Bytes of a posting record in the temporary files: bucket (u32), then the posting as stored. */
const RECORD_BYTES = 4 + POSTING_BYTES;
const RECORDS_PER_FLUSH = 1 << 20;

/**
 * Writes every seeded reference's postings, each bucket once: one pass generates them into a
 * temporary file per range of buckets, then each range is sorted by bucket in memory and written.
 */
async function writePostings(db: Db, ordinals: Int32Array, onProgress?: (line: string) => void): Promise<number> {
  const ranges = Math.max(1, Math.ceil(ordinals.length / WORKS_PER_POSTING_PASS));
  const bucketCount = 1 << BUCKET_BITS;
  const dir = await mkdtemp(path.join(tmpdir(), 'goose-synthetic-postings-'));
  try {
    const files = Array.from({ length: ranges }, (_, r) => path.join(dir, `range-${r}`));
    const handles = files.map((f) => openSync(f, 'w'));
    const buffers = files.map(() => Buffer.allocUnsafe(RECORDS_PER_FLUSH * RECORD_BYTES));
    const fill = new Int32Array(ranges);
    const flush = (r: number): void => {
      writeSync(handles[r]!, buffers[r]!, 0, fill[r]! * RECORD_BYTES);
      fill[r] = 0;
    };
    let postings = 0;
    for (let work = 0; work < ordinals.length; work++) {
      const ordinal = ordinals[work]!;
      if (ordinal < 0) continue;
      const items = syntheticItems(work);
      for (let pos = 0; pos < items.length; pos++) {
        const bucket = keyBucket(items[pos]!);
        if (bucket < 0) continue;
        const r = Math.floor((bucket * ranges) / bucketCount);
        const at = fill[r]! * RECORD_BYTES;
        const buffer = buffers[r]!;
        buffer.writeUInt32LE(bucket, at);
        buffer.writeUInt32LE(items[pos]!, at + 4);
        buffer.writeUInt32LE(ordinal, at + 8);
        buffer.writeUInt16LE(pos, at + 12);
        if (++fill[r]! === RECORDS_PER_FLUSH) flush(r);
        postings++;
      }
      if (work % 100_000 === 0) onProgress?.(`postings: ${work} of ${ordinals.length} references generated`);
    }
    files.forEach((_, r) => {
      flush(r);
      closeSync(handles[r]!);
    });
    for (let r = 0; r < ranges; r++) {
      const low = Math.ceil((r * bucketCount) / ranges);
      const high = Math.ceil(((r + 1) * bucketCount) / ranges);
      await writeRange(db, await readFile(files[r]!), low, high);
      await rm(files[r]!);
      onProgress?.(`postings: range ${r + 1} of ${ranges} written`);
    }
    return postings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Sorts one range's records by bucket (counting sort), packs them as FingerprintIndex stores them and writes them. */
async function writeRange(db: Db, records: Buffer, low: number, high: number): Promise<void> {
  const n = records.length / RECORD_BYTES;
  const span = high - low;
  const starts = new Uint32Array(span + 1);
  for (let i = 0; i < n; i++) starts[records.readUInt32LE(i * RECORD_BYTES) - low + 1]!++;
  for (let b = 0; b < span; b++) starts[b + 1]! += starts[b]!;
  const packed = Buffer.allocUnsafe(n * POSTING_BYTES);
  const fill = starts.slice(0, span);
  for (let i = 0; i < n; i++) {
    const from = i * RECORD_BYTES;
    records.copy(packed, fill[records.readUInt32LE(from) - low]!++ * POSTING_BYTES, from + 4, from + RECORD_BYTES);
  }
  for (let first = 0; first < span; first += BUCKETS_PER_UPSERT) {
    const ids: number[] = [];
    const lists: Buffer[] = [];
    for (let b = first; b < Math.min(span, first + BUCKETS_PER_UPSERT); b++) {
      if (starts[b + 1] === starts[b]) continue;
      ids.push(low + b);
      lists.push(packed.subarray(starts[b]! * POSTING_BYTES, starts[b + 1]! * POSTING_BYTES));
    }
    await appendPostings(db, ids, lists);
  }
}
