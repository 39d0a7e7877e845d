// Stands in for the releases' `distributions` read model in statement tests: creates the table
// with the columns ReleaseLookup reads if the release projection has not, and inserts a release.
// The release workflow's projection owns the real table; this only ever adds rows to it.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../infra/db/db';

export interface StandInRelease {
  id?: string;
  contentId?: string;
  ownerId: string;
  isrc?: string | null;
  upc?: string | null;
  songName?: string;
}

export async function insertStandInRelease(db: Queryable, release: StandInRelease): Promise<Required<StandInRelease>> {
  await db.query(`
    CREATE TABLE IF NOT EXISTS distributions (
      id text PRIMARY KEY,
      content_id text NOT NULL,
      owner_id text NOT NULL,
      song_name text NOT NULL DEFAULT '',
      isrc text,
      upc text,
      status text NOT NULL DEFAULT 'distributed',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  const row = { id: randomUUID(), contentId: randomUUID(), isrc: null, upc: null, songName: 'A song', ...release };
  const columns = await db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'distributions'`);
  const has = new Set(columns.rows.map((c) => c.column_name));
  const values: Record<string, unknown> = { id: row.id, content_id: row.contentId, owner_id: row.ownerId, isrc: row.isrc, upc: row.upc };
  if (has.has('song_name')) values.song_name = row.songName;
  const names = Object.keys(values);
  await db.query(`INSERT INTO distributions (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(values));
  return row;
}
