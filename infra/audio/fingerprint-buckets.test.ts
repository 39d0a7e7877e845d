// The move from 2^18 to 2^22 fingerprint buckets (migration audio-fingerprint-index-3-buckets-22)
// on an index built before it: every posting is kept, each lands in the bucket keyBucket now gives
// its item, and the works registered before are found as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable } from '../../tests/support/postgres';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { noisyQuery, seedSyntheticWorks, syntheticItems, syntheticWorkId } from '../../tests/support/synthetic-fingerprints';
import { postgresDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { FingerprintIndex, keyBucket, POSTING_BYTES } from './fingerprint-index';
import { random } from './test-signals';
import { oracleMigrations } from './oracle';

const BUCKETS_22 = 'audio-fingerprint-index-3-buckets-22';
const WORKS = 200;

/** Every stored posting as hex, with the bucket it is stored in. */
async function storedPostings(db: Db): Promise<{ bucket: number; posting: Buffer }[]> {
  const { rows } = await db.query<{ bucket: number; postings: string }>(`SELECT bucket, encode(postings, 'base64') AS postings FROM audio_fingerprint_buckets`);
  return rows.flatMap((row) => {
    const bytes = Buffer.from(row.postings, 'base64');
    return Array.from({ length: bytes.length / POSTING_BYTES }, (_, i) => ({ bucket: row.bucket, posting: bytes.subarray(i * POSTING_BYTES, (i + 1) * POSTING_BYTES) }));
  });
}

const sortedHex = (postings: { posting: Buffer }[]): string[] => postings.map((p) => p.posting.toString('hex')).sort();

function describeMigration(label: string, open: () => Promise<{ db: Db; drop?: () => Promise<void> }>): void {
  describe(`2^22 fingerprint buckets from an index built with 2^18, on ${label}`, () => {
    let db: Db;
    let drop: (() => Promise<void>) | undefined;
    let before: { bucket: number; posting: Buffer }[];
    let after: { bucket: number; posting: Buffer }[];
    beforeAll(async () => {
      ({ db, drop } = await open());
      await migrate(
        db,
        oracleMigrations.filter((m) => m.id !== BUCKETS_22),
      );
      await seedSyntheticWorks(db, WORKS);
      // The layout before: an old bucket is the top 18 bits of the item's hash, the new one's top 22.
      await db.query(`CREATE TEMP TABLE buckets_18 AS SELECT bucket >> 4 AS bucket, string_agg(postings, ''::bytea ORDER BY bucket) AS postings FROM audio_fingerprint_buckets GROUP BY bucket >> 4`);
      await db.query('DELETE FROM audio_fingerprint_buckets');
      await db.query('INSERT INTO audio_fingerprint_buckets (bucket, postings) SELECT bucket, postings FROM buckets_18');
      before = await storedPostings(db);
      await migrate(db, oracleMigrations);
      after = await storedPostings(db);
    }, 120_000);
    afterAll(async () => {
      await db?.close();
      await drop?.();
    });

    it('keeps every posting, each in the bucket its item belongs to now', () => {
      expect(before.length).toBeGreaterThan(WORKS * 50);
      expect(new Set(before.map((p) => p.bucket)).size).toBeLessThan(new Set(after.map((p) => p.bucket)).size);
      expect(sortedHex(after)).toEqual(sortedHex(before));
      const misplaced = after.filter(({ bucket, posting }) => keyBucket(posting.readUInt32LE(0)) !== bucket);
      expect(misplaced).toEqual([]);
    });

    it('finds the works registered before, at their offsets', async () => {
      const index = new FingerprintIndex(db);
      const rand = random(11);
      for (const n of [0, 57, WORKS - 1]) {
        const { matches } = await index.lookup(noisyQuery(syntheticItems(n), 300, 240, rand));
        expect(matches.map((m) => [m.workId, m.offsetItems])).toEqual([[syntheticWorkId(n), 300]]);
      }
    });
  });
}

describeMigration('PGlite (in memory)', async () => ({ db: await pooledPglite() }));

if (await postgresAvailable()) {
  describeMigration('a real Postgres server', async () => {
    const database = await createTestDatabase();
    return { db: postgresDb(database.url), drop: () => database.drop() };
  });
} else {
  describe('2^22 fingerprint buckets on a real Postgres server (skipped: no Postgres server)', () => {
    it.skip('moves the postings of an index built with 2^18 buckets on a real Postgres server', () => {});
  });
}
