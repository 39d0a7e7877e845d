// Reading the rights registry: the public search (ranked full text plus trigram typo tolerance, an
// exact identifier match first, filters, sorts, date ranges, and facets over the filtered set) and
// one public work. Only registered works (certificate issued) are ever returned.
import {
  IDENTIFIER_TYPES,
  workSearchQuerySchema,
  type DateRange,
  type IdentifierType,
  type Work,
  type WorkSearchQuery,
  type WorkSearchResponse,
} from '../../domain/contracts/registry';
import { checkIdentifier } from '../../domain/registry/identifiers';
import type { Db, Queryable } from '../../infra/db/db';
import type { WorkRow } from './projection';

/** How close a query must come to a run of words of "title creator" (pg_trgm word similarity) to match as a typo. */
export const TYPO_THRESHOLD = 0.4;

const INTERVALS: Record<Exclude<DateRange, 'all'>, string> = { '24h': '24 hours', '7d': '7 days', '30d': '30 days', '1y': '1 year' };

const COLUMNS = `id, owner_id, title, creator, content_type, genre, oracle_score, fingerprints, certificate_id, certificate_key_id,
  registered_at, tx_hash, network, ledger_status, ledger_index, ledger_at, isrc, iswc, isni, upc, licenses_available,
  licenses_active, license_revenue, disputes_active, disputes_resolved, verification_level, verification_reason, created_at`;

type StoredWork = Pick<
  WorkRow,
  | 'id' | 'owner_id' | 'title' | 'creator' | 'content_type' | 'genre' | 'oracle_score' | 'fingerprints' | 'certificate_id' | 'certificate_key_id'
  | 'registered_at' | 'tx_hash' | 'network' | 'ledger_status' | 'ledger_index' | 'ledger_at' | 'isrc' | 'iswc' | 'isni' | 'upc'
  | 'licenses_available' | 'licenses_active' | 'license_revenue' | 'verification_level' | 'verification_reason' | 'created_at'
> & { disputes_active: number; disputes_resolved: number };

/** The normalized form an identifier query would have (no spaces, dots or hyphens, upper case). */
function identifierForm(query: string): string {
  return query.replace(/[\s.\-–]/g, '').toUpperCase();
}

/** Could be an ISRC, ISWC, UPC/EAN or ISNI: 11 to 16 letters and digits, at least 6 of them digits. */
function looksLikeIdentifier(form: string): boolean {
  return /^[A-Z0-9]{11,16}$/.test(form) && (form.match(/\d/g)?.length ?? 0) >= 6;
}

type SearchQuery = ReturnType<typeof workSearchQuerySchema.parse>;
type Match = 'words' | 'typos';

/**
 * The search the route answers with, in one statement: the filtered set (materialized once), its
 * facets, and the page. Relevance = an exact identifier match first, then ts_rank of the weighted
 * tsvector (title and identifiers A, creator B, genre C, description D). Typo tolerance: when the
 * words as typed match nothing, the search runs again on trigrams — the query's word similarity to
 * "title creator" (what finds "Midnigth Rian") plus its similarity to the whole title (which puts
 * "Midnight Rain" before "Midnight Sun").
 */
export async function searchWorks(db: Db, input: WorkSearchQuery): Promise<WorkSearchResponse> {
  const query = workSearchQuerySchema.parse(input);
  // Most searches end here, in one statement without a transaction around it.
  const found = await runSearch(db, query, 'words');
  // An identifier has no typo fallback: the trigram text holds titles and creators, never identifiers.
  if (found.total > 0 || !query.query || looksLikeIdentifier(identifierForm(query.query))) return found;
  return db.transaction(async (tx) => {
    // SET LOCAL: the threshold of `<%` for this transaction only (a pooled connection keeps no trace).
    await tx.query(`SET LOCAL pg_trgm.word_similarity_threshold = ${TYPO_THRESHOLD}`);
    return runSearch(tx, query, 'typos');
  });
}

async function runSearch(tx: Queryable, query: SearchQuery, match: Match): Promise<WorkSearchResponse> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where = ['registered_at IS NOT NULL'];
  if (query.contentType !== 'all') where.push(`content_type = ${param(query.contentType)}`);
  if (query.verificationLevel !== 'all') where.push(`verification_level = ${param(query.verificationLevel)}`);
  if (query.identifierType !== 'all') where.push(`${query.identifierType} IS NOT NULL`);
  if (query.genre) where.push(`lower(genre) = lower(${param(query.genre)})`);
  if (query.dateRange !== 'all') where.push(`created_at >= now() - ${param(INTERVALS[query.dateRange])}::interval`);

  let exact = 'false';
  let rank = '0';
  const text = query.query;
  if (text && match === 'words') {
    const form = identifierForm(text);
    if (looksLikeIdentifier(form)) {
      const columns = query.identifierType === 'all' ? IDENTIFIER_TYPES : [query.identifierType as IdentifierType];
      // Each column's own normal form (an EAN-13 with a leading 0 is stored as its UPC-A).
      const valueFor = (type: IdentifierType) => {
        const check = checkIdentifier(type, text);
        return check.ok ? check.value : form;
      };
      exact = `(${columns.map((column) => `${column} = ${param(valueFor(column))}`).join(' OR ')})`;
    }
    const tsquery = `websearch_to_tsquery('simple', ${param(text)})`;
    where.push(exact === 'false' ? `search @@ ${tsquery}` : `(${exact} OR search @@ ${tsquery})`);
    rank = `ts_rank(search, ${tsquery})`;
  } else if (text) {
    const lowered = param(text.toLowerCase());
    where.push(`${lowered} <% trigram_text`);
    rank = `word_similarity(${lowered}, trigram_text) + similarity(${lowered}, lower(title))`;
  }
  const { rows } = await tx.query<StoredWork & { facets: FacetRow[] }>(
    `WITH filtered AS MATERIALIZED (
       SELECT id, content_type AS f_content_type, verification_level AS f_level, genre AS f_genre, created_at AS s_created_at, lower(title) AS s_title, oracle_score AS s_oracle_score,
              disputes_active + disputes_resolved AS s_disputes, licenses_active + licenses_available AS s_licenses,
              ${exact} AS s_exact, ${rank} AS s_relevance
       FROM registry_works WHERE ${where.join(' AND ')}),
     facets AS (
       SELECT json_agg(g) AS facets FROM (
         SELECT f_content_type AS content_type, f_level AS verification_level, f_genre AS genre,
                GROUPING(f_content_type, f_level, f_genre)::integer AS by, count(*)::integer AS count
         FROM filtered GROUP BY GROUPING SETS ((f_content_type), (f_level), (f_genre))) g),
     page AS (SELECT * FROM filtered ORDER BY ${orderBy(query.sortBy, text !== '', 'id')} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)})
     SELECT facets.facets, ${COLUMNS.replace('id,', 'page.id,')}
     FROM facets LEFT JOIN (page JOIN registry_works USING (id)) ON true
     ORDER BY ${orderBy(query.sortBy, text !== '', 'page.id')}`,
    params,
  );
  const facets = facetsOf(rows[0]?.facets ?? []);
  const total = Object.values(facets.contentTypes).reduce((sum, count) => sum + count, 0);
  return { works: rows.filter((row) => row.id !== null).map(toWork), total, facets };
}

