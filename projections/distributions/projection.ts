// The distributions read model: one row per release (distributions: the form, its UPC and ISRC,
// the status the creator sees, the distributor's notice, the renewal date) and one per store it
// was sent to (distribution_stores). A release's status is its stores' states summed up: pending
// until delivered, then uploaded, distributed once any store is live, failed when every store
// failed (or a step failed), taken_down at the end. Each row keeps the stream version it folded,
// so an event applied twice changes nothing. A release whose delivery partner cannot be reached
// keeps since when and why (the creator is told it waits; /operations lists it with a Retry).
import type { z } from 'zod';
import {
  RELEASE_EVENT_TYPES,
  ReleaseDelivered,
  ReleaseDeliveryWaiting,
  ReleaseFailed,
  ReleaseFeeCharged,
  ReleaseIdentifiersAssigned,
  ReleaseIdentifiersReserved,
  ReleaseLapsed,
  ReleaseRequested,
  ReleaseStoreStateChanged,
  ReleaseTakenDown,
} from '../../domain/distribution/release.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

type Data<D extends { schema: z.ZodType }> = z.output<D['schema']>;

const HANDLED = new Set([...RELEASE_EVENT_TYPES].filter((type) => type !== ReleaseIdentifiersReserved.type));

/** The status from the stores' states, for a delivered release that has not ended. */
const DERIVED_STATUS = `
  CASE
    WHEN EXISTS (SELECT 1 FROM distribution_stores s WHERE s.distribution_id = $1 AND s.state = 'distributed') THEN 'distributed'
    WHEN NOT EXISTS (SELECT 1 FROM distribution_stores s WHERE s.distribution_id = $1 AND s.state <> 'failed') THEN 'failed'
    ELSE 'uploaded'
  END`;

export const distributionsProjection: Projection = {
  name: 'distributions',
  version: 3,
  tables: ['distribution_stores', 'distributions'],
  schema: `
    CREATE TABLE IF NOT EXISTS distributions (
      id uuid PRIMARY KEY,
      content_id uuid NOT NULL,
      owner_id uuid NOT NULL,
      song_name text NOT NULL,
      artist_name text NOT NULL,
      album_name text NOT NULL,
      primary_genre text NOT NULL,
      secondary_genre text,
      label_name text NOT NULL,
      release_date text NOT NULL,
      sale_date text NOT NULL,
      parental_advisory boolean NOT NULL,
      royalty_split integer NOT NULL,
      selected_stores jsonb NOT NULL,
      credits jsonb NOT NULL DEFAULT '[]',
      cover_art jsonb,
      isrc text,
      upc text,
      status text NOT NULL,
      delivered boolean NOT NULL DEFAULT false,
      failure_reason text,
      distributor text,
      notice text,
      waiting_since timestamptz,
      waiting_reason text,
      renews_at timestamptz,
      taken_down_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS distributions_owner ON distributions (owner_id, created_at DESC);
    CREATE INDEX IF NOT EXISTS distributions_content ON distributions (content_id);
    CREATE INDEX IF NOT EXISTS distributions_isrc ON distributions (isrc);
    CREATE INDEX IF NOT EXISTS distributions_upc ON distributions (upc);
    CREATE INDEX IF NOT EXISTS distributions_waiting ON distributions (waiting_since) WHERE waiting_since IS NOT NULL;
    CREATE TABLE IF NOT EXISTS distribution_stores (
      distribution_id uuid NOT NULL,
      store_id text NOT NULL,
      state text NOT NULL,
      reason text,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (distribution_id, store_id)
    );`,
  handles: HANDLED,
  async apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
    const distributionId = (event.data as { distributionId: string }).distributionId;
    const at = event.recordedAt;
    let ownerId: string | null = null;

    if (event.type === ReleaseRequested.type) {
      const { contentId, ownerId: owner, form } = event.data as Data<typeof ReleaseRequested>;
      const { rows } = await tx.query<{ owner_id: string }>(
        `INSERT INTO distributions (id, content_id, owner_id, song_name, artist_name, album_name, primary_genre, secondary_genre, label_name, release_date, sale_date,
           parental_advisory, royalty_split, selected_stores, credits, cover_art, status, created_at, updated_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $17, $18, 'pending', $15, $15, $16)
         ON CONFLICT (id) DO NOTHING RETURNING owner_id::text`,
        [distributionId, contentId, owner, form.songName, form.artistName, form.albumName, form.primaryGenre, form.secondaryGenre, form.labelName, form.releaseDate, form.saleDate,
          form.parentalAdvisory, form.royaltySplit, JSON.stringify(form.selectedStores), at, event.streamVersion,
          JSON.stringify(form.credits ?? []), form.coverArt ? JSON.stringify({ mimeType: form.coverArt.mimeType, width: form.coverArt.width, height: form.coverArt.height }) : null],
      );
      if (rows.length === 0) return null;
      for (const store of form.selectedStores) {
        await tx.query(`INSERT INTO distribution_stores (distribution_id, store_id, state, reason, updated_at) VALUES ($1, $2, 'pending', NULL, $3) ON CONFLICT DO NOTHING`, [distributionId, store, at]);
      }
      ownerId = owner;
    } else {
      // Claims the event: only a row that has not folded it yet moves on (and says whose it is).
      const { rows } = await tx.query<{ owner_id: string }>(
        `UPDATE distributions SET stream_version = $2, updated_at = $3 WHERE id = $1 AND stream_version < $2 RETURNING owner_id::text`,
        [distributionId, event.streamVersion, at],
      );
      if (rows.length === 0) return null;
      ownerId = rows[0]!.owner_id;
      await applyChange(tx, event, distributionId);
    }
    return readModelChange('distributions', event, ownerId, distributionId);
  },
};

