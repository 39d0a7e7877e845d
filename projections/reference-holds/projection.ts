// The reference-holds read model: one row per held upload and rights holder whose reference it
// matched (a review case of kind oracle_review with references), so a holder can list the holds on
// their references, release them or claim the work. Each row records the case stream version it has
// folded, so a replayed event changes nothing. Changes are announced as the disputes read model's to
// the holder, so the web's case queries refetch with it.
import { DisputeFiled, DisputeHoldClaimed, DisputeHoldReleased, DisputeResolved } from '../../domain/disputes/dispute.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

const HANDLES: ReadonlySet<string> = new Set([DisputeFiled.type, DisputeHoldReleased.type, DisputeHoldClaimed.type, DisputeResolved.type]);

async function applyOne(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange[]> {
  const version = recorded.streamVersion;
  let holders: string[] = [];
  switch (recorded.type) {
    case DisputeFiled.type: {
      const d = DisputeFiled.schema.parse(recorded.data);
      if (d.kind !== 'oracle_review' || d.references.length === 0) return [];
      for (const holderId of new Set(d.references.map((r) => r.holderId))) {
        const mine = d.references.filter((r) => r.holderId === holderId);
        const shown = mine.map(({ title, kind, similarity, upload, reference }) => ({ title, kind, similarity, upload, reference }));
        const { rows } = await tx.query<{ holder_id: string }>(
          `INSERT INTO reference_holds (dispute_id, holder_id, holder_name, track_id, track_title, uploader_name, check_id, matches, held_at, stream_version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10) ON CONFLICT (dispute_id, holder_id) DO NOTHING RETURNING holder_id::text`,
          [d.disputeId, holderId, mine[0]!.holderName, d.workId, d.workTitle, d.ownerName, d.checkId, JSON.stringify(shown), d.filedAt, version],
        );
        holders.push(...rows.map((r) => r.holder_id));
      }
      break;
    }
    case DisputeHoldReleased.type: {
      const d = DisputeHoldReleased.schema.parse(recorded.data);
      holders = await update(tx, `released_at = $4`, d.disputeId, version, [d.releasedAt], d.by.userId);
      break;
    }
    case DisputeHoldClaimed.type: {
      const d = DisputeHoldClaimed.schema.parse(recorded.data);
      holders = await update(tx, `claimed_at = $4`, d.disputeId, version, [d.claimedAt], d.by.userId);
      break;
    }
    case DisputeResolved.type: {
      const d = DisputeResolved.schema.parse(recorded.data);
      holders = await update(tx, `outcome = $4, decided_at = $5, decided_by_name = $6`, d.disputeId, version, [d.outcome, d.resolvedAt, d.by.name], null);
      break;
    }
    default:
      return [];
  }
  const disputeId = (recorded.data as { disputeId: string }).disputeId;
  return holders.map((holderId) => readModelChange('disputes', recorded, holderId, disputeId));
}

/** Folds an event into the case's rows (one holder's, or every holder's when `holderId` is null) once; `set` uses $4…. */
async function update(tx: Queryable, set: string, disputeId: string, version: number, values: unknown[], holderId: string | null): Promise<string[]> {
  const { rows } = await tx.query<{ holder_id: string }>(
    `UPDATE reference_holds SET ${set}, stream_version = $2 WHERE dispute_id = $1 AND stream_version < $2 AND ($3::uuid IS NULL OR holder_id = $3::uuid) RETURNING holder_id::text`,
    [disputeId, version, holderId, ...values],
  );
  return rows.map((r) => r.holder_id);
}

export const referenceHoldsProjection: Projection = {
  name: 'reference-holds',
  version: 1,
  tables: ['reference_holds'],
  schema: `
    CREATE TABLE IF NOT EXISTS reference_holds (
      dispute_id text NOT NULL,
      holder_id uuid NOT NULL,
      holder_name text NOT NULL,
      track_id text NOT NULL,
      track_title text NOT NULL,
      uploader_name text NOT NULL,
      check_id text,
      matches jsonb NOT NULL,
      held_at timestamptz NOT NULL,
      released_at timestamptz,
      claimed_at timestamptz,
      outcome text,
      decided_at timestamptz,
      decided_by_name text,
      stream_version integer NOT NULL,
      PRIMARY KEY (dispute_id, holder_id)
    );
    CREATE INDEX IF NOT EXISTS reference_holds_holder_idx ON reference_holds (holder_id, held_at DESC);`,
  handles: HANDLES,
  async apply(tx, event) {
    return (await applyOne(tx, event))[0] ?? null;
  },
  async applyAll(tx, events) {
    const changes: ReadModelChange[] = [];
    for (const event of events) changes.push(...(await applyOne(tx, event)));
    return changes;
  },
};
