// ReleaseLookup over the `distributions` read model (projections of the release workflow): one
// query for a whole statement's identifiers. ISRCs are compared upper case without hyphens. Until
// that read model exists (a database with no release yet), nothing matches and lines stay unmatched.
import type { ReleaseLookup, ReleaseMatch } from '../../domain/distribution/release-lookup';
import type { Queryable } from '../db/db';

interface ReleaseRow {
  id: string;
  content_id: string;
  owner_id: string;
  isrc: string | null;
  upc: string | null;
  title: string;
}

// The title is read through to_jsonb so this query does not depend on how the read model names it.
const FIND_SQL = `
  SELECT d.id::text AS id, d.content_id::text AS content_id, d.owner_id::text AS owner_id,
         upper(replace(d.isrc, '-', '')) AS isrc, d.upc::text AS upc,
         coalesce(to_jsonb(d)->>'song_name', to_jsonb(d)->>'title', '') AS title
  FROM distributions d
  WHERE upper(replace(d.isrc, '-', '')) = ANY($1::text[]) OR d.upc::text = ANY($1::text[]) OR d.id::text = ANY($1::text[])`;

export function postgresReleaseLookup(db: Queryable): ReleaseLookup {
  return {
    async find(identifiers) {
      const found = new Map<string, ReleaseMatch>();
      if (identifiers.length === 0) return found;
      let rows: ReleaseRow[];
      try {
        ({ rows } = await db.query<ReleaseRow>(FIND_SQL, [[...new Set(identifiers)]]));
      } catch (error) {
        if ((error as { code?: string }).code === '42P01') return found;
        throw error;
      }
      const asked = new Set(identifiers);
      for (const row of rows) {
        const match: ReleaseMatch = { distributionId: row.id, contentId: row.content_id, ownerId: row.owner_id, title: row.title };
        for (const identifier of [row.isrc, row.upc, row.id]) if (identifier && asked.has(identifier)) found.set(identifier, match);
      }
      return found;
    },
  };
}
