// Reads of the purchased licenses model: one license, a buyer's licenses, an owner's sales with
// their totals (issued sales only: money actually taken), and the purchases a workflow still has to
// finish (for the recovery after a crash).
import type { PurchasedLicense } from '../../domain/contracts/licensing';
import type { Queryable } from '../../infra/db/db';

interface Row {
  id: string;
  offer_id: string;
  work_id: string;
  work_title: string;
  owner_id: string;
  buyer_id: string;
  creator: string | null;
  buyer: string | null;
  type: PurchasedLicense['type'];
  scope: PurchasedLicense['scope'];
  territory: string;
  duration: string;
  currency: PurchasedLicense['currency'];
  price_cents: number;
  payment_method: PurchasedLicense['paymentMethod'];
  status: PurchasedLicense['status'];
  reason: string | null;
  certificate_id: string | null;
  proof_id: string | null;
  rating: number | null;
  purchased_at: Date | string;
  issued_at: Date | string | null;
}

export interface StoredLicense extends PurchasedLicense {
  ownerId: string;
  buyerId: string;
}

const SELECT = `SELECT l.*, l.owner_id::text AS owner_id, l.buyer_id::text AS buyer_id, o.username AS creator, b.username AS buyer
  FROM purchased_licenses l LEFT JOIN users o ON o.id = l.owner_id LEFT JOIN users b ON b.id = l.buyer_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

function toLicense(row: Row): StoredLicense {
  return {
    id: row.id,
    offerId: row.offer_id,
    workId: row.work_id,
    workTitle: row.work_title,
    creator: row.creator ?? 'unknown',
    buyer: row.buyer ?? 'unknown',
    ownerId: row.owner_id,
    buyerId: row.buyer_id,
    type: row.type,
    scope: row.scope,
    territory: row.territory,
    duration: row.duration,
    currency: row.currency,
    priceCents: Number(row.price_cents),
    paymentMethod: row.payment_method,
    status: row.status,
    reason: row.reason,
    certificateId: row.certificate_id,
    proofId: row.proof_id,
    rating: row.rating === null ? null : Number(row.rating),
    purchasedAt: iso(row.purchased_at),
    issuedAt: row.issued_at === null ? null : iso(row.issued_at),
  };
}

/** The API shape: the ids of owner and buyer stay on the server. */
export function publicLicense({ ownerId: _owner, buyerId: _buyer, ...license }: StoredLicense): PurchasedLicense {
  return license;
}

export async function findPurchasedLicense(db: Queryable, licenseId: string): Promise<StoredLicense | null> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE l.id = $1`, [licenseId]);
  return rows[0] ? toLicense(rows[0]) : null;
}

export async function listBuyerLicenses(db: Queryable, buyerId: string): Promise<StoredLicense[]> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE l.buyer_id = $1 ORDER BY l.purchased_at DESC, l.id LIMIT 500`, [buyerId]);
  return rows.map(toLicense);
}

/**
 * Purchases requested before `before` that no workflow has finished, oldest first: paid ones, and
 * ones awaiting a payment the platform takes itself (tokens, escrow). A card purchase awaiting
 * payment waits for the buyer, not for a workflow, so it is not listed.
 */
export async function listUnfinishedPurchases(db: Queryable, before: Date, limit = 500): Promise<{ id: string; status: 'awaiting_payment' | 'paid'; paymentMethod: PurchasedLicense['paymentMethod'] }[]> {
  const { rows } = await db.query<{ id: string; status: 'awaiting_payment' | 'paid'; payment_method: PurchasedLicense['paymentMethod'] }>(
    `SELECT id, status, payment_method FROM purchased_licenses
      WHERE status IN ('awaiting_payment', 'paid') AND (status = 'paid' OR payment_method <> 'stripe') AND purchased_at < $1
      ORDER BY purchased_at, id LIMIT $2`,
    [before.toISOString(), limit],
  );
  return rows.map((row) => ({ id: row.id, status: row.status, paymentMethod: row.payment_method }));
}

export async function listOwnerSales(db: Queryable, ownerId: string): Promise<{ sales: StoredLicense[]; totals: { count: number; revenueCents: number; tokenRevenueCents: number } }> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE l.owner_id = $1 ORDER BY l.purchased_at DESC, l.id LIMIT 500`, [ownerId]);
  const { rows: totals } = await db.query<{ count: string; revenue: string | null; tokens: string | null }>(
    `SELECT count(*)::text AS count, sum(price_cents) FILTER (WHERE currency = 'USD')::text AS revenue, sum(price_cents) FILTER (WHERE currency = 'QXMP')::text AS tokens
       FROM purchased_licenses WHERE owner_id = $1 AND status = 'issued'`,
    [ownerId],
  );
  const t = totals[0]!;
  return { sales: rows.map(toLicense), totals: { count: Number(t.count), revenueCents: Number(t.revenue ?? 0), tokenRevenueCents: Number(t.tokens ?? 0) } };
}

