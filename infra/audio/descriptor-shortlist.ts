// The descriptor scan's shortlist, kept in process memory: reading every registered summary (768
// bytes each) from the database on every check costs seconds at a million recordings. Each process
// keeps every summary projected on its principal components (PROJECTED_DIMS floats, 64 bytes a
// recording), compares a query with all of them, and reads only the best few hundred summaries back
// to rank them exactly, as the full scan would.
//
// The cache follows the table by ordinal (audio_works.ordinal grows with every registration): rows
// are only ever added or deleted, never changed, so each check reads the rows added since the last
// one, from any process. A row deleted (or registered again under a new ordinal) stays in the cache
// until the exact ranking finds it gone. A registry at most RERANK strong is ranked exactly in full,
// so small registries behave as the full scan did.
import type { Queryable } from '../db/db';
import { dot } from './descriptors';
import { float32FromBytes } from './typed-bytes';

/** Principal components each summary is projected on. */
export const PROJECTED_DIMS = 16;
/** Best projected matches per owner class read back and ranked exactly. */
const RERANK_OTHERS = 400;
const RERANK_OWN = 50;
/** Summaries sampled to fit the components, and how much the registry grows before they are fitted again. */
const FIT_SAMPLE = 8192;
const REFIT_GROWTH = 2;
/**
 * Ordinals below the newest one loaded that are read again: a registration that committed after a
 * later one (two processes at once) is still picked up.
 */
const LATE_WINDOW = 256;
const LOAD_PAGE = 20_000;

export interface NearestWork {
  workId: string;
  similarity: number;
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

  private ordinals = new Int32Array(1024);
  /** Interned owner per entry; -1 once the row is known to be gone. */
  private owners = new Int32Array(1024);
  private projected = new Float32Array(1024 * PROJECTED_DIMS);
  private size = 0;
  private live = 0;
  private readonly ownerIds = new Map<string, number>();
  /** PROJECTED_DIMS × summary length, row-major; null until fitted. */
  private basis: Float32Array | null = null;
  private fittedAt = 0;
  private newest = 0;
  private syncing: Promise<void> | null = null;

  /** Bytes held (the projections and their ordinals and owners). */
  get memoryBytes(): number {
    return this.ordinals.byteLength + this.owners.byteLength + this.projected.byteLength;
  }

  get entries(): number {
    return this.live;
  }

  /** Brings the cache up to date with the table: one query when nothing changed. */
  async sync(db: Queryable): Promise<void> {
    this.syncing ??= this.catchUp(db).finally(() => (this.syncing = null));
    await this.syncing;
  }

  /** The works whose summaries are nearest any of the query's, best first per owner class. */
  async nearest(db: Queryable, queries: Float32Array[], ownerId: string | undefined, count: number): Promise<ShortlistResult> {
    await this.sync(db);
    const own = ownerId === undefined ? -2 : (this.ownerIds.get(ownerId) ?? -2);
    const others = new TopK(RERANK_OTHERS);
    const mine = new TopK(RERANK_OWN);
    const basis = this.basis;
    if (basis) {
      const q = queries.map((query) => project(basis, query));
      const dims = PROJECTED_DIMS;
      for (let i = 0; i < this.size; i++) {
        const owner = this.owners[i]!;
        if (owner < 0) continue;
        const at = i * dims;
        let best = -Infinity;
        for (const p of q) {
          let s = 0;
          for (let d = 0; d < dims; d++) s += p[d]! * this.projected[at + d]!;
          if (s > best) best = s;
        }
        (owner === own ? mine : others).offer(i, best);
      }
    }
    const picked = [...others.indices(), ...mine.indices()];
    const ranked = await this.rankExactly(db, picked, queries);
    const nearestOthers = ranked.filter((r) => r.owner !== ownerId).slice(0, count);
    const nearestOwn = ranked.filter((r) => r.owner === ownerId).slice(0, count);
    return { recordsScanned: this.live, nearest: [...nearestOthers, ...nearestOwn].map(({ workId, similarity }) => ({ workId, similarity })) };
  }

