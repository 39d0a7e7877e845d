// Reads of the licensing marketplace: the public listing with every filter and sort done in SQL
// (the route and the bench run this same function), one offer, and an owner's own offers. The escrow
// address and amount are not events: they come from the server's XRPL settings at read time.
import type { MarketplaceLicense, marketplaceQuerySchema } from '../../domain/contracts/licensing';
import type { z } from 'zod';
import type { Queryable } from '../../infra/db/db';

export type MarketplaceFilters = z.output<typeof marketplaceQuerySchema>;

/** Where an escrow payment goes: the platform's XRPL account (null without XRPL_URL) and the USD per XRP rate (null without one). */
export interface EscrowSettings {
  address: string | null;
  usdPerXrp: number | null;
}

export const NO_ESCROW: EscrowSettings = { address: null, usdPerXrp: null };

interface OfferRow {
  offer_id: string;
  work_id: string;
  owner_id: string;
  work_title: string;
  creator: string;
  content_type: MarketplaceLicense['contentType'];
  license_type: MarketplaceLicense['type'];
  scope: MarketplaceLicense['scope'];
  territory: string;
  duration: string;
  currency: MarketplaceLicense['pricing']['currency'];
  price_cents: number;
  original_price_cents: number | null;
  payment_options: MarketplaceLicense['pricing']['paymentOptions'];
  terms: MarketplaceLicense['terms'];
  status: MarketplaceLicense['status'];
  total_sales: number;
  rating_count: number;
  rating_sum: number;
  ownership_verified: boolean;
  rights_cleared: boolean;
  oracle_score: string | null;
  dispute_count: number;
  contract_id: string | null;
  contract_status: MarketplaceLicense['smartContract']['contractStatus'];
  royalty_rate: number;
  automatic_payouts: boolean;
  network: string;
  created_at: Date;
}

const COLUMNS = `offer_id, work_id, owner_id::text AS owner_id, work_title, creator, content_type, license_type, scope, territory, duration, currency, price_cents,
  original_price_cents, payment_options, terms, status, total_sales, rating_count, rating_sum, ownership_verified, rights_cleared, oracle_score::text,
  dispute_count, contract_id, contract_status, royalty_rate, automatic_payouts, network, created_at`;

/** Ordering per sort; every one ends on the offer id so pages never overlap. */
const ORDER_BY: Record<MarketplaceFilters['sortBy'], string> = {
  // Popularity: licenses sold, then how many buyers rated, then the newest.
  popularity: 'total_sales DESC, rating_count DESC, created_at DESC',
  price_low: 'price_cents ASC, created_at DESC',
  price_high: 'price_cents DESC, created_at DESC',
  // Unrated offers last.
  rating: 'CASE WHEN rating_count = 0 THEN NULL ELSE rating_sum::numeric / rating_count END DESC NULLS LAST, rating_count DESC, created_at DESC',
  newest: 'created_at DESC',
  sales: 'total_sales DESC, created_at DESC',
};

export interface StoredOffer {
  license: MarketplaceLicense;
  ownerId: string;
}

