// Reads of the distributions read model, shaped as the API's Distribution. A release's royalty
// earnings are summed from the payable statements' per-line royalties (statement_line_royalties,
// kept by the statements read model, which the projector always runs beside this one); a creator's
// self-reported uploads are an estimate shown in the breakdown, not earnings.
import type { Distribution } from '../../domain/contracts/distribution';
import { STORES, type DeliveryState, type DistributionStatus } from '../../domain/distribution/catalogue';
import type { Queryable } from '../../infra/db/db';

interface DistributionRow {
  id: string;
  content_id: string;
  owner_id: string;
  song_name: string;
  artist_name: string;
  album_name: string;
  primary_genre: string;
  secondary_genre: string | null;
  label_name: string;
  release_date: string;
  sale_date: string;
  parental_advisory: boolean;
  royalty_split: number;
  selected_stores: string[];
  credits: Distribution['credits'];
  cover_art: Distribution['coverArt'];
  isrc: string | null;
  upc: string | null;
  status: DistributionStatus;
  distributor: string | null;
  notice: string | null;
  waiting_since: Date | null;
  renews_at: Date | null;
  taken_down_at: Date | null;
  created_at: Date;
  royalty_earnings: string;
  stores: { storeId: string; state: DeliveryState; reason: string | null; updatedAt: string }[] | null;
}

const STORE_NAMES = new Map(STORES.map((store) => [store.id, store.name]));

async function select(db: Queryable, where: string, params: unknown[]): Promise<DistributionRow[]> {
  const earnings = "(SELECT COALESCE(SUM(r.amount_cents), 0) FROM statement_line_royalties r WHERE r.distribution_id = d.id::text AND r.source <> 'self_reported')";
  const { rows } = await db.query<DistributionRow>(
    `SELECT d.id::text AS id, d.content_id::text AS content_id, d.owner_id::text AS owner_id, d.song_name, d.artist_name, d.album_name, d.primary_genre, d.secondary_genre,
            d.label_name, d.release_date, d.sale_date, d.parental_advisory, d.royalty_split, d.selected_stores, d.credits, d.cover_art, d.isrc, d.upc, d.status, d.distributor, d.notice, d.waiting_since,
            d.renews_at, d.taken_down_at, d.created_at, ${earnings}::text AS royalty_earnings,
            (SELECT json_agg(json_build_object('storeId', s.store_id, 'state', s.state, 'reason', s.reason, 'updatedAt', s.updated_at) ORDER BY s.store_id)
               FROM distribution_stores s WHERE s.distribution_id = d.id) AS stores
       FROM distributions d WHERE ${where} ORDER BY d.created_at DESC, d.id`,
    params,
  );
  return rows;
}

function toDistribution(row: DistributionRow): Distribution {
  const order = new Map(row.selected_stores.map((id, index) => [id, index]));
  return {
    id: row.id,
    contentId: row.content_id,
    songName: row.song_name,
    artistName: row.artist_name,
    albumName: row.album_name,
    primaryGenre: row.primary_genre,
    secondaryGenre: row.secondary_genre,
    labelName: row.label_name,
    releaseDate: row.release_date,
    saleDate: row.sale_date,
    parentalAdvisory: row.parental_advisory,
    royaltySplit: row.royalty_split,
    selectedStores: row.selected_stores,
    credits: row.credits,
    coverArt: row.cover_art,
    status: row.status,
    stores: (row.stores ?? [])
      .map((store) => ({ storeId: store.storeId, storeName: STORE_NAMES.get(store.storeId) ?? store.storeId, state: store.state, reason: store.reason, updatedAt: new Date(store.updatedAt).toISOString() }))
      .sort((a, b) => (order.get(a.storeId) ?? 0) - (order.get(b.storeId) ?? 0)),
    upc: row.upc,
    isrc: row.isrc,
    createdAt: new Date(row.created_at).toISOString(),
    distributionUrl: null,
    royaltyEarnings: Number(row.royalty_earnings),
    renewsAt: row.renews_at ? new Date(row.renews_at).toISOString() : null,
    takenDownAt: row.taken_down_at ? new Date(row.taken_down_at).toISOString() : null,
    distributor: row.distributor ?? 'sandbox',
    notice: row.notice,
    waitingForPartnerSince: row.waiting_since ? new Date(row.waiting_since).toISOString() : null,
  };
}

/** The owner's releases, newest first. */
export async function listDistributions(db: Queryable, ownerId: string): Promise<Distribution[]> {
  return (await select(db, 'd.owner_id = $1', [ownerId])).map(toDistribution);
}

/** One release of `ownerId`, or null (also for another user's release). */
export async function findOwnedDistribution(db: Queryable, ownerId: string, id: string): Promise<Distribution | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await select(db, 'd.owner_id = $1 AND d.id = $2', [ownerId, id]);
  return row ? toDistribution(row) : null;
}

/** The content's release that has not ended (failed or taken down), if any: a content item is released once at a time. */
export async function findActiveDistributionOf(db: Queryable, contentId: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(`SELECT id::text AS id FROM distributions WHERE content_id = $1 AND status NOT IN ('failed', 'taken_down') LIMIT 1`, [contentId]);
  return rows[0]?.id ?? null;
}

/** A release waiting for its delivery partner, for /operations. */
export interface WaitingDelivery {
  distributionId: string;
  songName: string;
  ownerId: string;
  ownerName: string | null;
  since: string;
  reason: string;
}

/** Releases waiting for the delivery partner, longest waiting first. */
export async function listWaitingDeliveries(db: Queryable, limit = 200): Promise<WaitingDelivery[]> {
  const { rows } = await db.query<{ id: string; song_name: string; owner_id: string; username: string | null; waiting_since: Date; waiting_reason: string }>(
    `SELECT d.id::text AS id, d.song_name, d.owner_id::text AS owner_id, u.username, d.waiting_since, d.waiting_reason
       FROM distributions d LEFT JOIN users u ON u.id = d.owner_id
      WHERE d.waiting_since IS NOT NULL ORDER BY d.waiting_since LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ distributionId: r.id, songName: r.song_name, ownerId: r.owner_id, ownerName: r.username, since: new Date(r.waiting_since).toISOString(), reason: r.waiting_reason }));
}

/** The owner's releases changed most recently, newest first: the releases' part of the analytics' recent activity. */
export async function recentReleases(db: Queryable, ownerId: string, limit: number): Promise<Array<{ title: string; status: string; at: Date }>> {
  const { rows } = await db.query<{ song_name: string; status: string; updated_at: Date }>(
    'SELECT song_name, status, updated_at FROM distributions WHERE owner_id = $1 ORDER BY updated_at DESC LIMIT $2',
    [ownerId, limit],
  );
  return rows.map((row) => ({ title: row.song_name, status: row.status, at: new Date(row.updated_at) }));
}
