// The vault read model (spec 1 §3 "Vault content item"): one row per piece of content, with where
// its lifecycle workflow stands.
import type { z } from 'zod';
import { INTAKE_STEPS, lifecycleSteps } from '../../domain/track/lifecycle';
import { TrackFileStored, TrackIntakeFailed, TrackProbed, TrackUploadReceived } from '../../domain/track/track.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import type { Projection, ReadModelChange } from '../projection';

export const vaultProjection: Projection = {
  name: 'vault',
  version: 1,
  tables: ['vault_items'],
  schema: `
    CREATE TABLE IF NOT EXISTS vault_items (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      content_type text NOT NULL,
      status text NOT NULL,
      stage text NOT NULL,
      steps jsonb NOT NULL,
      failure_reason text,
      workflow_id text,
      original_name text NOT NULL,
      extension text NOT NULL,
      mime_type text NOT NULL,
      size bigint NOT NULL,
      genre text,
      royalty_split integer NOT NULL,
      stored_name text,
      sha256 text,
      format text,
      duration_seconds double precision,
      codec text,
      sample_rate integer,
      channels integer,
      bit_rate integer,
      xrpl_tx_hash text,
      copyright_checked boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS vault_items_owner_idx ON vault_items (owner_id, created_at DESC);`,
  handles: new Set([TrackUploadReceived.type, TrackFileStored.type, TrackProbed.type, TrackIntakeFailed.type]),
  async apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
    const trackId = (event.data as { trackId: string }).trackId;
    let updated: { owner_id: string }[];
    switch (event.type) {
      case TrackUploadReceived.type: {
        const d = event.data as z.output<typeof TrackUploadReceived.schema>;
        ({ rows: updated } = await tx.query<{ owner_id: string }>(
          `INSERT INTO vault_items (id, owner_id, title, description, content_type, status, stage, steps, workflow_id,
             original_name, extension, mime_type, size, genre, royalty_split, created_at, updated_at, stream_version)
           VALUES ($1, $2, $3, $4, $5, 'processing', 'intake', $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15)
           ON CONFLICT (id) DO NOTHING RETURNING owner_id::text AS owner_id`,
          [d.trackId, d.ownerId, d.title, d.description, d.contentType, JSON.stringify(lifecycleSteps(1)),
           event.metadata.workflowId, d.originalName, d.detectedExtension, d.detectedMimeType, d.size, d.genre,
           d.royaltySplit, event.recordedAt, event.streamVersion],
        ));
        break;
      }
      case TrackFileStored.type: {
        const d = event.data as z.output<typeof TrackFileStored.schema>;
        updated = await update(tx, event, `stored_name = $4, sha256 = $5, size = $6, steps = $7`, [
          d.storedName, d.sha256, d.size, JSON.stringify(lifecycleSteps(2)),
        ]);
        break;
      }
      case TrackProbed.type: {
        const d = event.data as z.output<typeof TrackProbed.schema>;
        updated = await update(
          tx,
          event,
          `format = $4, duration_seconds = $5, codec = $6, sample_rate = $7, channels = $8, bit_rate = $9,
           steps = $10, stage = 'master'`,
          [d.format, d.durationSeconds, d.codec, d.sampleRate, d.channels, d.bitRate,
           JSON.stringify(lifecycleSteps(INTAKE_STEPS.length))],
        );
        break;
      }
      case TrackIntakeFailed.type: {
        const d = event.data as z.output<typeof TrackIntakeFailed.schema>;
        const failedAt = Math.max(0, INTAKE_STEPS.indexOf(d.step as (typeof INTAKE_STEPS)[number]));
        updated = await update(tx, event, `status = 'failed', failure_reason = $4, steps = $5`, [
          d.reason, JSON.stringify(lifecycleSteps(failedAt, true)),
        ]);
        break;
      }
      default:
        return null;
    }
    if (updated.length === 0) return null;
    return {
      readModel: 'vault',
      ownerId: updated[0]!.owner_id,
      subjectId: trackId,
      streamId: event.streamId,
      eventType: event.type,
      workflowId: event.metadata.workflowId,
      recordedAt: event.recordedAt.toISOString(),
    };
  },
};

/** Applies an event to its row once: the stream version guard skips an event already applied. */
async function update(tx: Queryable, event: RecordedEvent, set: string, values: unknown[]): Promise<{ owner_id: string }[]> {
  const trackId = (event.data as { trackId: string }).trackId;
  const { rows } = await tx.query<{ owner_id: string }>(
    `UPDATE vault_items SET ${set}, updated_at = $2, stream_version = $3
     WHERE id = $1 AND stream_version < $3 RETURNING owner_id::text AS owner_id`,
    [trackId, event.recordedAt, event.streamVersion, ...values],
  );
  return rows;
}