/** Over the filtered set's columns (prefixed s_ so they never clash with the work's own). */
function orderBy(sort: SearchQuery['sortBy'], hasText: boolean, id: string): string {
  switch (sort) {
    case 'relevance':
      return hasText ? `s_exact DESC, s_relevance DESC, s_created_at DESC, ${id}` : `s_created_at DESC, ${id}`;
    case 'oracle_score':
      return `s_oracle_score DESC NULLS LAST, s_created_at DESC, ${id}`;
    case 'created_date':
      return `s_created_at DESC, ${id}`;
    case 'title':
      return `s_title, ${id}`;
    case 'disputes':
      return `s_disputes DESC, s_created_at DESC, ${id}`;
    case 'licenses':
      return `s_licenses DESC, s_created_at DESC, ${id}`;
    default: {
      const unknown: never = sort;
      throw new Error(`Unknown sort ${String(unknown)}`);
    }
  }
}

interface FacetRow {
  content_type: string | null;
  verification_level: string | null;
  genre: string | null;
  by: number;
  count: number;
}

/** Content types, verification levels and the top 5 genres. */
function facetsOf(rows: FacetRow[]): WorkSearchResponse['facets'] {
  const facets: WorkSearchResponse['facets'] = { contentTypes: {}, verificationLevels: {}, genres: {} };
  const genres: [string, number][] = [];
  for (const row of rows) {
    // GROUPING bits (content_type, verification_level, genre): 3 = by content type, 5 = by level, 6 = by genre.
    if (row.by === 3) facets.contentTypes[row.content_type!] = row.count;
    else if (row.by === 5) facets.verificationLevels[row.verification_level!] = row.count;
    else if (row.by === 6 && row.genre) genres.push([row.genre, row.count]);
  }
  genres.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  facets.genres = Object.fromEntries(genres.slice(0, 5));
  return facets;
}

/** One registered work; null when there is none or it is not registered (not public). */
export async function findWork(db: Queryable, workId: string): Promise<{ work: Work; ownerId: string } | null> {
  const { rows } = await db.query<StoredWork>(`SELECT ${COLUMNS} FROM registry_works WHERE id = $1 AND registered_at IS NOT NULL`, [workId]);
  const row = rows[0];
  return row ? { work: toWork(row), ownerId: row.owner_id } : null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toWork(row: StoredWork): Work {
  const attestations: Work['attestations'] = [];
  if (row.certificate_id && row.registered_at) {
    attestations.push({
      id: row.certificate_id,
      type: 'certificate_signature',
      issuer: `GOOSE certificate key ${row.certificate_key_id ?? ''}`.trim(),
      timestamp: iso(row.registered_at),
      verified: true,
    });
  }
  if (row.tx_hash) {
    attestations.push({
      id: row.tx_hash,
      type: 'ledger_registration',
      issuer: `XRP Ledger ${row.network ?? ''}`.trim(),
      timestamp: iso(row.ledger_at ?? row.registered_at ?? row.created_at),
      verified: row.ledger_status === 'validated',
    });
  }
  return {
    id: row.id,
    title: row.title,
    creator: row.creator,
    contentType: row.content_type as Work['contentType'],
    genre: row.genre,
    verificationLevel: row.verification_level as Work['verificationLevel'],
    verificationReason: row.verification_reason,
    identifiers: { isrc: row.isrc, iswc: row.iswc, isni: row.isni, upc: row.upc },
    oracleScore: row.oracle_score,
    licenses: { available: row.licenses_available, active: row.licenses_active, revenue: Number(row.license_revenue) },
    disputes: { active: row.disputes_active, resolved: row.disputes_resolved, total: row.disputes_active + row.disputes_resolved },
    metadata: { createdAt: iso(row.created_at), certificateId: row.certificate_id, xrplTxHash: row.tx_hash, ledgerStatus: row.ledger_status },
    fingerprints: row.fingerprints,
    attestations,
  };
}

/** How many works are registered (certificate issued, public in the registry). */
export async function countRegisteredWorks(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM registry_works WHERE registered_at IS NOT NULL');
  return Number(rows[0]!.n);
}
