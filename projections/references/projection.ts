// The references read models: `reference_deliveries`, one row per delivery of reference recordings
// (its way, progress and counts), and `reference_recordings`, one row per delivered recording (its
// metadata, whether it is indexed, failed or removed, the registered works it matched). Both are
// the holder's alone; changes are announced on the `references` read model to the holder. The
// delivery row records the version of its stream it has folded, so a replayed event changes nothing.
import { referenceDeliveryEventDefinitions, type ReferenceDeliveryEvent } from '../../domain/references/reference-delivery.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

export const referencesProjection: Projection = {
  name: 'references',
  version: 1,
  tables: ['reference_deliveries', 'reference_recordings'],
  schema: `
    CREATE TABLE IF NOT EXISTS reference_deliveries (
      id uuid PRIMARY KEY,
      holder_id uuid NOT NULL,
      via text NOT NULL,
      folder text,
      status text NOT NULL,
      total integer NOT NULL,
      indexed integer NOT NULL DEFAULT 0,
      failed integer NOT NULL DEFAULT 0,
      received_at timestamptz NOT NULL,
      completed_at timestamptz,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS reference_deliveries_holder_idx ON reference_deliveries (holder_id, received_at DESC);
    CREATE TABLE IF NOT EXISTS reference_recordings (
      reference_id uuid PRIMARY KEY,
      delivery_id uuid NOT NULL,
      holder_id uuid NOT NULL,
      position integer NOT NULL,
      file text NOT NULL,
      stored_name text NOT NULL,
      title text NOT NULL,
      artist text NOT NULL,
      isrc text NOT NULL,
      owner text NOT NULL,
      territories jsonb NOT NULL,
      status text NOT NULL,
      reason text,
      duration_seconds double precision,
      work_matches jsonb NOT NULL DEFAULT '[]'::jsonb,
      case_note text,
      indexed_at timestamptz
    );
    CREATE INDEX IF NOT EXISTS reference_recordings_delivery_idx ON reference_recordings (delivery_id, position);
    CREATE INDEX IF NOT EXISTS reference_recordings_holder_idx ON reference_recordings (holder_id, status, indexed_at DESC);`,
  handles: new Set(referenceDeliveryEventDefinitions.map((definition) => definition.type)),
  async apply(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
    const event = { type: recorded.type, data: recorded.data } as ReferenceDeliveryEvent;
    const version = recorded.streamVersion;
    if (event.type === 'ReferenceDeliveryReceived') {
      const d = event.data;
      const { rows } = await tx.query<{ holder_id: string }>(
        `INSERT INTO reference_deliveries (id, holder_id, via, folder, status, total, received_at, stream_version)
         VALUES ($1, $2, $3, $4, 'running', $5, $6, $7) ON CONFLICT (id) DO NOTHING RETURNING holder_id::text`,
        [d.deliveryId, d.holderId, d.via, d.folder, d.recordings.length, d.receivedAt, version],
      );
      if (!rows[0]) return null;
      for (const [position, r] of d.recordings.entries()) {
        await tx.query(
          `INSERT INTO reference_recordings (reference_id, delivery_id, holder_id, position, file, stored_name, title, artist, isrc, owner, territories, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, 'pending')`,
          [r.referenceId, d.deliveryId, d.holderId, position, r.file, r.storedName, r.title, r.artist, r.isrc, r.owner, JSON.stringify(r.territories)],
        );
      }
      return readModelChange('references', recorded, rows[0].holder_id, d.deliveryId);
    }
    // The delivery row claims the event first: a replayed event finds it claimed and changes nothing.
    const claim = (set: string, values: unknown[]) =>
      tx.query<{ holder_id: string }>(`UPDATE reference_deliveries SET ${set}${set ? ', ' : ''}stream_version = $2 WHERE id = $1 AND stream_version < $2 RETURNING holder_id::text`, [event.data.deliveryId, version, ...values]);
    let claimed: { rows: { holder_id: string }[] };
    switch (event.type) {
      case 'ReferenceRecordingIndexed': {
        const d = event.data;
        claimed = await claim('indexed = indexed + 1', []);
        if (claimed.rows[0]) {
          await tx.query(`UPDATE reference_recordings SET status = 'indexed', duration_seconds = $2, work_matches = $3::jsonb, case_note = $4, indexed_at = $5 WHERE reference_id = $1`, [
            d.referenceId, d.durationSeconds, JSON.stringify(d.workMatches), d.caseNote, d.indexedAt,
          ]);
        }
        break;
      }
      case 'ReferenceRecordingFailed':
        claimed = await claim('failed = failed + 1', []);
        if (claimed.rows[0]) await tx.query(`UPDATE reference_recordings SET status = 'failed', reason = $2 WHERE reference_id = $1`, [event.data.referenceId, event.data.reason]);
        break;
      case 'ReferenceDeliveryCompleted':
        claimed = await claim(`status = 'completed', completed_at = $3, indexed = $4, failed = $5`, [event.data.completedAt, event.data.indexed, event.data.failed]);
        break;
      case 'ReferenceRemoved':
        claimed = await claim('', []);
        if (claimed.rows[0]) await tx.query(`UPDATE reference_recordings SET status = 'removed' WHERE reference_id = $1`, [event.data.referenceId]);
        break;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown reference delivery event ${JSON.stringify(unknown)}`);
      }
    }
    const row = claimed.rows[0];
    return row ? readModelChange('references', recorded, row.holder_id, event.data.deliveryId) : null;
  },
};