  private async rankExactly(db: Queryable, picked: number[], queries: Float32Array[]): Promise<(NearestWork & { owner: string })[]> {
    if (picked.length === 0) return [];
    const ordinals = picked.map((i) => this.ordinals[i]!);
    const { rows } = await db.query<{ ordinal: number; work_id: string; owner: string; summary: string }>(
      `SELECT w.ordinal, d.work_id, d.owner, encode(d.summary, 'base64') AS summary
       FROM audio_works w JOIN audio_descriptors d USING (work_id) WHERE w.ordinal = ANY($1::int[])`,
      [ordinals],
    );
    const found = new Set(rows.map((r) => r.ordinal));
    for (const i of picked) {
      if (found.has(this.ordinals[i]!) || this.owners[i]! < 0) continue;
      this.owners[i] = -1;
      this.live--;
    }
    return rows
      .map((r) => {
        const summary = float32FromBytes(Buffer.from(r.summary, 'base64'));
        return { workId: r.work_id, owner: r.owner, similarity: Math.max(...queries.map((q) => dot(q, summary))) };
      })
      .sort((a, b) => b.similarity - a.similarity);
  }

  private async catchUp(db: Queryable): Promise<void> {
    const known = this.knownAfter(this.newest - LATE_WINDOW);
    const fresh: Row[] = [];
    for (let after = Math.max(0, this.newest - LATE_WINDOW); ; ) {
      const rows = await readRows(db, after, known);
      for (const row of rows) fresh.push(row);
      if (rows.length < LOAD_PAGE) break;
      after = rows.at(-1)!.ordinal;
    }
    if (fresh.length === 0) return;
    const total = this.live + fresh.length;
    if (!this.basis || total >= REFIT_GROWTH * this.fittedAt) {
      // Fitting again projects every row again: reload them all (rare: each time the registry doubles).
      const all = this.size === 0 ? fresh : await readAll(db);
      this.reset();
      this.basis = principalComponents(sample(all, FIT_SAMPLE), PROJECTED_DIMS);
      this.fittedAt = all.length;
      for (const row of all) this.append(row);
      return;
    }
    fresh.sort((a, b) => a.ordinal - b.ordinal);
    for (const row of fresh) this.append(row);
  }

  /** Ordinals already cached above `from` (the late window). */
  private knownAfter(from: number): number[] {
    const out: number[] = [];
    for (let i = this.size - 1; i >= 0 && this.ordinals[i]! > from; i--) out.push(this.ordinals[i]!);
    return out;
  }

  private reset(): void {
    this.size = 0;
    this.live = 0;
    this.newest = 0;
  }

  private append(row: Row): void {
    if (this.size === this.ordinals.length) {
      this.ordinals = grow(this.ordinals, this.size * 2);
      this.owners = grow(this.owners, this.size * 2);
      this.projected = grow(this.projected, this.size * 2 * PROJECTED_DIMS);
    }
    let owner = this.ownerIds.get(row.owner);
    if (owner === undefined) this.ownerIds.set(row.owner, (owner = this.ownerIds.size));
    this.ordinals[this.size] = row.ordinal;
    this.owners[this.size] = owner;
    this.projected.set(project(this.basis!, row.summary), this.size * PROJECTED_DIMS);
    this.size++;
    this.live++;
    this.newest = Math.max(this.newest, row.ordinal);
  }
}

async function readRows(db: Queryable, after: number, known: number[]): Promise<Row[]> {
  const { rows } = await db.query<{ ordinal: number; owner: string; summary: string }>(
    `SELECT w.ordinal, d.owner, encode(d.summary, 'base64') AS summary FROM audio_works w JOIN audio_descriptors d USING (work_id)
     WHERE w.ordinal > $1 AND NOT (w.ordinal = ANY($2::int[])) ORDER BY w.ordinal LIMIT ${LOAD_PAGE}`,
    [after, known],
  );
  return rows.map((r) => ({ ordinal: r.ordinal, owner: r.owner, summary: float32FromBytes(Buffer.from(r.summary, 'base64')) }));
}

