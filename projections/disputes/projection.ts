// The disputes read model: one row per case with the columns the list, its filters
// and its summary cards need, and a row per piece of evidence and per message. Each case row records
// the dispute stream version it has folded, so a replayed event changes nothing; the claimant, the
// respondent and the assigned reviewer are each told of every change.
import { disputeEventDefinitions } from '../../domain/disputes/dispute.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

type DisputeEvent = ReturnType<(typeof disputeEventDefinitions)[number]['create']>;

const HANDLES: ReadonlySet<string> = new Set(disputeEventDefinitions.map((d) => d.type));

interface Parties {
  claimant_id: string | null;
  owner_id: string;
  assigned_to_id: string | null;
}

const RETURNING = 'RETURNING claimant_id::text, owner_id::text, assigned_to_id::text';

async function applyOne(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange[]> {
  const event = { type: recorded.type, data: recorded.data } as DisputeEvent;
  const version = recorded.streamVersion;
  const disputeId = event.data.disputeId;
  let rows: Parties[];
  if (event.type === 'DisputeFiled') {
    const d = event.data;
    ({ rows } = await tx.query<Parties>(
      `INSERT INTO disputes (id, kind, work_id, work_title, owner_id, owner_name, claimant_id, claimant_name, dispute_type, priority, subject, description,
         claimed_rights, estimated_value_cents, check_id, status, created_at, updated_at, answer_due_at, stream_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'open', $16, $16, $17, $18)
       ON CONFLICT (id) DO NOTHING ${RETURNING}`,
      [d.disputeId, d.kind, d.workId, d.workTitle, d.ownerId, d.ownerName, d.claimant.userId, d.claimant.name, d.disputeType, d.priority, d.subject, d.description,
        d.claimedRights, d.estimatedValueCents, d.checkId, d.filedAt, d.answerDueAt, version],
    ));
  } else {
    /** Folds the event into the case row once; `set` may use $3… for `values`. */
    const claim = (set: string, at: string, values: unknown[] = []) =>
      tx.query<Parties>(
        `UPDATE disputes SET ${set ? `${set}, ` : ''}updated_at = GREATEST(updated_at, $3::timestamptz), stream_version = $2
         WHERE id = $1 AND stream_version < $2 ${RETURNING}`,
        [disputeId, version, at, ...values],
      );
    switch (event.type) {
      case 'DisputeAssetsFrozen':
        ({ rows } = await claim(`payouts_frozen = $4, licensing_frozen = $5`, event.data.frozenAt, [event.data.payoutsFrozen, event.data.licensingFrozen]));
        break;
      case 'DisputeAssetsUnfrozen':
        ({ rows } = await claim(`payouts_frozen = false, licensing_frozen = false`, event.data.unfrozenAt));
        break;
      case 'DisputeOwnerNotified':
        ({ rows } = await claim(`owner_notified_via = $4`, event.data.notifiedAt, [event.data.channel]));
        break;
      case 'DisputeAnswered':
        ({ rows } = await claim(`status = 'investigating', answered_at = $3, answer_by_name = $4, answer_message = $5`, event.data.answeredAt, [event.data.by.name, event.data.message]));
        break;
      case 'DisputeAssigned':
        ({ rows } = await claim(`assigned_to_id = $4, assigned_to_name = $5`, event.data.assignedAt, [event.data.reviewer.userId, event.data.reviewer.name]));
        break;
      case 'DisputeStatusChanged':
        ({ rows } = await claim(
          `status = $4, evidence_due_at = CASE WHEN $4 = 'pending_evidence' THEN evidence_due_at ELSE NULL END`,
          event.data.changedAt,
          [event.data.to],
        ));
        break;
      case 'DisputeEvidenceRequested':
        ({ rows } = await claim(`status = 'pending_evidence', evidence_due_at = $4, evidence_from = $5`, event.data.requestedAt, [event.data.dueAt, event.data.from]));
        break;
      case 'DisputeEvidenceAdded': {
        const d = event.data;
        ({ rows } = await claim('', d.addedAt));
        if (rows[0]) {
          await tx.query(
            `INSERT INTO dispute_evidence (id, dispute_id, submitted_by_id, submitted_by_name, party, type, description, filename, mime_type, size, sha256, stored_name, uploaded_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (dispute_id, id) DO NOTHING`,
            [d.evidenceId, d.disputeId, d.by.userId, d.by.name, d.party, d.type, d.description, d.file?.filename ?? null, d.file?.mimeType ?? null, d.file?.size ?? 0,
              d.file?.sha256 ?? null, d.file?.storedName ?? null, d.addedAt],
          );
        }
        break;
      }
      case 'DisputeMessagePosted': {
        const d = event.data;
        ({ rows } = await claim('', d.postedAt));
        if (rows[0]) {
          await tx.query(
            `INSERT INTO dispute_messages (id, dispute_id, sender_id, sender_name, sender_type, message, posted_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (dispute_id, id) DO NOTHING`,
            [d.messageId, d.disputeId, d.sender.userId, d.sender.name, d.senderType, d.message, d.postedAt],
          );
        }
        break;
      }
      case 'DisputeDeadlinePassed':
        // The consequence (a default resolution, the case closing) arrives as its own event; here the deadline stops counting down.
        ({ rows } = await claim(
          event.data.kind === 'response'
            ? `answer_due_at = NULL`
            : event.data.kind === 'evidence'
              ? `evidence_due_at = NULL, status = CASE WHEN status = 'pending_evidence' THEN 'under_review' ELSE status END`
              : `appeal_until = NULL`,
          event.data.passedAt,
        ));
        break;
      case 'DisputeResolved': {
        const d = event.data;
        ({ rows } = await claim(
          `status = $4, outcome = $5, resolution_details = $6, compensation_cents = $7, compensation_paid_cents = NULL, compensation_note = NULL,
           resolved_at = $3, resolved_by_name = $8, by_default = $9, appeal_until = $10, answer_due_at = NULL, evidence_due_at = NULL`,
          d.resolvedAt,
          [d.outcome === 'dismissed' ? 'dismissed' : 'resolved', d.outcome, d.details, d.compensationCents, d.by.name, d.byDefault, d.appealUntil],
        ));
        break;
      }
      case 'DisputeCompensationPaid':
        ({ rows } = await claim(`compensation_paid_cents = $4, compensation_note = $5`, event.data.paidAt, [event.data.paidCents, event.data.note]));
        break;
      case 'DisputeAppealed':
        ({ rows } = await claim(
          `status = 'escalated', appealed_at = $3, appeal_by_name = $4, appeal_reason = $5, appeal_until = NULL`,
          event.data.appealedAt,
          [event.data.by.name, event.data.reason],
        ));
        break;
      case 'DisputeClosed':
        ({ rows } = await claim(`closed_at = $3, appeal_until = NULL`, event.data.closedAt));
        break;
      case 'DisputeHoldReleased':
        // The release is the reference-holds model's business; a release that decides the case arrives as DisputeResolved.
        ({ rows } = await claim('', event.data.releasedAt));
        break;
      case 'DisputeHoldClaimed':
        // The holder who claims the work becomes the claimant: the case is theirs to follow from now on.
        ({ rows } = await claim(`claimant_id = $4, claimant_name = $5`, event.data.claimedAt, [event.data.by.userId, event.data.by.name]));
        break;
      case 'DisputeDeadlineReminded':
        // The reminder is the notifications' business; the case row only keeps its place in the stream.
        ({ rows } = await claim('', event.data.remindedAt));
        break;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown dispute event ${JSON.stringify(unknown)}`);
      }
    }
  }
  const row = rows[0];
  if (!row) return [];
  const told = new Set([row.claimant_id, row.owner_id, row.assigned_to_id].filter((id): id is string => id !== null));
  return [...told].map((ownerId) => readModelChange('disputes', recorded, ownerId, disputeId));
}

export const disputesProjection: Projection = {
  name: 'disputes',
  version: 2,
  tables: ['dispute_messages', 'dispute_evidence', 'disputes'],
  schema: `
    CREATE TABLE IF NOT EXISTS disputes (
      id text PRIMARY KEY,
      kind text NOT NULL,
      work_id text NOT NULL,
      work_title text NOT NULL,
      owner_id uuid NOT NULL,
      owner_name text NOT NULL,
      claimant_id uuid,
      claimant_name text NOT NULL,
      dispute_type text NOT NULL,
      priority text NOT NULL,
      subject text NOT NULL,
      description text NOT NULL,
      claimed_rights text[] NOT NULL,
      estimated_value_cents bigint NOT NULL,
      check_id text,
      status text NOT NULL,
      assigned_to_id uuid,
      assigned_to_name text,
      payouts_frozen boolean NOT NULL DEFAULT false,
      licensing_frozen boolean NOT NULL DEFAULT false,
      owner_notified_via text,
      answer_due_at timestamptz,
      answered_at timestamptz,
      answer_by_name text,
      answer_message text,
      evidence_due_at timestamptz,
      evidence_from text,
      outcome text,
      resolution_details text,
      compensation_cents bigint,
      compensation_paid_cents bigint,
      compensation_note text,
      resolved_at timestamptz,
      resolved_by_name text,
      by_default boolean,
      appeal_until timestamptz,
      appealed_at timestamptz,
      appeal_by_name text,
      appeal_reason text,
      closed_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS disputes_claimant_idx ON disputes (claimant_id, created_at DESC);
    CREATE INDEX IF NOT EXISTS disputes_owner_idx ON disputes (owner_id, created_at DESC);
    CREATE INDEX IF NOT EXISTS disputes_work_idx ON disputes (work_id);
    CREATE INDEX IF NOT EXISTS disputes_created_idx ON disputes (created_at DESC, id);
    CREATE TABLE IF NOT EXISTS dispute_evidence (
      id text NOT NULL,
      dispute_id text NOT NULL,
      submitted_by_id uuid,
      submitted_by_name text NOT NULL,
      party text NOT NULL,
      type text NOT NULL,
      description text,
      filename text,
      mime_type text,
      size bigint NOT NULL,
      sha256 text,
      stored_name text,
      uploaded_at timestamptz NOT NULL,
      PRIMARY KEY (dispute_id, id)
    );
    CREATE TABLE IF NOT EXISTS dispute_messages (
      id text NOT NULL,
      dispute_id text NOT NULL,
      sender_id uuid,
      sender_name text NOT NULL,
      sender_type text NOT NULL,
      message text NOT NULL,
      posted_at timestamptz NOT NULL,
      PRIMARY KEY (dispute_id, id)
    );`,
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
