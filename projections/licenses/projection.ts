// The licensing marketplace read model: one `marketplace_offers` row per offer with every column the
// listing filters, sorts and shows (work title, creator, content type, genre, price, options, terms,
// sales and ratings, verification, the work's royalty contract), plus a tsvector and a trigram text
// for search. The facts that reach an offer from other streams (the track's registration and check,
// the owner's username, the royalty contract, each license sold and rated) are kept in small side
// tables, so an offer made after them finds them and a change after it updates the offer's row.
// Idempotent: a row records the stream version it has folded, and a replayed event changes nothing.
// An offer's dispute count is the number of open dispute cases (kind dispute; filed or under
// appeal, not yet resolved) about its work, counted again from `marketplace_disputes`.
import { DELETED_USERNAME } from '../../domain/account-data/deletion-rules';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import type { OfferDetails } from '../../domain/licensing/license-offer.events';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

/** The license contract status an offer shows for its work's royalty contract status (none yet: pending). */
const CONTRACT_STATUS: Record<string, string> = { active: 'active', paused: 'pending', completed: 'completed', disputed: 'disputed' };

const HANDLED = [
  'TrackUploadReceived',
  'TrackCopyrightChecked',
  'TrackCertificateIssued',
  'UserRegistered',
  'UserAccountDeleted',
  'RoyaltyContractCreated',
  'RoyaltyContractStatusChanged',
  'LicenseOffered',
  'LicenseOfferUpdated',
  'LicenseOfferWithdrawn',
  'LicensePurchaseRequested',
  'LicenseIssued',
  'LicenseRated',
  'DisputeFiled',
  'DisputeResolved',
  'DisputeAppealed',
  'DisputeClosed',
] as const;

const MARKETPLACE_SEARCH_TEXT = `lower(work_title || ' ' || creator)`;

/**
 * The listing's exact-match filters as one tag per value ("scope:exclusive", "territory:us", each
 * payment option as it is), so any combination of filters is one
 * GIN containment (`filter_tags @> ARRAY[...]`) that intersects posting lists instead of reading
 * every active row — what keeps the exact `total` of a filter-only listing fast.
 */
export const MARKETPLACE_FILTER_TAGS = `array_cat(ARRAY[
  'content_type:' || content_type, 'license_type:' || license_type, 'scope:' || scope, 'territory:' || lower(territory),
  'duration:' || lower(duration), 'currency:' || currency], payment_options)`;

