// The descriptor scan's shortlist, kept in process memory: reading every registered summary (768
// bytes each) from the database on every check costs seconds at a million recordings. Each process
// keeps every summary quantised to signed bytes (192 bytes a recording, with its scale), compares a
// query with all of them in a WebAssembly SIMD loop, and reads only the best few hundred summaries
// back to rank them exactly, as the full scan did. Projecting summaries on a few principal
// components instead (64 bytes each) lost true matches: on the corpus among 200,000 synthetic
// summaries, copies that ranked first exactly ranked in the thousands at 32 dimensions.
//
// The cache follows the table by ordinal (audio_works.ordinal grows with every registration): rows
// are only ever added or deleted, never changed, so each check reads the rows added since the last
// one, from any process. A row deleted (or registered again under a new ordinal) stays in the cache
// until the exact ranking finds it gone. A registry at most RERANK_OTHERS strong is ranked exactly in
// full, so small registries behave as the full scan did.
//
// Two summaries are kept per recording: the beat-synchronous one, and the same construction on the
// timed sequence (half-second rows), which does not depend on the beat tracker. A copy whose beats
// were tracked differently from its original's (a transposed or re-timed copy of sparse music) has a
// beat summary far from the original's and is found by the timed one; the candidates are the union
// of both shortlists. Works registered before timed summaries were kept are in the beat one only.
//
// From SCAN_THREAD_FROM summaries on, the scans run in worker threads over the same (shared)
// memory, the beat and the timed one each in a thread of its own where the machine has two cores: a
// check reads its fingerprint postings at the same time, and decoding them on this thread then
// overlaps the scans instead of following them. Smaller registries scan here in milliseconds.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Queryable } from '../db/db';
import { logger } from '../logger/logger';
import { dot } from './descriptors';
import { pickBest, type PickRequest } from './shortlist-pick';
import { float32FromBytes } from './typed-bytes';
import { compileKernel } from './wasm-kernel';

/** Values in a summary (melodicSummary: 6 pitch rows × 32 modulation bins). */
export const SUMMARY_VALUES = 192;
/** Best quantised matches per owner class read back and ranked exactly. */
const RERANK_OTHERS = 400;
const RERANK_OWN = 50;
/** Query summaries a check compares at once (querySummaries gives 7). */
const MAX_QUERIES = 10;
/**
 * Ordinals below the newest one loaded that are read again: a registration that committed after a
 * later one (two processes at once) is still picked up.
 */
const LATE_WINDOW = 256;
const LOAD_PAGE = 20_000;
const NO_SUMMARY = new Float32Array(SUMMARY_VALUES);
/** Summaries from which the scans run in the worker thread (about 10 ms of scanning here). */
const SCAN_THREAD_FROM = 50_000;

export interface NearestWork {
  workId: string;
  /** The exact similarity by the summary that shortlisted it (the best of both when both did). */
  similarity: number;
}

/** What a check compares: its beat summaries at every metrical level, its timed ones at every tempo ratio. */
export interface ShortlistQuery {
  summaries: Float32Array[];
  timedSummaries: Float32Array[];
}

export interface ShortlistResult {
  /** Summaries compared. */
  recordsScanned: number;
  /** The `nearest` best of other owners' works and of the uploader's own, by exact similarity. */
  nearest: NearestWork[];
}

interface Row {
  ordinal: number;
  owner: string;
  summary: Float32Array;
  timedSummary: Float32Array | null;
}

interface Ranked extends NearestWork {
  owner: string;
}

/** The in-process shortlist of one database. */
export class DescriptorShortlist {
  private static readonly byDb = new WeakMap<object, DescriptorShortlist>();

  /** The shortlist kept for this database handle (one per process and database). */
  static of(db: object): DescriptorShortlist {
    let list = DescriptorShortlist.byDb.get(db);
    if (!list) DescriptorShortlist.byDb.set(db, (list = new DescriptorShortlist()));
    return list;
  }

