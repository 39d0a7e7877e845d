// The account_exports read model: one row per data export for the settings page (GET
// /api/account/exports): its status, steps done of the total and the last step's detail, and once
// ready the archive's stored name, size and counts. Changes are announced on the `account` read
// model to the export's owner. Each row records the version of its stream it has folded, so a
// replayed event changes nothing.
import { accountExportEventDefinitions, type AccountExportEvent } from '../../domain/account-data/account-export.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

export const accountExportsProjection: Projection = {
  name: 'account-exports',
  version: 1,
  tables: ['account_exports'],
  schema: `
    CREATE TABLE IF NOT EXISTS account_exports (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL,
      status text NOT NULL,
      steps_done integer NOT NULL,
      steps_total integer NOT NULL,
      last_step text,
      detail text,
      requested_at timestamptz NOT NULL,
      completed_at timestamptz,
      stored_name text,
      size_bytes bigint,
      sha256 text,
      event_count integer,
      document_count integer,
      failure_reason text,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS account_exports_owner_idx ON account_exports (owner_id, requested_at DESC);`,
  handles: new Set(accountExportEventDefinitions.map((definition) => definition.type)),
  async apply(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
    const event = { type: recorded.type, data: recorded.data } as AccountExportEvent;
    const version = recorded.streamVersion;
    if (event.type === 'AccountExportRequested') {
      const d = event.data;
      const { rows } = await tx.query<{ owner_id: string }>(
        `INSERT INTO account_exports (id, owner_id, status, steps_done, steps_total, requested_at, stream_version)
         VALUES ($1, $2, 'running', 0, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING owner_id::text`,
        [d.exportId, d.userId, d.stepsTotal, d.requestedAt, version],
      );
      return rows[0] ? readModelChange('account', recorded, rows[0].owner_id, d.exportId) : null;
    }
    const claim = (set: string, values: unknown[]) =>
      tx.query<{ owner_id: string }>(`UPDATE account_exports SET ${set}, stream_version = $2 WHERE id = $1 AND stream_version < $2 RETURNING owner_id::text`, [event.data.exportId, version, ...values]);
    let claimed: { rows: { owner_id: string }[] };
    switch (event.type) {
      case 'AccountExportProgressed':
        claimed = await claim('steps_done = greatest(steps_done, $3), last_step = $4, detail = $5', [event.data.stepsDone, event.data.step, event.data.detail]);
        break;
      case 'AccountExportCompleted': {
        const d = event.data;
        claimed = await claim(`status = 'ready', steps_done = steps_total, completed_at = $3, stored_name = $4, size_bytes = $5, sha256 = $6, event_count = $7, document_count = $8`, [
          d.completedAt, d.storedName, d.sizeBytes, d.sha256, d.eventCount, d.documentCount,
        ]);
        break;
      }
      case 'AccountExportFailed':
        claimed = await claim(`status = 'failed', failure_reason = $3, completed_at = $4`, [event.data.reason, event.data.failedAt]);
        break;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown account export event ${JSON.stringify(unknown)}`);
      }
    }
    const row = claimed.rows[0];
    return row ? readModelChange('account', recorded, row.owner_id, event.data.exportId) : null;
  },
};
