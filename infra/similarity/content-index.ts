// The registry's index of non-audio works in Postgres (or PGlite): one row per registered image
// (its perceptual hash) or text (its MinHash signature). A lookup compares the query with every
// registered work of its kind inside the database (a scan: fine for many thousands of works; a
// larger registry would want an index such as multi-index hashing or LSH bands) and says how many
// it compared.
import type { Queryable } from '../db/db';
import type { Migration } from '../db/migrate';
import { IMAGE_HASH_BITS } from './image-hash';
import { MINHASH_SIZE } from './text-shingles';

export const contentIndexMigrations: readonly Migration[] = [
  {
    id: 'content-index-1',
    sql: `
      CREATE TABLE IF NOT EXISTS content_works (
        work_id text PRIMARY KEY,
        owner text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('image', 'text')),
        image_hash bigint,
        text_minhash integer[],
        registered_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'image') = (image_hash IS NOT NULL) AND (kind = 'text') = (text_minhash IS NOT NULL))
      );
      CREATE INDEX IF NOT EXISTS content_works_kind_idx ON content_works (kind);
    `,
  },
  {
    // Conflicts name the registered work by its title and its creator's public username.
    id: 'content-index-2-names',
    sql: `
      ALTER TABLE content_works ADD COLUMN IF NOT EXISTS title text NOT NULL DEFAULT '';
      ALTER TABLE content_works ADD COLUMN IF NOT EXISTS owner_name text NOT NULL DEFAULT '';
    `,
  },
];

export interface ContentNeighbour {
  workId: string;
  /** The owner's internal id: compared with the uploader's, never shown. */
  ownerId: string;
  title: string;
  /** The owner's public username. */
  owner: string;
  registeredAt: string;
  /** 0..1: for images 1 − Hamming distance / 64, for texts the estimated Jaccard similarity. */
  similarity: number;
}

export interface ContentLookup {
  /** The registered works of this kind closest to the query, closest first. */
  nearest: ContentNeighbour[];
  /** Registered works of this kind compared with the query. */
  recordsScanned: number;
}

const NEAREST = 20;

interface NamedRow {
  work_id: string | null;
  owner: string;
  title: string;
  owner_name: string;
  registered_at: Date | string;
}

/** Works registered before titles were kept are named generically, never by an internal id. */
function named(row: NamedRow, workId: string): Omit<ContentNeighbour, 'similarity'> {
  return { workId, ownerId: row.owner, title: row.title || 'an untitled work', owner: row.owner_name || 'another creator', registeredAt: new Date(row.registered_at).toISOString() };
}

/** A registered image or text: its id, its internal owner, and how other creators see it named. */
export interface ContentWork {
  workId: string;
  owner: string;
  title: string;
  ownerName: string;
}

export async function registerImageWork(db: Queryable, work: ContentWork & { hash: bigint }): Promise<void> {
  await db.query(
    `INSERT INTO content_works (work_id, owner, title, owner_name, kind, image_hash) VALUES ($1, $2, $3, $4, 'image', $5)
     ON CONFLICT (work_id) DO NOTHING`,
    [work.workId, work.owner, work.title, work.ownerName, BigInt.asIntN(IMAGE_HASH_BITS, work.hash).toString()],
  );
}

export async function registerTextWork(db: Queryable, work: ContentWork & { minhash: Int32Array }): Promise<void> {
  await db.query(
    `INSERT INTO content_works (work_id, owner, title, owner_name, kind, text_minhash) VALUES ($1, $2, $3, $4, 'text', $5::integer[])
     ON CONFLICT (work_id) DO NOTHING`,
    [work.workId, work.owner, work.title, work.ownerName, Array.from(work.minhash)],
  );
}

/** The registered images nearest to `hash` by Hamming distance, and how many were compared. */
export async function nearestImages(db: Queryable, hash: bigint): Promise<ContentLookup> {
  const { rows } = await db.query<NamedRow & { distance: number; scanned: number }>(
    `WITH scanned AS (
       SELECT work_id, owner, title, owner_name, registered_at, bit_count((image_hash # $1::bigint)::bit(64))::integer AS distance
       FROM content_works WHERE kind = 'image'
     )
     SELECT m.work_id, m.owner, m.title, m.owner_name, m.registered_at, m.distance, (SELECT count(*)::integer FROM scanned) AS scanned
     FROM (SELECT 1) AS one
     LEFT JOIN LATERAL (SELECT * FROM scanned ORDER BY distance, work_id LIMIT $2) AS m ON true`,
    [BigInt.asIntN(IMAGE_HASH_BITS, hash).toString(), NEAREST],
  );
  return {
    nearest: rows.flatMap((r) => (r.work_id === null ? [] : [{ ...named(r, r.work_id), similarity: 1 - r.distance / IMAGE_HASH_BITS }])),
    recordsScanned: rows[0]?.scanned ?? 0,
  };
}

/** The registered texts nearest to `minhash` by estimated Jaccard similarity, and how many were compared. */
export async function nearestTexts(db: Queryable, minhash: Int32Array): Promise<ContentLookup> {
  const { rows } = await db.query<NamedRow & { equal: number; scanned: number }>(
    `WITH scanned AS (
       SELECT work_id, owner, title, owner_name, registered_at,
              (SELECT count(*) FROM unnest(text_minhash, $1::integer[]) AS pair(stored, query) WHERE stored = query)::integer AS equal
       FROM content_works WHERE kind = 'text'
     )
     SELECT m.work_id, m.owner, m.title, m.owner_name, m.registered_at, m.equal, (SELECT count(*)::integer FROM scanned) AS scanned
     FROM (SELECT 1) AS one
     LEFT JOIN LATERAL (SELECT * FROM scanned ORDER BY equal DESC, work_id LIMIT $2) AS m ON true`,
    [Array.from(minhash), NEAREST],
  );
  return {
    nearest: rows.flatMap((r) => (r.work_id === null ? [] : [{ ...named(r, r.work_id), similarity: r.equal / MINHASH_SIZE }])),
    recordsScanned: rows[0]?.scanned ?? 0,
  };
}