  private readonly kernel = new ScanKernel();
  private readonly timedKernel = new ScanKernel();
  private ordinals = new Int32Array(1024);
  /** Interned owner per entry; -1 once the row is known to be gone. */
  /** Shared with the scan threads, which pick the best entries by them. */
  private owners = sharedInt32(1024);
  /** What one step of a quantised value is worth in the summary; 0 for a timed summary not kept. */
  private scales = sharedFloat32(1024);
  private timedScales = sharedFloat32(1024);
  private size = 0;
  private live = 0;
  private readonly ownerIds = new Map<string, number>();
  private newest = 0;
  /** Entries from which the scans run in the scan thread. */
  scanThreadFrom = SCAN_THREAD_FROM;
  /** Loading rows may move the kernels' memory, so it never runs while a scan reads it. */
  private turn: Promise<unknown> = Promise.resolve();

  /** Bytes held: the quantised summaries, the scan's scores, ordinals, owners and scales. */
  get memoryBytes(): number {
    return this.kernel.bytes + this.timedKernel.bytes + this.ordinals.byteLength + this.owners.byteLength + this.scales.byteLength + this.timedScales.byteLength;
  }

  get entries(): number {
    return this.live;
  }

  /** Brings the cache up to date with the table: one query when nothing changed. */
  async sync(db: Queryable): Promise<void> {
    await this.exclusive(() => this.catchUp(db));
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  /** The works whose summaries are nearest any of the query's, best first per owner class: the union of the beat and the timed shortlists. */
  async nearest(db: Queryable, query: ShortlistQuery, ownerId: string | undefined, count: number, timedCount = count): Promise<ShortlistResult> {
    const [beatPicks, timedPicks] = await this.exclusive(async () => {
      await this.catchUp(db);
      const own = ownerId === undefined ? -2 : (this.ownerIds.get(ownerId) ?? -2);
      const inThread = this.size >= this.scanThreadFrom;
      return Promise.all([this.best(this.kernel, this.scales, query.summaries, own, inThread), this.best(this.timedKernel, this.timedScales, query.timedSummaries, own, inThread)]);
    });
    const picked = new Set([...beatPicks, ...timedPicks]);
    const { byBeat, byTime } = await this.rankExactly(db, [...picked], query);
    const nearest = new Map<string, number>();
    for (const [ranked, n] of [[byBeat, count], [byTime, timedCount]] as const) {
      const chosen = [...ranked.filter((r) => r.owner !== ownerId).slice(0, n), ...ranked.filter((r) => r.owner === ownerId).slice(0, n)];
      for (const r of chosen) nearest.set(r.workId, Math.max(r.similarity, nearest.get(r.workId) ?? -Infinity));
    }
    return { recordsScanned: this.live, nearest: [...nearest].map(([workId, similarity]) => ({ workId, similarity })) };
  }

  /** The entries the quantised scan scores best, RERANK_OTHERS of other owners and RERANK_OWN of the uploader's. */
  private best(kernel: ScanKernel, scales: Float32Array, queries: Float32Array[], own: number, inThread: boolean): Promise<number[]> {
    if (queries.length === 0) return Promise.resolve([]);
    const pick: PickRequest = { owners: this.owners, scales, own, others: RERANK_OTHERS, mine: RERANK_OWN };
    return kernel.pick(queries.slice(0, MAX_QUERIES), this.size, pick, inThread);
  }

  private async rankExactly(db: Queryable, picked: number[], query: ShortlistQuery): Promise<{ byBeat: Ranked[]; byTime: Ranked[] }> {
    if (picked.length === 0) return { byBeat: [], byTime: [] };
    const ordinals = picked.map((i) => this.ordinals[i]!);
    // In two halves at once: on a Postgres server each on a connection (and a core) of its own; the
    // candidates' rows are scattered over the table, so reading them is mostly waiting for pages.
    const half = Math.ceil(ordinals.length / 2);
    const read = (some: number[]) =>
      db.query<{ ordinal: number; work_id: string; owner: string; summary: string; timed_summary: string | null }>(
        `SELECT w.ordinal, d.work_id, d.owner, encode(d.summary, 'base64') AS summary, encode(d.timed_summary, 'base64') AS timed_summary
         FROM audio_works w JOIN audio_descriptors d USING (work_id) WHERE w.ordinal = ANY($1::int[])`,
        [some],
      );
    const rows = (await Promise.all([read(ordinals.slice(0, half)), read(ordinals.slice(half))])).flatMap((result) => result.rows);
    const found = new Set(rows.map((r) => r.ordinal));
    for (const i of picked) {
      if (found.has(this.ordinals[i]!) || this.owners[i]! < 0) continue;
      this.owners[i] = -1;
      this.live--;
    }
    const best = (queries: Float32Array[], summary: Float32Array): number => Math.max(...queries.map((q) => dot(q, summary)));
    const byBeat = rows.map((r) => ({ workId: r.work_id, owner: r.owner, similarity: best(query.summaries, float32FromBytes(Buffer.from(r.summary, 'base64'))) }));
    const byTime = query.timedSummaries.length === 0 ? [] : rows.filter((r) => r.timed_summary).map((r) => ({ workId: r.work_id, owner: r.owner, similarity: best(query.timedSummaries, float32FromBytes(Buffer.from(r.timed_summary!, 'base64'))) }));
    const descending = (a: Ranked, b: Ranked): number => b.similarity - a.similarity;
    return { byBeat: byBeat.sort(descending), byTime: byTime.sort(descending) };
  }

  private async catchUp(db: Queryable): Promise<void> {
    const known = this.knownAfter(this.newest - LATE_WINDOW);
    for (let after = Math.max(0, this.newest - LATE_WINDOW); ; ) {
      const rows = await readRows(db, after, known);
      for (const row of rows) this.append(row);
      if (rows.length < LOAD_PAGE) return;
      after = rows.at(-1)!.ordinal;
    }
  }

  /** Ordinals already cached above `from` (the late window). */
  private knownAfter(from: number): number[] {
    const out: number[] = [];
    for (let i = this.size - 1; i >= 0 && this.ordinals[i]! > from; i--) out.push(this.ordinals[i]!);
    return out;
  }

  private append(row: Row): void {
    if (row.summary.length !== SUMMARY_VALUES) return;
    if (this.size === this.ordinals.length) {
      this.ordinals = grow(this.ordinals, new Int32Array(this.size * 2));
      this.owners = grow(this.owners, sharedInt32(this.size * 2));
      this.scales = grow(this.scales, sharedFloat32(this.size * 2));
      this.timedScales = grow(this.timedScales, sharedFloat32(this.size * 2));
    }
    let owner = this.ownerIds.get(row.owner);
    if (owner === undefined) this.ownerIds.set(row.owner, (owner = this.ownerIds.size));
    this.ordinals[this.size] = row.ordinal;
    this.owners[this.size] = owner;
    this.scales[this.size] = this.kernel.store(this.size, row.summary);
    // Every slot is written, so the timed kernel holds as many as the beat one; 0 marks one not kept.
    const timed = row.timedSummary?.length === SUMMARY_VALUES ? row.timedSummary : null;
    const timedScale = this.timedKernel.store(this.size, timed ?? NO_SUMMARY);
    this.timedScales[this.size] = timed ? timedScale : 0;
    this.size++;
    this.live++;
    this.newest = Math.max(this.newest, row.ordinal);
  }
}

async function readRows(db: Queryable, after: number, known: number[]): Promise<Row[]> {
  const { rows } = await db.query<{ ordinal: number; owner: string; summary: string; timed_summary: string | null }>(
    `SELECT w.ordinal, d.owner, encode(d.summary, 'base64') AS summary, encode(d.timed_summary, 'base64') AS timed_summary FROM audio_works w JOIN audio_descriptors d USING (work_id)
     WHERE w.ordinal > $1 AND NOT (w.ordinal = ANY($2::int[])) ORDER BY w.ordinal LIMIT ${LOAD_PAGE}`,
    [after, known],
  );
  const floats = (base64: string | null): Float32Array | null => (base64 === null ? null : float32FromBytes(Buffer.from(base64, 'base64')));
  return rows.map((r) => ({ ordinal: r.ordinal, owner: r.owner, summary: floats(r.summary)!, timedSummary: floats(r.timed_summary) }));
}

/** Pages a kernel's memory may grow to: 4 GiB, all a 32-bit address reaches (about 20 million summaries). */
const MAX_PAGES = 65_536;

/** Bytes the queries take at the start of the kernel's memory (MAX_QUERIES × 192 × int16, rounded up). */
const QUERY_BYTES = 4096;

/**
 * The scan in WebAssembly SIMD: each summary as 192 signed bytes, each query as 192 int16, and per
 * summary the best integer dot product over the queries (i32x4.dot_i16x8_s, 8 products a step).
 * Memory: the queries, then an i32 score per summary, then the summaries.
 */
const SCAN_WAT = `(module
  (import "env" "memory" (memory 1 ${MAX_PAGES} shared))
  (func (export "scan") (param $vec i32) (param $count i32) (param $queries i32) (param $nq i32) (param $out i32)
    (local $i i32) (local $k i32) (local $j i32) (local $q i32) (local $best i32) (local $s i32) (local $acc v128) (local $v v128)
    (block $done (loop $entries
      (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
      (local.set $best (i32.const 0x80000000))
      (local.set $k (i32.const 0))
      (local.set $q (local.get $queries))
      (block $queriesDone (loop $eachQuery
        (br_if $queriesDone (i32.ge_u (local.get $k) (local.get $nq)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (block $chunksDone (loop $chunks
          (br_if $chunksDone (i32.ge_u (local.get $j) (i32.const ${SUMMARY_VALUES})))
          (local.set $v (v128.load (i32.add (local.get $vec) (local.get $j))))
          (local.set $acc (i32x4.add (local.get $acc) (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (i32.add (local.get $q) (i32.shl (local.get $j) (i32.const 1)))))))
          (local.set $acc (i32x4.add (local.get $acc) (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (i32.add (local.get $q) (i32.shl (local.get $j) (i32.const 1)))))))
          (local.set $j (i32.add (local.get $j) (i32.const 16)))
          (br $chunks)))
        (local.set $s (i32.add (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc))) (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (if (i32.gt_s (local.get $s) (local.get $best)) (then (local.set $best (local.get $s))))
        (local.set $q (i32.add (local.get $q) (i32.const ${2 * SUMMARY_VALUES})))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $eachQuery)))
      (i32.store (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 2))) (local.get $best))
      (local.set $vec (i32.add (local.get $vec) (i32.const ${SUMMARY_VALUES})))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $entries)))))`;

const PAGE = 65_536;

let compiled: WebAssembly.Module | null = null;
const scanModule = (): WebAssembly.Module => (compiled ??= compileKernel('summary-scan', SCAN_WAT));
let kernels = 0;

interface ScanArgs {
  vec: number;
  count: number;
  queries: number;
  nq: number;
  out: number;
}

/** The quantised summaries in shared WebAssembly memory, and the scan over them, here or in the scan thread. */
export class ScanKernel {
  private readonly memory = new WebAssembly.Memory({ initial: 1, maximum: MAX_PAGES, shared: true });
  private readonly scanFn: (vec: number, count: number, queries: number, nq: number, out: number) => void;
  private readonly id = ++kernels;
  private capacity = 0;

