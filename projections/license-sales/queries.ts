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