export interface LicenseSalesSummary {
  count: number;
  amountCents: number;
  tokenAmountCents: number;
  byBucket: Array<{ bucket: string; count: number; amountCents: number }>;
  topWorks: Array<{ workId: string; title: string; count: number; amountCents: number }>;
}

/**
 * The owner's licenses issued since `since` (all when null): how many, what they brought in (US
 * cents; token-priced sales apart), per UTC day or month, and the works that sold most.
 */
export async function licenseSalesSummary(db: Queryable, ownerId: string, since: Date | null, bucket: 'day' | 'month', top: number): Promise<LicenseSalesSummary> {
  const issued = `FROM purchased_licenses WHERE owner_id = $1 AND status = 'issued' AND ($2::timestamptz IS NULL OR coalesce(issued_at, purchased_at) >= $2)`;
  const { rows: buckets } = await db.query<{ bucket: string; count: string; usd: string; tokens: string }>(
    `SELECT to_char(date_trunc($3, coalesce(issued_at, purchased_at) AT TIME ZONE 'UTC'), $4) AS bucket, count(*)::text AS count,
       coalesce(sum(price_cents) FILTER (WHERE currency = 'USD'), 0)::text AS usd, coalesce(sum(price_cents) FILTER (WHERE currency = 'QXMP'), 0)::text AS tokens
     ${issued} GROUP BY 1 ORDER BY 1`,
    [ownerId, since, bucket, bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'],
  );
  const { rows: works } = await db.query<{ work_id: string; title: string; count: string; usd: string }>(
    `SELECT work_id, max(work_title) AS title, count(*)::text AS count, coalesce(sum(price_cents) FILTER (WHERE currency = 'USD'), 0)::text AS usd
     ${issued} GROUP BY work_id ORDER BY count(*) DESC, sum(price_cents) DESC, work_id LIMIT $3`,
    [ownerId, since, top],
  );
  const byBucket = buckets.map((row) => ({ bucket: row.bucket, count: Number(row.count), amountCents: Number(row.usd) }));
  return {
    count: byBucket.reduce((sum, b) => sum + b.count, 0),
    amountCents: byBucket.reduce((sum, b) => sum + b.amountCents, 0),
    tokenAmountCents: buckets.reduce((sum, b) => sum + Number(b.tokens), 0),
    byBucket,
    topWorks: works.map((row) => ({ workId: row.work_id, title: row.title, count: Number(row.count), amountCents: Number(row.usd) })),
  };
}

/** The owner's latest sales (any status), newest first: the licenses' part of the recent activity. */
export async function recentSales(db: Queryable, ownerId: string, limit: number): Promise<Array<{ title: string; type: string; status: string; priceCents: number; currency: string; at: Date }>> {
  const { rows } = await db.query<{ work_title: string; type: string; status: string; price_cents: number; currency: string; at: Date }>(
    `SELECT work_title, type, status, price_cents, currency, coalesce(issued_at, purchased_at) AS at FROM purchased_licenses WHERE owner_id = $1 ORDER BY purchased_at DESC LIMIT $2`,
    [ownerId, limit],
  );
  return rows.map((row) => ({ title: row.work_title, type: row.type, status: row.status, priceCents: row.price_cents, currency: row.currency, at: row.at }));
}