  constructor() {
    this.scanFn = new WebAssembly.Instance(scanModule(), { env: { memory: this.memory } }).exports.scan as ScanKernel['scanFn'];
    this.reserve(1024);
  }

  get bytes(): number {
    return this.memory.buffer.byteLength;
  }

  private get vectorsAt(): number {
    return QUERY_BYTES + 4 * this.capacity;
  }

  /** Quantises a summary into slot `index`; returns the value of one step. */
  store(index: number, summary: Float32Array): number {
    if (index >= this.capacity) this.reserve(Math.max(index + 1, 2 * this.capacity));
    let peak = 0;
    for (const v of summary) peak = Math.max(peak, Math.abs(v));
    const scale = peak > 0 ? peak / 127 : 1;
    const slot = new Int8Array(this.memory.buffer, this.vectorsAt + index * SUMMARY_VALUES, SUMMARY_VALUES);
    for (let i = 0; i < SUMMARY_VALUES; i++) slot[i] = Math.round(summary[i]! / scale);
    return scale;
  }

  /** Per slot 0..count−1, the best integer dot product with any query (in one common query scale). */
  scan(queries: Float32Array[], count: number): Int32Array {
    const { vec, queries: at, nq, out } = this.prepare(queries, count);
    if (count > 0) this.scanFn(vec, count, at, nq, out);
    return new Int32Array(this.memory.buffer, QUERY_BYTES, count);
  }

