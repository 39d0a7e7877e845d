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
  total?: string;
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
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (scope.ownerId) where.push(`owner_id = ${param(scope.ownerId)}`);
  else where.push(`status = 'active'`);
  let rank = '';
  if (filters.query) {
    const q = param(filters.query);
    const lowered = param(filters.query.toLowerCase());
    // Words (any order, web-search syntax) or, for a typo, a close trigram match of the title and creator.
    where.push(`(search @@ websearch_to_tsquery('simple', ${q}) OR ${lowered} <% search_text)`);
    rank = `ts_rank(search, websearch_to_tsquery('simple', ${q})) + word_similarity(${lowered}, search_text) DESC, `;
  }
  if (filters.workId) where.push(`work_id = ${param(filters.workId)}`);
  if (filters.contentType !== 'all') where.push(`content_type = ${param(filters.contentType)}`);
  if (filters.licenseType !== 'all') where.push(`license_type = ${param(filters.licenseType)}`);
  if (filters.scope !== 'all') where.push(`scope = ${param(filters.scope)}`);
  if (filters.territory.toLowerCase() !== 'all') where.push(`lower(territory) = lower(${param(filters.territory)})`);
  if (filters.duration.toLowerCase() !== 'all') where.push(`lower(duration) = lower(${param(filters.duration)})`);
  if (filters.currency !== 'all') where.push(`currency = ${param(filters.currency)}`);
  if (filters.paymentMethod !== 'all') where.push(`${param(filters.paymentMethod)} = ANY(payment_options)`);
  if (filters.priceRange) {
    const [min, max] = filters.priceRange.split(',').map((units) => Math.round(Number(units) * 100));
    where.push(`price_cents BETWEEN ${param(Math.min(min!, max!))} AND ${param(Math.max(min!, max!))}`);
  }
  // Verified rights: the ownership is certified and the copyright oracle cleared the work.
  if (filters.onlyVerified) where.push('ownership_verified AND rights_cleared');
  if (filters.onlyNoDisputes) where.push(`dispute_count = 0 AND contract_status <> 'disputed'`);
  const { rows } = await db.query<OfferRow>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM marketplace_offers
     WHERE ${where.join(' AND ')}
     ORDER BY ${ORDER_BY[filters.sortBy]}, ${rank}offer_id
     LIMIT ${param(filters.limit)} OFFSET ${param(filters.offset)}`,
    params,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && filters.offset > 0) {
    const counted = await db.query<{ total: string }>(`SELECT count(*)::text AS total FROM marketplace_offers WHERE ${where.join(' AND ')}`, params.slice(0, -2));
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return { licenses: rows.map((row) => toLicense(row, escrow)), total };
}

/** One offer, active or withdrawn, with its owner; null when there is none. */
export async function findOffer(db: Queryable, offerId: string, escrow: EscrowSettings): Promise<StoredOffer | null> {
  const { rows } = await db.query<OfferRow>(`SELECT ${COLUMNS} FROM marketplace_offers WHERE offer_id = $1`, [offerId]);
  const row = rows[0];
  return row ? { license: toLicense(row, escrow), ownerId: row.owner_id } : null;
}