export const licensesProjection: Projection = {
  name: 'licenses',
  // Version 4: a deleted account's offers show "Deleted user" as their creator.
  version: 4,
  tables: ['marketplace_offers', 'marketplace_works', 'marketplace_creators', 'marketplace_contracts', 'marketplace_sales', 'marketplace_disputes'],
  schema: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE TABLE IF NOT EXISTS marketplace_works (
      work_id text PRIMARY KEY,
      owner_id uuid NOT NULL,
      title text NOT NULL,
      content_type text NOT NULL,
      genre text,
      rights_cleared boolean NOT NULL DEFAULT false,
      oracle_score numeric,
      ownership_verified boolean NOT NULL DEFAULT false,
      stream_version integer NOT NULL
    );
    CREATE TABLE IF NOT EXISTS marketplace_creators (user_id uuid PRIMARY KEY, username text NOT NULL);
    CREATE TABLE IF NOT EXISTS marketplace_contracts (
      contract_id text PRIMARY KEY,
      content_id text NOT NULL,
      status text NOT NULL,
      royalty_rate integer NOT NULL,
      automatic_payouts boolean NOT NULL,
      network text NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS marketplace_contracts_content_idx ON marketplace_contracts (content_id);
    CREATE TABLE IF NOT EXISTS marketplace_sales (
      license_id text PRIMARY KEY,
      offer_id text NOT NULL,
      issued boolean NOT NULL DEFAULT false,
      rating integer
    );
    CREATE TABLE IF NOT EXISTS marketplace_disputes (
      dispute_id text PRIMARY KEY,
      work_id text NOT NULL,
      open boolean NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS marketplace_disputes_work_idx ON marketplace_disputes (work_id);
    CREATE TABLE IF NOT EXISTS marketplace_offers (
      offer_id text PRIMARY KEY,
      work_id text NOT NULL,
      owner_id uuid NOT NULL,
      work_title text NOT NULL,
      creator text NOT NULL,
      content_type text NOT NULL,
      genre text,
      license_type text NOT NULL,
      scope text NOT NULL,
      territory text NOT NULL,
      duration text NOT NULL,
      currency text NOT NULL,
      price_cents integer NOT NULL,
      original_price_cents integer,
      payment_options text[] NOT NULL,
      terms jsonb NOT NULL,
      status text NOT NULL DEFAULT 'active',
      total_sales integer NOT NULL DEFAULT 0,
      rating_count integer NOT NULL DEFAULT 0,
      rating_sum integer NOT NULL DEFAULT 0,
      ownership_verified boolean NOT NULL DEFAULT false,
      rights_cleared boolean NOT NULL DEFAULT false,
      oracle_score numeric,
      dispute_count integer NOT NULL DEFAULT 0,
      contract_id text,
      contract_status text NOT NULL DEFAULT 'pending',
      royalty_rate integer NOT NULL DEFAULT 0,
      automatic_payouts boolean NOT NULL DEFAULT false,
      network text NOT NULL DEFAULT 'none',
      created_at timestamptz NOT NULL,
      stream_version integer NOT NULL,
      search tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
        work_title || ' ' || creator || ' ' || replace(license_type, '_', ' ') || ' ' || replace(scope, '_', ' ') || ' ' || content_type || ' ' || coalesce(genre, '') || ' ' || territory)) STORED,
      search_text text GENERATED ALWAYS AS (${MARKETPLACE_SEARCH_TEXT}) STORED,
      filter_tags text[] GENERATED ALWAYS AS (${MARKETPLACE_FILTER_TAGS}) STORED
    );
    -- GIN indexes without a pending list (fastupdate off), as the registry's: no unmerged rows for a search to scan.
    CREATE INDEX IF NOT EXISTS marketplace_offers_search_idx ON marketplace_offers USING gin (search) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS marketplace_offers_filter_idx ON marketplace_offers USING gin (filter_tags) WITH (fastupdate = off) WHERE status = 'active';
    CREATE INDEX IF NOT EXISTS marketplace_offers_trgm_idx ON marketplace_offers USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS marketplace_offers_popular_idx ON marketplace_offers (total_sales DESC, rating_count DESC, created_at DESC) WHERE status = 'active';
    -- The default listing (verified rights, no disputes), counted by an index-only scan and read in popularity order.
    CREATE INDEX IF NOT EXISTS marketplace_offers_default_idx ON marketplace_offers (total_sales DESC, rating_count DESC, created_at DESC)
      WHERE status = 'active' AND ownership_verified AND rights_cleared AND dispute_count = 0 AND contract_status <> 'disputed';
    -- Large filter-only totals counted by an index-only scan (no heap visits): every filter's column, narrow.
    CREATE INDEX IF NOT EXISTS marketplace_offers_count_idx ON marketplace_offers (ownership_verified, rights_cleared)
      INCLUDE (dispute_count, contract_status, price_cents, filter_tags) WHERE status = 'active';
    -- The rating sort's own expression (unrated last), so the unfiltered "top rated" page is read in order.
    CREATE INDEX IF NOT EXISTS marketplace_offers_rating_idx ON marketplace_offers
      ((CASE WHEN rating_count = 0 THEN NULL ELSE rating_sum::numeric / rating_count END) DESC NULLS LAST, rating_count DESC, created_at DESC) WHERE status = 'active';
    CREATE INDEX IF NOT EXISTS marketplace_offers_newest_idx ON marketplace_offers (created_at DESC) WHERE status = 'active';
    CREATE INDEX IF NOT EXISTS marketplace_offers_price_idx ON marketplace_offers (price_cents) WHERE status = 'active';
    CREATE INDEX IF NOT EXISTS marketplace_offers_work_idx ON marketplace_offers (work_id);
    CREATE INDEX IF NOT EXISTS marketplace_offers_owner_idx ON marketplace_offers (owner_id, created_at DESC);`,
  handles: new Set(HANDLED),
  async apply(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
    const data = recorded.data as Record<string, unknown>;
    switch (recorded.type as (typeof HANDLED)[number]) {
      case 'TrackUploadReceived': {
        const d = data as { trackId: string; ownerId: string; title: string; contentType: string; genre: string | null };
        await tx.query(
          `INSERT INTO marketplace_works (work_id, owner_id, title, content_type, genre, stream_version) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (work_id) DO NOTHING`,
          [d.trackId, d.ownerId, d.title, d.contentType === 'music' ? 'audio' : d.contentType, d.genre, recorded.streamVersion],
        );
        return null;
      }
      case 'TrackCopyrightChecked': {
        const d = data as { trackId: string; analysis: { status: string; clearanceScore: number | null } };
        const { rows } = await tx.query(
          `UPDATE marketplace_works SET rights_cleared = $2, oracle_score = $3, stream_version = $4 WHERE work_id = $1 AND stream_version < $4 RETURNING work_id`,
          [d.trackId, d.analysis.status === 'cleared', d.analysis.clearanceScore, recorded.streamVersion],
        );
        if (rows.length > 0) await refreshWork(tx, d.trackId);
        return null;
      }
      case 'TrackCertificateIssued': {
        const d = data as { trackId: string };
        const { rows } = await tx.query(
          `UPDATE marketplace_works SET ownership_verified = true, stream_version = $2 WHERE work_id = $1 AND stream_version < $2 RETURNING work_id`,
          [d.trackId, recorded.streamVersion],
        );
        if (rows.length > 0) await refreshWork(tx, d.trackId);
        return null;
      }
      case 'UserRegistered': {
        const d = data as { userId: string; username: string };
        await tx.query(`INSERT INTO marketplace_creators (user_id, username) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username`, [d.userId, d.username]);
        await tx.query(`UPDATE marketplace_offers SET creator = $2 WHERE owner_id = $1 AND creator <> $2`, [d.userId, d.username]);
        return null;
      }
      case 'UserAccountDeleted': {
        const d = data as { userId: string };
        await tx.query(`UPDATE marketplace_creators SET username = $2 WHERE user_id = $1`, [d.userId, DELETED_USERNAME]);
        await tx.query(`UPDATE marketplace_offers SET creator = $2 WHERE owner_id = $1 AND creator <> $2`, [d.userId, DELETED_USERNAME]);
        return null;
      }
      case 'RoyaltyContractCreated': {
        const d = data as { contractId: string; contentId: string; royaltySplit: number; distributionSchedule: string; network: string };
        await tx.query(
          `INSERT INTO marketplace_contracts (contract_id, content_id, status, royalty_rate, automatic_payouts, network, stream_version) VALUES ($1, $2, 'active', $3, $4, $5, $6)
           ON CONFLICT (contract_id) DO NOTHING`,
          [d.contractId, d.contentId, d.royaltySplit, d.distributionSchedule !== 'on_demand', `xrpl-${d.network}`, recorded.streamVersion],
        );
        await refreshContract(tx, d.contentId);
        return null;
      }
      case 'RoyaltyContractStatusChanged': {
        const d = data as { contractId: string; status: string };
        const { rows } = await tx.query<{ content_id: string }>(
          `UPDATE marketplace_contracts SET status = $2, stream_version = $3 WHERE contract_id = $1 AND stream_version < $3 RETURNING content_id`,
          [d.contractId, d.status, recorded.streamVersion],
        );
        if (rows[0]) await refreshContract(tx, rows[0].content_id);
        return null;
      }
      case 'LicenseOffered': {
        const d = data as { offerId: string; workId: string; ownerId: string; workTitle: string; offer: OfferDetails; offeredAt: string };
        const { rows } = await tx.query<{ owner_id: string }>(
          `INSERT INTO marketplace_offers (offer_id, work_id, owner_id, work_title, creator, content_type, genre, license_type, scope, territory, duration, currency,
             price_cents, original_price_cents, payment_options, terms, created_at, stream_version)
           SELECT $1, $2, $3, $4, coalesce((SELECT username FROM marketplace_creators WHERE user_id = $3), ''), coalesce(w.content_type, 'audio'), w.genre,
             $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15
           FROM (SELECT 1) AS one LEFT JOIN marketplace_works w ON w.work_id = $2
           ON CONFLICT (offer_id) DO NOTHING RETURNING owner_id::text AS owner_id`,
          [d.offerId, d.workId, d.ownerId, d.workTitle, ...offerColumns(d.offer), d.offeredAt, recorded.streamVersion],
        );
        if (!rows[0]) return null;
        await refreshWork(tx, d.workId, d.offerId);
        await refreshContract(tx, d.workId, d.offerId);
        await refreshDisputes(tx, d.workId, d.offerId);
        return readModelChange('licenses', recorded, d.ownerId, d.offerId);
      }
      case 'LicenseOfferUpdated': {
        const d = data as { offerId: string; offer: OfferDetails };
        const { rows } = await tx.query<{ owner_id: string }>(
          `UPDATE marketplace_offers SET license_type = $2, scope = $3, territory = $4, duration = $5, currency = $6, price_cents = $7, original_price_cents = $8,
             payment_options = $9, terms = $10, stream_version = $11
           WHERE offer_id = $1 AND stream_version < $11 RETURNING owner_id::text AS owner_id`,
          [d.offerId, ...offerColumns(d.offer), recorded.streamVersion],
        );
        return rows[0] ? readModelChange('licenses', recorded, rows[0].owner_id, d.offerId) : null;
      }
      case 'LicenseOfferWithdrawn': {
        const d = data as { offerId: string };
        const { rows } = await tx.query<{ owner_id: string }>(
          `UPDATE marketplace_offers SET status = 'withdrawn', stream_version = $2 WHERE offer_id = $1 AND stream_version < $2 RETURNING owner_id::text AS owner_id`,
          [d.offerId, recorded.streamVersion],
        );
        return rows[0] ? readModelChange('licenses', recorded, rows[0].owner_id, d.offerId) : null;
      }
      case 'LicensePurchaseRequested': {
        const d = data as { licenseId: string; offerId: string };
        await tx.query(`INSERT INTO marketplace_sales (license_id, offer_id) VALUES ($1, $2) ON CONFLICT (license_id) DO NOTHING`, [d.licenseId, d.offerId]);
        return null;
      }
      case 'LicenseIssued': {
        const d = data as { licenseId: string };
        const { rows } = await tx.query<{ owner_id: string; offer_id: string }>(
          `WITH sale AS (UPDATE marketplace_sales SET issued = true WHERE license_id = $1 AND NOT issued RETURNING offer_id)
           UPDATE marketplace_offers o SET total_sales = o.total_sales + 1 FROM sale WHERE o.offer_id = sale.offer_id RETURNING o.owner_id::text AS owner_id, o.offer_id`,
          [d.licenseId],
        );
        return rows[0] ? readModelChange('licenses', recorded, rows[0].owner_id, rows[0].offer_id) : null;
      }
      case 'LicenseRated': {
        const d = data as { licenseId: string; rating: number };
        const { rows } = await tx.query<{ owner_id: string; offer_id: string }>(
          `WITH sale AS (UPDATE marketplace_sales SET rating = $2 WHERE license_id = $1 AND rating IS NULL RETURNING offer_id)
           UPDATE marketplace_offers o SET rating_count = o.rating_count + 1, rating_sum = o.rating_sum + $2 FROM sale WHERE o.offer_id = sale.offer_id
           RETURNING o.owner_id::text AS owner_id, o.offer_id`,
          [d.licenseId, d.rating],
        );
        return rows[0] ? readModelChange('licenses', recorded, rows[0].owner_id, rows[0].offer_id) : null;
      }
      case 'DisputeFiled': {
        const d = data as { disputeId: string; workId: string; kind: string };
        if (d.kind !== 'dispute') return null;
        const { rows } = await tx.query(
          `INSERT INTO marketplace_disputes (dispute_id, work_id, open, stream_version) VALUES ($1, $2, true, $3) ON CONFLICT DO NOTHING RETURNING work_id`,
          [d.disputeId, d.workId, recorded.streamVersion],
        );
        return rows.length > 0 ? refreshDisputes(tx, d.workId, undefined, recorded) : null;
      }
      case 'DisputeResolved':
      case 'DisputeAppealed':
      case 'DisputeClosed': {
        const d = data as { disputeId: string };
        const { rows } = await tx.query<{ work_id: string }>(
          `UPDATE marketplace_disputes SET open = $2, stream_version = $3 WHERE dispute_id = $1 AND stream_version < $3 RETURNING work_id`,
          [d.disputeId, recorded.type === 'DisputeAppealed', recorded.streamVersion],
        );
        return rows[0] ? refreshDisputes(tx, rows[0].work_id, undefined, recorded) : null;
      }
      default: {
        const unknown: never = recorded.type as never;
        throw new Error(`Unknown event for the licenses read model: ${String(unknown)}`);
      }
    }
  },
};

function offerColumns(offer: OfferDetails): unknown[] {
  return [
    offer.type, offer.scope, offer.territory, offer.duration, offer.currency, offer.priceCents, offer.originalPriceCents, offer.paymentOptions, JSON.stringify(offer.terms),
  ];
}

/** Copies the work's content type, genre and verification onto its offers (one offer when `offerId` is given). */
async function refreshWork(tx: Queryable, workId: string, offerId?: string): Promise<void> {
  await tx.query(
    `UPDATE marketplace_offers o SET content_type = w.content_type, genre = w.genre, ownership_verified = w.ownership_verified, rights_cleared = w.rights_cleared, oracle_score = w.oracle_score
     FROM marketplace_works w WHERE w.work_id = $1 AND o.work_id = w.work_id AND ($2::text IS NULL OR o.offer_id = $2)`,
    [workId, offerId ?? null],
  );
}

/** Copies the work's royalty contract (status, creator share, payouts, network) onto its offers. */
async function refreshContract(tx: Queryable, workId: string, offerId?: string): Promise<void> {
  await tx.query(
    `UPDATE marketplace_offers o SET contract_id = c.contract_id, contract_status = $3::jsonb ->> c.status, royalty_rate = c.royalty_rate,
       automatic_payouts = c.automatic_payouts, network = c.network
     FROM marketplace_contracts c WHERE c.content_id = $1 AND o.work_id = c.content_id AND ($2::text IS NULL OR o.offer_id = $2)`,
    [workId, offerId ?? null, JSON.stringify(CONTRACT_STATUS)],
  );
}

/** Counts the work's open disputes onto its offers; announces the change to the work's owner when `recorded` is given and an offer changed. */
async function refreshDisputes(tx: Queryable, workId: string, offerId?: string, recorded?: RecordedEvent): Promise<ReadModelChange | null> {
  const { rows } = await tx.query<{ owner_id: string }>(
    `UPDATE marketplace_offers o SET dispute_count = (SELECT count(*)::integer FROM marketplace_disputes d WHERE d.work_id = $1 AND d.open)
     WHERE o.work_id = $1 AND ($2::text IS NULL OR o.offer_id = $2) RETURNING o.owner_id::text AS owner_id`,
    [workId, offerId ?? null],
  );
  return recorded && rows[0] ? readModelChange('licenses', recorded, rows[0].owner_id, workId) : null;
}