  /**
   * The scan, then the best entries by their scores scaled back (pickBest): in the kernel's scan
   * thread when asked and available, this thread free meanwhile; else here.
   */
  async pick(queries: Float32Array[], count: number, pick: PickRequest, inThread: boolean): Promise<number[]> {
    const thread = inThread && count > 0 ? await scanThread(this.id) : null;
    if (!thread) return pickBest(this.scan(queries, count), count, pick);
    const args = this.prepare(queries, count);
    return thread.run({ kernel: this.id, module: scanModule(), memory: this.memory, args, pick });
  }

  /** Writes the queries at the start of memory, as int16 in one common scale. */
  private prepare(queries: Float32Array[], count: number): ScanArgs {
    let peak = 0;
    for (const q of queries) for (const v of q) peak = Math.max(peak, Math.abs(v));
    const scale = peak > 0 ? 32_767 / peak : 1;
    const area = new Int16Array(this.memory.buffer, 0, queries.length * SUMMARY_VALUES);
    queries.forEach((q, k) => {
      for (let i = 0; i < SUMMARY_VALUES; i++) area[k * SUMMARY_VALUES + i] = Math.round((q[i] ?? 0) * scale);
    });
    return { vec: this.vectorsAt, count, queries: 0, nq: queries.length, out: QUERY_BYTES };
  }