async function applyChange(tx: Queryable, event: RecordedEvent, id: string): Promise<void> {
  switch (event.type) {
    case ReleaseIdentifiersAssigned.type: {
      const { upc, isrc } = event.data as Data<typeof ReleaseIdentifiersAssigned>;
      await tx.query('UPDATE distributions SET upc = $2, isrc = $3 WHERE id = $1', [id, upc, isrc]);
      return;
    }
    case ReleaseFeeCharged.type: {
      const { paidThrough } = event.data as Data<typeof ReleaseFeeCharged>;
      await tx.query('UPDATE distributions SET renews_at = $2 WHERE id = $1 AND taken_down_at IS NULL', [id, paidThrough]);
      return;
    }
    case ReleaseDelivered.type: {
      const { distributor, notice } = event.data as Data<typeof ReleaseDelivered>;
      await tx.query(`UPDATE distributions SET delivered = true, distributor = $2, notice = $3, waiting_since = NULL, waiting_reason = NULL, status = ${DERIVED_STATUS} WHERE id = $1 AND status NOT IN ('failed', 'taken_down')`, [id, distributor, notice]);
      return;
    }
    case ReleaseDeliveryWaiting.type: {
      const { reason, since } = event.data as Data<typeof ReleaseDeliveryWaiting>;
      await tx.query(`UPDATE distributions SET waiting_since = $2, waiting_reason = $3 WHERE id = $1 AND NOT delivered AND status NOT IN ('failed', 'taken_down')`, [id, since, reason]);
      return;
    }
    case ReleaseStoreStateChanged.type: {
      const { storeId, state, reason, at } = event.data as Data<typeof ReleaseStoreStateChanged>;
      await tx.query('UPDATE distribution_stores SET state = $3, reason = $4, updated_at = $5 WHERE distribution_id = $1 AND store_id = $2', [id, storeId, state, reason, at]);
      await tx.query(`UPDATE distributions SET status = ${DERIVED_STATUS} WHERE id = $1 AND delivered AND status NOT IN ('taken_down')`, [id]);
      return;
    }
    case ReleaseFailed.type: {
      const { reason } = event.data as Data<typeof ReleaseFailed>;
      await tx.query(`UPDATE distributions SET status = 'failed', failure_reason = $2, renews_at = NULL, waiting_since = NULL, waiting_reason = NULL WHERE id = $1`, [id, reason]);
      return;
    }
    case ReleaseLapsed.type: {
      const { reason } = event.data as Data<typeof ReleaseLapsed>;
      await tx.query('UPDATE distributions SET failure_reason = $2 WHERE id = $1', [id, reason]);
      return;
    }
    case ReleaseTakenDown.type: {
      const { at } = event.data as Data<typeof ReleaseTakenDown>;
      await tx.query(`UPDATE distributions SET status = 'taken_down', taken_down_at = $2, renews_at = NULL, waiting_since = NULL, waiting_reason = NULL WHERE id = $1`, [id, at]);
      return;
    }
    default:
      // ReleasePackageBuilt, ReleasePackageValidated, ReleaseTakedownRequested: only the version moves.
      return;
  }
}
