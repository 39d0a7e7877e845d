// Reading the rights registry: the public search (ranked full text plus trigram typo tolerance, an
// exact identifier match first, filters, sorts, date ranges, and facets over the filtered set) and
// one public work. Only registered works (certificate issued) are ever returned.
import {
  IDENTIFIER_TYPES,
  workSearchQuerySchema,
  type DateRange,
  type Work,
  type WorkSearchQuery,
  type WorkSearchResponse,
} from '../../domain/contracts/registry';
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

/**
 * The search the route answers with. Relevance = an exact identifier match first, then ts_rank of
 * the weighted tsvector (title and identifiers A, creator B, genre C, description D), plus the
 * trigram word similarity of the query to "title creator" (which is what finds "Midnigth Rian"),
 * plus its similarity to the whole title (which puts "Midnight Rain" before "Midnight Sun" then).
 */
export async function searchWorks(db: Db, input: WorkSearchQuery): Promise<WorkSearchResponse> {
  const query = workSearchQuerySchema.parse(input);
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
  if (text) {
    const id = param(identifierForm(text));
    const columns = query.identifierType === 'all' ? IDENTIFIER_TYPES : [query.identifierType];
    exact = `(${columns.map((column) => `${column} = ${id}`).join(' OR ')})`;
    const tsquery = `websearch_to_tsquery('simple', ${param(text)})`;
    const lowered = param(text.toLowerCase());
    where.push(`(${exact} OR search @@ ${tsquery} OR ${lowered} <% trigram_text)`);
    rank = `ts_rank(search, ${tsquery}) + word_similarity(${lowered}, trigram_text) + similarity(${lowered}, lower(title))`;
  }
  const filtered = `SELECT * FROM registry_works WHERE ${where.join(' AND ')}`;
  const order = orderBy(query.sortBy, text !== '');
  const limit = param(query.limit);
  const offset = param(query.offset);

  return db.transaction(async (tx) => {
    // SET LOCAL: the threshold of `<%` for this transaction only (a pooled connection keeps no trace).
    await tx.query(`SET LOCAL pg_trgm.word_similarity_threshold = ${TYPO_THRESHOLD}`);
    const { rows } = await tx.query<StoredWork>(
      `WITH filtered AS (${filtered})
       SELECT ${COLUMNS} FROM (SELECT *, ${exact} AS exact_match, ${rank} AS relevance FROM filtered) ranked
       ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    const facets = await facetCounts(tx, filtered, params.slice(0, -2));
    const total = Object.values(facets.contentTypes).reduce((sum, count) => sum + count, 0);
    return { works: rows.map(toWork), total, facets };
  });
}

function orderBy(sort: ReturnType<typeof workSearchQuerySchema.parse>['sortBy'], hasText: boolean): string {
  switch (sort) {
    case 'relevance':
      return hasText ? 'exact_match DESC, relevance DESC, created_at DESC, id' : 'created_at DESC, id';
    case 'oracle_score':
      return 'oracle_score DESC NULLS LAST, created_at DESC, id';
    case 'created_date':
      return 'created_at DESC, id';
    case 'title':
      return 'lower(title), id';
    case 'disputes':
      return '(disputes_active + disputes_resolved) DESC, created_at DESC, id';
    case 'licenses':
      return '(licenses_active + licenses_available) DESC, created_at DESC, id';
    default: {
      const unknown: never = sort;
      throw new Error(`Unknown sort ${String(unknown)}`);
    }
  }
}

/** Content types, verification levels and the top 5 genres of the filtered set, in one pass. */
async function facetCounts(tx: Queryable, filtered: string, params: unknown[]): Promise<WorkSearchResponse['facets']> {
  const { rows } = await tx.query<{ content_type: string | null; verification_level: string | null; genre: string | null; by: number; count: number }>(
    `SELECT content_type, verification_level, genre, GROUPING(content_type, verification_level, genre)::integer AS by, count(*)::integer AS count
     FROM (${filtered}) f GROUP BY GROUPING SETS ((content_type), (verification_level), (genre))`,
    params,
  );
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
