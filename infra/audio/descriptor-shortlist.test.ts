// The in-process descriptor shortlist: the SIMD scan ranks as exact dot products do, and the cache
// follows the table (rows added by any process, rows deleted) and splits the uploader's own works
// from other owners'; a work is shortlisted by its beat summary or by its timed one, and works
// registered without a timed summary stay in the beat shortlist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pooledPglite } from '../../tests/support/pglite-pool';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { DescriptorShortlist, ScanKernel, SUMMARY_VALUES } from './descriptor-shortlist';
import { dot } from './descriptors';
import { oracleMigrations } from './oracle';
import { random } from './test-signals';
import { bytesOf } from './typed-bytes';

const rand = random(0x5407);

function unitVector(): Float32Array {
  const v = Float32Array.from({ length: SUMMARY_VALUES }, () => rand() - 0.5);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

/** A vector whose dot product with `base` is about `similarity`. */
function near(base: Float32Array, similarity: number): Float32Array {
  const noise = unitVector();
  const v = base.map((x, i) => similarity * x + Math.sqrt(1 - similarity ** 2) * noise[i]!);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

describe('ScanKernel', () => {
  it('scores every stored summary by its best dot product with the queries, to within quantisation', () => {
    const kernel = new ScanKernel();
    const stored = Array.from({ length: 3000 }, unitVector);
    const scales = stored.map((s, i) => kernel.store(i, s));
    const queries = [unitVector(), unitVector(), unitVector()];
    const scores = kernel.scan(queries, stored.length);
    const peak = Math.max(...queries.flatMap((q) => [...q].map(Math.abs)));
    const errors = stored.map((s, i) => Math.abs(Math.max(...queries.map((q) => dot(q, s))) - (scores[i]! * scales[i]! * peak) / 32_767));
    expect(Math.max(...errors)).toBeLessThan(0.01);
  });

  it('picks the same entries in the scan thread, over the same memory, apart for the uploader and by scale', async () => {
    const kernel = new ScanKernel();
    const count = 2000;
    const owners = new Int32Array(new SharedArrayBuffer(4 * count));
    const scales = new Float32Array(new SharedArrayBuffer(4 * count));
    for (let i = 0; i < count; i++) {
      owners[i] = i % 10 === 0 ? 1 : i % 97 === 0 ? -1 : 2;
      scales[i] = kernel.store(i, unitVector());
    }
    const queries = [unitVector(), unitVector()];
    const pick = { owners, scales, own: 1, others: 30, mine: 5 };
    const here = await kernel.pick(queries, count, pick, false);
    const exact = Array.from({ length: count }, (_, i) => i).filter((i) => owners[i] === 2);
    const scores = kernel.scan(queries, count);
    exact.sort((a, b) => scores[b]! * scales[b]! - scores[a]! * scales[a]!);
    expect(new Set(here.slice(0, 30))).toEqual(new Set(exact.slice(0, 30)));
    expect(here.slice(30).every((i) => owners[i] === 1)).toBe(true);
    expect(await kernel.pick(queries, count, pick, true)).toEqual(here);
  });
});

describe('DescriptorShortlist on PGlite', () => {
  let db: Db;
  const query = unitVector();

  const timedQuery = unitVector();
  const beatsOnly = (...summaries: Float32Array[]) => ({ summaries, timedSummaries: [] });

  async function addWork(workId: string, owner: string, summary: Float32Array, timedSummary: Float32Array | null = null): Promise<void> {
    await db.query(`INSERT INTO audio_works (work_id, owner, items, duration_seconds) VALUES ($1, $2, '\\x00000000', 1)`, [workId, owner]);
    await db.query(
      `INSERT INTO audio_descriptors (work_id, owner, summary, melodic_sequence, first_beat_seconds, row_seconds, tempo_bpm, rhythm, pitch_profile, melodic_id, harmonic_id, rhythmic_id, timed_summary)
       VALUES ($1, $2, $3, '\\x00', 0, 0.25, 120, '\\x00', '\\x00', 'm', 'h', 'r', $4)`,
      [workId, owner, bytesOf(summary), timedSummary && bytesOf(timedSummary)],
    );
  }

  beforeAll(async () => {
    db = await pooledPglite();
    await migrate(db, oracleMigrations);
    // Far more works than are ranked exactly, so the scan has to choose.
    for (let i = 0; i < 600; i++) await addWork(`filler-${i}`, `owner-${i % 7}`, near(query, 0.2), i % 2 ? near(timedQuery, 0.2) : null);
    await addWork('close-other', 'alice', near(query, 0.9));
    await addWork('close-own', 'uploader', near(query, 0.8));
  });
  afterAll(() => db.close());

  it("finds the nearest of other owners' works and of the uploader's own, apart", async () => {
    const result = await DescriptorShortlist.of(db).nearest(db, beatsOnly(unitVector(), query), 'uploader', 3);
    expect(result.recordsScanned).toBe(602);
    expect(result.nearest[0]!.workId).toBe('close-other');
    expect(result.nearest[0]!.similarity).toBeGreaterThan(0.85);
    expect(result.nearest.filter((n) => n.workId === 'close-own')).toHaveLength(1);
    expect(result.nearest).toHaveLength(4);
  });

  it('picks up works added since, and forgets works deleted', async () => {
    const shortlist = DescriptorShortlist.of(db);
    await shortlist.nearest(db, beatsOnly(query), undefined, 1);
    await addWork('closer', 'bob', near(query, 0.97));
    await db.query(`DELETE FROM audio_works WHERE work_id = 'close-other'`);
    const result = await shortlist.nearest(db, beatsOnly(query), undefined, 2);
    expect(result.nearest.map((n) => n.workId)).toEqual(['closer', 'close-own']);
    expect(shortlist.entries).toBe(602);
  });

  it('adds the works whose timed summaries are nearest, whatever their beat summaries', async () => {
    // Beats tracked differently: the copy's beat summary is nowhere near its original's.
    await addWork('timed-original', 'carol', near(query, -0.1), near(timedQuery, 0.9));
    const shortlist = DescriptorShortlist.of(db);
    const byBeats = await shortlist.nearest(db, beatsOnly(query), undefined, 2);
    expect(byBeats.nearest.map((n) => n.workId)).not.toContain('timed-original');
    const both = await shortlist.nearest(db, { summaries: [query], timedSummaries: [unitVector(), timedQuery] }, undefined, 2);
    expect(both.nearest.map((n) => n.workId)).toEqual(['closer', 'close-own', 'timed-original', expect.stringMatching(/^filler-/)]);
    expect(both.nearest[2]!.similarity).toBeGreaterThan(0.85);
  });
});