function toLicense(row: OfferRow, escrow: EscrowSettings): MarketplaceLicense {
  const amount = row.price_cents / 100;
  const originalPrice = row.original_price_cents === null ? null : row.original_price_cents / 100;
  const escrowOffered = row.payment_options.includes('polygon_escrow') && escrow.address !== null;
  return {
    id: row.offer_id,
    workId: row.work_id,
    workTitle: row.work_title,
    creator: row.creator,
    contentType: row.content_type,
    type: row.license_type,
    scope: row.scope,
    territory: row.territory,
    duration: row.duration,
    rating: row.rating_count === 0 ? null : Math.round((row.rating_sum / row.rating_count) * 10) / 10,
    ratingCount: row.rating_count,
    totalSales: row.total_sales,
    pricing: {
      currency: row.currency,
      amount,
      amountCents: row.price_cents,
      originalPrice,
      discount: row.original_price_cents === null ? null : Math.round((1 - row.price_cents / row.original_price_cents) * 100),
      paymentOptions: row.payment_options,
    },
    terms: row.terms,
    smartContract: {
      contractStatus: row.contract_status,
      contractId: row.contract_id,
      royaltyRate: row.royalty_rate,
      blockchainNetwork: row.network,
      automaticPayouts: row.automatic_payouts,
      escrowAddress: escrowOffered ? escrow.address : null,
      // USD and QXMP (1 token = 1 USD) both price the escrow in XRP at the server's rate.
      escrowAmount: escrowOffered && escrow.usdPerXrp ? (amount / escrow.usdPerXrp).toFixed(6) : null,
    },
    verification: {
      ownershipVerified: row.ownership_verified,
      rightsCleared: row.rights_cleared,
      oracleScore: row.oracle_score === null ? null : Number(row.oracle_score),
      disputeCount: row.dispute_count,
    },
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

export interface ListScope {
  /** Only this owner's offers, withdrawn included (the owner's own list). */
  ownerId?: string;
}

/** The listing: active offers (or an owner's every offer) matching every filter, in the sort's order, one page. */
export async function listMarketplace(db: Queryable, filters: MarketplaceFilters, escrow: EscrowSettings, scope: ListScope = {}): Promise<{ licenses: MarketplaceLicense[]; total: number }> {
  // Words first (any order, web-search syntax); only when no offer has them, a typo: close trigram
  // matches of the title and creator.
  let found = await pageAndTotal(db, filtered(filters, scope, 'words'), filters);
  if (found.total === 0 && filters.query) found = await pageAndTotal(db, filtered(filters, scope, 'typo'), filters);
  return { licenses: found.rows.map((row) => toLicense(row, escrow)), total: found.total };
}

type Search = { where: string; params: unknown[]; rank: string };

/**
 * Below this many matches, a page is cheaper to cut from the matches gathered through the GIN
 * indexes than by walking a sort index and skipping the rows that do not match (about
 * 24 × active offers ÷ matches rows) — roughly √(24 × 100,000).
 */
const GATHER_BELOW = 2_000;

/**
 * One page and the exact number of matching offers. With text, the matches come from the GIN
 * indexes once (a materialized CTE) and give both the count and the page. Without text, the count
 * (the filter tags' posting lists intersected) and the page walked along the sort's index run at
 * once, on two connections where the pool has them: a large result keeps the walked page, a small
 * one (or none) is paged from the gathered matches instead, since walking an index for rare rows
 * finds them late. Together they halved the listing's p95 (docs/registry.md).
 */
async function pageAndTotal(db: Queryable, search: Search, filters: MarketplaceFilters): Promise<{ rows: OfferRow[]; total: number }> {
  if (filters.query) return gathered(db, search, filters);
  const [total, walked] = await Promise.all([countOf(db, search), pageOf(db, search, filters)]);
  if (total === 0) return { rows: [], total };
  if (total < GATHER_BELOW) return { rows: (await gathered(db, search, filters)).rows, total };
  return { rows: walked, total };
}

/** The page and the count from the matches gathered once; the page's rows are read in full only for the page. */
async function gathered(db: Queryable, search: Search, filters: MarketplaceFilters): Promise<{ rows: OfferRow[]; total: number }> {
  const params = [...search.params, filters.limit, filters.offset];
  const { rows } = await db.query<OfferRow & { matches: string }>(
    `WITH matches AS MATERIALIZED (
       SELECT offer_id, total_sales, rating_count, rating_sum, created_at, price_cents, ${search.rank} AS rank
       FROM marketplace_offers WHERE ${search.where}),
     page AS (
       SELECT offer_id, rank AS page_rank FROM matches
       ORDER BY ${ORDER_BY[filters.sortBy]}, rank DESC, offer_id
       LIMIT $${params.length - 1} OFFSET $${params.length})
     SELECT counted.matches::text AS matches, listed.*
     FROM (SELECT count(*) AS matches FROM matches) counted
     LEFT JOIN LATERAL (
       SELECT ${COLUMNS}, page.page_rank FROM page JOIN marketplace_offers USING (offer_id)) listed ON true
     ORDER BY ${ORDER_BY[filters.sortBy]}, listed.page_rank DESC, listed.offer_id`,
    params,
  );
  return { rows: rows.filter((row) => row.offer_id !== null), total: Number(rows[0]?.matches ?? 0) };
}

async function pageOf(db: Queryable, search: Search, filters: MarketplaceFilters): Promise<OfferRow[]> {
  const params = [...search.params, filters.limit, filters.offset];
  const { rows } = await db.query<OfferRow>(
    `SELECT ${COLUMNS} FROM marketplace_offers WHERE ${search.where}
     ORDER BY ${ORDER_BY[filters.sortBy]}, offer_id
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}

async function countOf(db: Queryable, search: Search): Promise<number> {
  const { rows } = await db.query<{ total: string }>(`SELECT count(*)::text AS total FROM marketplace_offers WHERE ${search.where}`, search.params);
  return Number(rows[0]?.total ?? 0);
}

/** The WHERE clause and its parameters for the filters, matching the text by its words or, for a typo, by trigrams. */
function filtered(filters: MarketplaceFilters, scope: ListScope, text: 'words' | 'typo'): Search {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // How well the text matches (ts_rank of the words, or the typo's word similarity); 0 without text.
  let rank = '0';
  if (scope.ownerId) where.push(`owner_id = ${param(scope.ownerId)}`);
  else where.push(`status = 'active'`);
  if (filters.query && text === 'words') {
    const q = param(filters.query);
    where.push(`search @@ websearch_to_tsquery('simple', ${q})`);
    rank = `ts_rank(search, websearch_to_tsquery('simple', ${q}))`;
  } else if (filters.query) {
    const q = param(filters.query.toLowerCase());
    where.push(`search_text %> ${q}`);
    rank = `word_similarity(${q}, search_text)`;
  }
  if (filters.workId) where.push(`work_id = ${param(filters.workId)}`);
  // Every exact-match filter as a tag of the projection's `filter_tags` (one GIN containment).
  const tags: string[] = [];
  if (filters.contentType !== 'all') tags.push(`content_type:${filters.contentType}`);
  if (filters.licenseType !== 'all') tags.push(`license_type:${filters.licenseType}`);
  if (filters.scope !== 'all') tags.push(`scope:${filters.scope}`);
  if (filters.territory.toLowerCase() !== 'all') tags.push(`territory:${filters.territory.toLowerCase()}`);
  if (filters.duration.toLowerCase() !== 'all') tags.push(`duration:${filters.duration.toLowerCase()}`);
  if (filters.currency !== 'all') tags.push(`currency:${filters.currency}`);
  if (filters.paymentMethod !== 'all') tags.push(filters.paymentMethod);
  if (tags.length > 0) where.push(`filter_tags @> ${param(tags)}::text[]`);
  if (filters.priceRange) {
    const [min, max] = filters.priceRange.split(',').map((units) => Math.round(Number(units) * 100));
    where.push(`price_cents BETWEEN ${param(Math.min(min!, max!))} AND ${param(Math.max(min!, max!))}`);
  }
  // Verified rights: the ownership is certified and the copyright oracle cleared the work. These two
  // stay plain conditions: the default listing's partial index matches them (an index-only count).
  if (filters.onlyVerified) where.push('ownership_verified AND rights_cleared');
  if (filters.onlyNoDisputes) where.push(`dispute_count = 0 AND contract_status <> 'disputed'`);
  return { where: where.join(' AND '), params, rank };
}

/** One offer, active or withdrawn, with its owner; null when there is none. */
export async function findOffer(db: Queryable, offerId: string, escrow: EscrowSettings): Promise<StoredOffer | null> {
  const { rows } = await db.query<OfferRow>(`SELECT ${COLUMNS} FROM marketplace_offers WHERE offer_id = $1`, [offerId]);
  const row = rows[0];
  return row ? { license: toLicense(row, escrow), ownerId: row.owner_id } : null;
}
