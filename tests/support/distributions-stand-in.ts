// Stands in for the releases' `distributions` read model in statement tests: creates the table
// with the columns ReleaseLookup reads if the release projection has not, and inserts a release.
// The release workflow's projection owns the real table; this only ever adds rows to it, filling
// any required column it does not know with a plain value of that column's type.
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
  const columns = await db.query<{ column_name: string; data_type: string; required: boolean }>(
    `SELECT column_name, data_type, (is_nullable = 'NO' AND column_default IS NULL AND is_identity = 'NO') AS required
     FROM information_schema.columns WHERE table_name = 'distributions'`,
  );
  const values: Record<string, unknown> = { id: row.id, content_id: row.contentId, owner_id: row.ownerId, isrc: row.isrc, upc: row.upc, song_name: row.songName };
  for (const column of columns.rows) {
    if (column.required && !(column.column_name in values)) values[column.column_name] = plainValue(column.data_type);
  }
  const known = new Set(columns.rows.map((c) => c.column_name));
  for (const name of Object.keys(values)) if (!known.has(name)) delete values[name];
  const names = Object.keys(values);
  await db.query(`INSERT INTO distributions (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(values));
  return row;
}

function plainValue(dataType: string): unknown {
  if (dataType === 'boolean') return false;
  if (['integer', 'bigint', 'smallint', 'numeric', 'real', 'double precision'].includes(dataType)) return 0;
  if (dataType === 'jsonb' || dataType === 'json') return '[]';
  if (dataType.startsWith('timestamp') || dataType === 'date') return new Date().toISOString();
  if (dataType === 'uuid') return randomUUID();
  return '';
}
