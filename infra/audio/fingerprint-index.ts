// The registry's fingerprint index in Postgres (or PGlite): every registered work's fingerprint,
// and an inverted index of its 16-bit half-item keys, so a lookup survives restarts and grows
// with the registry.
//
// Lookup is AcoustID's offset histogram without its ±10 s window: every key hit votes for
// (work, reference position − query position) over the whole track, and the best-voted works are
// then checked by bit error rate at their best offsets. Only keys divisible by KEY_SAMPLING are
// indexed (chosen by the key's value, so a query samples the same ones): a quarter of the rows,
// still dozens of hits at the true offset.
import type { Db, Queryable } from '../db/db';
import type { Migration } from '../db/migrate';
import { bestAlignment, itemKeys, MATCH_BER, type Alignment, type Fingerprint } from './fingerprint';

export const fingerprintIndexMigrations: readonly Migration[] = [
  {
    id: 'audio-fingerprint-index-1',
    sql: `
      CREATE TABLE IF NOT EXISTS audio_works (
        work_id text PRIMARY KEY,
        owner text NOT NULL,
        items bytea NOT NULL,
        duration_seconds real NOT NULL,
        registered_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE IF NOT EXISTS audio_fingerprint_keys (
        key integer NOT NULL,
        work_id text NOT NULL REFERENCES audio_works(work_id) ON DELETE CASCADE,
        pos integer NOT NULL
      );
      CREATE INDEX IF NOT EXISTS audio_fingerprint_keys_key ON audio_fingerprint_keys (key);
    `,
  },
];

export const KEY_SAMPLING = 4;
const CANDIDATE_WORKS = 10;

export interface IndexMatch extends Alignment {
  workId: string;
  owner: string;
  /** Votes at the winning offset (key hits that agree). */
  votes: number;
}

export interface LookupResult {
  matches: IndexMatch[];
  /** Works in the index when the lookup ran. */
  recordsScanned: number;
  /** Key rows the lookup read. */
  keyHits: number;
}

function packItems(items: Uint32Array): Buffer {
  return Buffer.from(items.buffer, items.byteOffset, items.byteLength);
}

function unpackItems(bytes: Uint8Array): Uint32Array {
  const out = new Uint32Array(Math.floor(bytes.length / 4));
  new Uint8Array(out.buffer).set(bytes.subarray(0, out.length * 4));
  return out;
}

/** The sampled keys of a fingerprint, with their positions. */
export function sampledKeys(items: Uint32Array): { keys: number[]; positions: number[] } {
  const keys: number[] = [];
  const positions: number[] = [];
  items.forEach((item, pos) => {
    for (const key of itemKeys(item)) {
      if (key % KEY_SAMPLING === 0) {
        keys.push(key);
        positions.push(pos);
      }
    }
  });
  return { keys, positions };
}

export class FingerprintIndex {
  constructor(private readonly db: Db) {}

  /** Adds (or replaces) a work's fingerprint. */
  async register(workId: string, owner: string, fingerprint: Fingerprint): Promise<void> {
    const { keys, positions } = sampledKeys(fingerprint.items);
    await this.db.transaction(async (tx: Queryable) => {
      await tx.query('DELETE FROM audio_works WHERE work_id = $1', [workId]);
      await tx.query('INSERT INTO audio_works (work_id, owner, items, duration_seconds) VALUES ($1, $2, $3, $4)', [
        workId,
        owner,
        packItems(fingerprint.items),
        fingerprint.durationSeconds,
      ]);
      await tx.query('INSERT INTO audio_fingerprint_keys (key, work_id, pos) SELECT k, $1, p FROM unnest($2::int[], $3::int[]) AS t(k, p)', [
        workId,
        keys,
        positions,
      ]);
    });
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ n: string | number }>('SELECT count(*) AS n FROM audio_works');
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Finds the registered works a query (its phase fingerprints, see fingerprintQueryFile) matches:
   * BER under MATCH_BER at the best offset, best first.
   */
  async lookup(queries: Fingerprint[]): Promise<LookupResult> {
    const byKey = new Map<number, { phase: number; pos: number }[]>();
    queries.forEach((q, phase) => {
      const { keys, positions } = sampledKeys(q.items);
      keys.forEach((k, i) => {
        const list = byKey.get(k) ?? [];
        list.push({ phase, pos: positions[i]! });
        byKey.set(k, list);
      });
    });
    const recordsScanned = await this.count();
    if (byKey.size === 0) return { matches: [], recordsScanned, keyHits: 0 };
    const { rows } = await this.db.query<{ key: number; work_id: string; pos: number }>(
      'SELECT key, work_id, pos FROM audio_fingerprint_keys WHERE key = ANY($1::int[])',
      [[...byKey.keys()]],
    );
    // votes[work][phase:offset]
    const votes = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const perWork = votes.get(row.work_id) ?? new Map<string, number>();
      votes.set(row.work_id, perWork);
      for (const q of byKey.get(row.key) ?? []) {
        const k = `${q.phase}:${row.pos - q.pos}`;
        perWork.set(k, (perWork.get(k) ?? 0) + 1);
      }
    }
    const ranked = [...votes.entries()]
      .map(([workId, perWork]) => ({ workId, best: [...perWork.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5) }))
      .sort((a, b) => (b.best[0]?.[1] ?? 0) - (a.best[0]?.[1] ?? 0))
      .slice(0, CANDIDATE_WORKS);
    if (ranked.length === 0) return { matches: [], recordsScanned, keyHits: rows.length };
    const { rows: works } = await this.db.query<{ work_id: string; owner: string; items: Uint8Array }>(
      'SELECT work_id, owner, items FROM audio_works WHERE work_id = ANY($1::text[])',
      [ranked.map((r) => r.workId)],
    );
    const matches: IndexMatch[] = [];
    for (const work of works) {
      const reference = unpackItems(work.items);
      const candidate = ranked.find((r) => r.workId === work.work_id)!;
      let best: IndexMatch | null = null;
      for (const [key, n] of candidate.best) {
        const [phase, offset] = key.split(':').map(Number) as [number, number];
        const a = bestAlignment(queries[phase]!.items, reference, [offset]);
        if (a && a.bitErrorRate < MATCH_BER && (!best || a.bitErrorRate < best.bitErrorRate)) best = { ...a, workId: work.work_id, owner: work.owner, votes: n };
      }
      if (best) matches.push(best);
    }
    matches.sort((a, b) => a.bitErrorRate - b.bitErrorRate);
    return { matches, recordsScanned, keyHits: rows.length };
  }
}