  /** Room for `capacity` summaries: the scores area grows, so the summaries move up. */
  private reserve(capacity: number): void {
    const oldAt = this.vectorsAt;
    const used = this.capacity * SUMMARY_VALUES;
    const need = QUERY_BYTES + capacity * (4 + SUMMARY_VALUES);
    if (need > this.memory.buffer.byteLength) this.memory.grow(Math.ceil((need - this.memory.buffer.byteLength) / PAGE));
    this.capacity = capacity;
    new Uint8Array(this.memory.buffer).copyWithin(this.vectorsAt, oldAt, oldAt + used);
  }
}

/** A scan posted to the scan thread: the kernel's memory and compiled module, the scan's arguments, and what to pick. */
export interface ScanRequest {
  id: number;
  kernel: number;
  module: WebAssembly.Module;
  memory: WebAssembly.Memory;
  args: ScanArgs;
  pick: PickRequest;
}
export type ScanReply = { id: number; picked?: number[]; error?: string };

const log = logger.child({ module: 'descriptor-shortlist' });

/** A scan thread, started by the first large scan that needs it. */
class ScanThread {
  private readonly worker = new Worker(new URL('./scan-worker.mjs', import.meta.url));
  private readonly pending = new Map<number, { resolve: (picked: number[]) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  failed = false;
  readonly ready: Promise<boolean>;

  constructor() {
    const { worker } = this;
    // Idle, it must not keep the process alive.
    worker.unref();
    this.ready = new Promise<boolean>((resolve) => {
      worker.once('message', () => resolve(true));
      worker.once('error', (error) => {
        log.warn({ err: error.message }, 'scan thread unavailable; the shortlist scans on the main thread');
        resolve(false);
      });
    });
    worker.on('message', (reply: ScanReply | { ready: true }) => {
      if (!('id' in reply)) return;
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error !== undefined) waiter?.reject(new Error(`scan thread: ${reply.error}`));
      else waiter?.resolve(reply.picked ?? []);
    });
    worker.on('error', (error) => {
      this.failed = true;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    });
  }

  run(request: Omit<ScanRequest, 'id'>): Promise<number[]> {
    const id = this.nextId++;
    return new Promise<number[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ ...request, id } satisfies ScanRequest);
    }).finally(() => {
      if (this.pending.size === 0) this.worker.unref();
    });
  }
}

/** Two threads at most: a check runs two scans (beat and timed) at once, and its kernels take turns by id. */
const threads: (ScanThread | null)[] = Array.from({ length: Math.min(2, availableParallelism()) }, () => null);

/** The scan thread of a kernel once it is up, or null when it could not start (or died). */
async function scanThread(kernel: number): Promise<ScanThread | null> {
  const slot = kernel % threads.length;
  const thread = (threads[slot] ??= new ScanThread());
  return (await thread.ready) && !thread.failed ? thread : null;
}

/** `bigger`, holding `array`'s values first. */
function grow<T extends Int32Array | Float32Array>(array: T, bigger: T): T {
  bigger.set(array);
  return bigger;
}

const sharedInt32 = (length: number): Int32Array => new Int32Array(new SharedArrayBuffer(4 * length));
const sharedFloat32 = (length: number): Float32Array => new Float32Array(new SharedArrayBuffer(4 * length));