async function readAll(db: Queryable): Promise<Row[]> {
  const all: Row[] = [];
  for (let after = 0; ; ) {
    const rows = await readRows(db, after, []);
    for (const row of rows) all.push(row);
    if (rows.length < LOAD_PAGE) return all;
    after = rows.at(-1)!.ordinal;
  }
}

/** Every k-th row, at most `n` of them. */
function sample(rows: Row[], n: number): Float32Array[] {
  const step = Math.max(1, Math.floor(rows.length / n));
  const out: Float32Array[] = [];
  for (let i = 0; i < rows.length && out.length < n; i += step) out.push(rows[i]!.summary);
  return out;
}

function project(basis: Float32Array, summary: Float32Array): Float32Array {
  const length = summary.length;
  const out = new Float32Array(PROJECTED_DIMS);
  for (let d = 0; d < PROJECTED_DIMS; d++) {
    let s = 0;
    for (let j = 0; j < length; j++) s += basis[d * length + j]! * summary[j]!;
    out[d] = s;
  }
  return out;
}

/**
 * The `dims` leading eigenvectors of the summaries' second-moment matrix (not centred: dot products
 * are what must survive the projection), by power iteration with deflation. With fewer summaries than
 * dims the spare vectors are arbitrary, which is harmless: such a registry is ranked exactly in full.
 */
export function principalComponents(summaries: Float32Array[], dims: number): Float32Array {
  const n = summaries[0]?.length ?? 0;
  const moment = new Float64Array(n * n);
  for (const s of summaries) {
    for (let i = 0; i < n; i++) {
      const si = s[i]!;
      if (si === 0) continue;
      for (let j = 0; j < n; j++) moment[i * n + j] = moment[i * n + j]! + si * s[j]!;
    }
  }
  const basis = new Float32Array(dims * n);
  const v = new Float64Array(n);
  const next = new Float64Array(n);
  for (let d = 0; d < dims; d++) {
    for (let i = 0; i < n; i++) v[i] = Math.sin(1 + i * (d + 1)) + 0.5;
    let eigenvalue = 0;
    for (let iteration = 0; iteration < 200; iteration++) {
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let j = 0; j < n; j++) s += moment[i * n + j]! * v[j]!;
        next[i] = s;
      }
      const norm = Math.hypot(...next);
      if (norm < 1e-12) break;
      let change = 0;
      for (let i = 0; i < n; i++) {
        const value = next[i]! / norm;
        change += (value - v[i]!) ** 2;
        v[i] = value;
      }
      eigenvalue = norm;
      if (change < 1e-12) break;
    }
    for (let i = 0; i < n; i++) basis[d * n + i] = v[i]!;
    // Deflate: take this component out of the matrix.
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) moment[i * n + j] = moment[i * n + j]! - eigenvalue * v[i]! * v[j]!;
  }
  return basis;
}

/** The indices with the k highest scores offered. */
class TopK {
  private ids: number[] = [];
  private scores: number[] = [];
  private floor = -Infinity;

  constructor(private readonly k: number) {}

  offer(id: number, score: number): void {
    if (score <= this.floor) return;
    this.ids.push(id);
    this.scores.push(score);
    if (this.ids.length >= 4 * this.k) this.cut();
  }

  indices(): number[] {
    this.cut();
    return this.ids;
  }

  private cut(): void {
    if (this.ids.length <= this.k) return;
    const order = this.ids.map((_, i) => i).sort((a, b) => this.scores[b]! - this.scores[a]!).slice(0, this.k);
    this.ids = order.map((i) => this.ids[i]!);
    this.scores = order.map((i) => this.scores[i]!);
    this.floor = this.scores.at(-1)!;
  }
}

function grow<T extends Int32Array | Float32Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  return bigger;
}
