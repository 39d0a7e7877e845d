// Reads of the disputes model: one case with its evidence and messages, the cases a viewer may see
// (their own as a party; every case for reviewers and auditors) with the list's filters, and the
// summary counts of the cards. The viewer's relation and allowed actions are added by the API.
import type { Dispute } from '../../domain/contracts/disputes';
import type { OpenCaseOf } from '../../domain/disputes/ports';
import type { Queryable } from '../../infra/db/db';

/** A case as stored, with the ids the API decides visibility by. */
export interface StoredDispute extends Omit<Dispute, 'viewer' | 'evidence' | 'references'> {
  claimantId: string | null;
  ownerId: string;
  assignedToId: string | null;
  checkId: string | null;
  closedAt: string | null;
  evidence: { documents: StoredEvidence[] };
}

export interface StoredEvidence extends Omit<Dispute['evidence']['documents'][number], 'downloadable'> {
  storedName: string | null;
}

interface Row {
  id: string;
  kind: Dispute['kind'];
  work_id: string;
  work_title: string;
  owner_id: string;
  owner_name: string;
  claimant_id: string | null;
  claimant_name: string;
  dispute_type: Dispute['disputeType'];
  priority: Dispute['priority'];
  subject: string;
  description: string;
  claimed_rights: Dispute['claimedRights'];
  estimated_value_cents: string | number;
  check_id: string | null;
  status: Dispute['status'];
  assigned_to_id: string | null;
  assigned_to_name: string | null;
  payouts_frozen: boolean;
  licensing_frozen: boolean;
  answer_due_at: Date | string | null;
  answered_at: Date | string | null;
  answer_by_name: string | null;
  answer_message: string | null;
  evidence_due_at: Date | string | null;
  evidence_from: 'claimant' | 'respondent' | 'both' | null;
  outcome: NonNullable<Dispute['resolution']>['outcome'] | null;
  resolution_details: string | null;
  compensation_cents: string | number | null;
  compensation_paid_cents: string | number | null;
  compensation_note: string | null;
  resolved_at: Date | string | null;
  resolved_by_name: string | null;
  by_default: boolean | null;
  appeal_until: Date | string | null;
  appealed_at: Date | string | null;
  appeal_by_name: string | null;
  appeal_reason: string | null;
  closed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface EvidenceRow {
  id: string;
  dispute_id: string;
  submitted_by_name: string;
  party: StoredEvidence['party'];
  type: StoredEvidence['type'];
  description: string | null;
  filename: string | null;
  mime_type: string | null;
  size: string | number;
  sha256: string | null;
  stored_name: string | null;
  uploaded_at: Date | string;
}

interface MessageRow {
  id: string;
  dispute_id: string;
  sender_name: string;
  sender_type: Dispute['messages'][number]['senderType'];
  message: string;
  posted_at: Date | string;
}

const SELECT = `SELECT d.*, d.owner_id::text AS owner_id, d.claimant_id::text AS claimant_id, d.assigned_to_id::text AS assigned_to_id FROM disputes d`;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const dollars = (cents: string | number) => Number(cents) / 100;

const CONSEQUENCE = {
  response: 'Unanswered by then, the claim is resolved by default for the claimant',
  evidence: 'Afterwards the case returns to review with the evidence at hand',
  appeal: 'Afterwards the resolution is final and the case closes',
} as const;

function deadlinesOf(row: Row): Dispute['deadlines'] {
  const deadlines: Dispute['deadlines'] = [];
  if (row.answer_due_at !== null && row.answered_at === null && row.resolved_at === null) {
    deadlines.push({ kind: 'response', party: 'respondent', dueAt: iso(row.answer_due_at), consequence: CONSEQUENCE.response });
  }
  if (row.evidence_due_at !== null && row.status === 'pending_evidence') {
    deadlines.push({ kind: 'evidence', party: row.evidence_from ?? 'both', dueAt: iso(row.evidence_due_at), consequence: CONSEQUENCE.evidence });
  }
  if (row.appeal_until !== null && row.appealed_at === null && row.closed_at === null) {
    deadlines.push({ kind: 'appeal', party: 'either', dueAt: iso(row.appeal_until), consequence: CONSEQUENCE.appeal });
  }
  return deadlines;
}

function resolutionOf(row: Row): Dispute['resolution'] {
  if (row.outcome === null || row.resolved_at === null) return null;
  const decided = Number(row.compensation_cents ?? 0);
  const paid = row.compensation_paid_cents === null ? null : Number(row.compensation_paid_cents);
  const pendingNote = decided > 0 && paid === null ? `Compensation of $${dollars(decided).toFixed(2)} decided; not moved yet` : null;
  return {
    outcome: row.outcome,
    details: row.resolution_details ?? '',
    compensationAmount: paid === null ? null : dollars(paid),
    compensationNote: row.compensation_note ?? pendingNote,
    resolvedAt: iso(row.resolved_at),
    resolvedByName: row.resolved_by_name ?? 'unknown',
    byDefault: row.by_default ?? false,
    appealUntil: isoOrNull(row.appeal_until),
  };
}

function toEvidence(row: EvidenceRow): StoredEvidence {
  return {
    id: row.id,
    filename: row.filename ?? '(note, no file)',
    type: row.type,
    size: Number(row.size),
    mimeType: row.mime_type,
    sha256: row.sha256,
    uploadedAt: iso(row.uploaded_at),
    description: row.description,
    submittedByName: row.submitted_by_name,
    party: row.party,
    storedName: row.stored_name,
  };
}

function toDispute(row: Row, evidence: EvidenceRow[], messages: MessageRow[]): StoredDispute {
  return {
    id: row.id,
    kind: row.kind,
    workId: row.work_id,
    workTitle: row.work_title,
    disputeType: row.dispute_type,
    priority: row.priority,
    subject: row.subject,
    description: row.description,
    status: row.status,
    claimedRights: row.claimed_rights,
    claimantName: row.claimant_name,
    respondentName: row.owner_name,
    assignedToName: row.assigned_to_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    frozenAssets: { payoutsFreeze: row.payouts_frozen, licensingFreeze: row.licensing_frozen, estimatedValue: dollars(row.estimated_value_cents) },
    evidence: { documents: evidence.map(toEvidence) },
    messages: messages.map((m) => ({ id: m.id, senderName: m.sender_name, senderType: m.sender_type, timestamp: iso(m.posted_at), message: m.message })),
    resolution: resolutionOf(row),
    appeal: row.appealed_at === null ? null : { appealedAt: iso(row.appealed_at), byName: row.appeal_by_name ?? 'unknown', reason: row.appeal_reason ?? '' },
    answer: row.answered_at === null ? null : { answeredAt: iso(row.answered_at), byName: row.answer_by_name ?? row.owner_name, message: row.answer_message ?? '' },
    deadlines: deadlinesOf(row),
    claimantId: row.claimant_id,
    ownerId: row.owner_id,
    assignedToId: row.assigned_to_id,
    checkId: row.check_id,
    closedAt: isoOrNull(row.closed_at),
  };
}

async function withChildren(db: Queryable, rows: Row[]): Promise<StoredDispute[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [evidence, messages] = await Promise.all([
    db.query<EvidenceRow>(`SELECT * FROM dispute_evidence WHERE dispute_id = ANY($1::text[]) ORDER BY uploaded_at, id`, [ids]),
    db.query<MessageRow>(`SELECT * FROM dispute_messages WHERE dispute_id = ANY($1::text[]) ORDER BY posted_at, id`, [ids]),
  ]);
  return rows.map((row) =>
    toDispute(
      row,
      evidence.rows.filter((e) => e.dispute_id === row.id),
      messages.rows.filter((m) => m.dispute_id === row.id),
    ),
  );
}

export async function findDispute(db: Queryable, disputeId: string): Promise<StoredDispute | null> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE d.id = $1`, [disputeId]);
  return (await withChildren(db, rows))[0] ?? null;
}

export interface DisputeFilter {
  status?: Dispute['status'];
  disputeType?: Dispute['disputeType'];
  priority?: Dispute['priority'];
  kind?: Dispute['kind'];
  assignedTo: 'all' | 'unassigned' | 'me';
  workId?: string;
  limit: number;
  offset: number;
}

/** Whose cases: `everyone` for reviewers and auditors, else the cases `userId` is a party of. */
export type DisputeScope = { everyone: true; userId: string } | { everyone: false; userId: string };

export interface DisputeList {
  disputes: StoredDispute[];
  total: number;
  summary: { byStatus: Record<string, number>; byType: Record<string, number>; byPriority: Record<string, number> };
}

/** The cases in scope matching the filter, newest first; the summary counts every case in scope, whatever the filter. */
export async function listDisputes(db: Queryable, scope: DisputeScope, filter: DisputeFilter): Promise<DisputeList> {
  const params: unknown[] = [scope.userId];
  const scoped = scope.everyone ? '$1::uuid IS NOT NULL' : '(d.claimant_id = $1::uuid OR d.owner_id = $1::uuid)';
  const where = [scoped];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (filter.status) add((p) => `d.status = ${p}`, filter.status);
  if (filter.disputeType) add((p) => `d.dispute_type = ${p}`, filter.disputeType);
  if (filter.priority) add((p) => `d.priority = ${p}`, filter.priority);
  if (filter.kind) add((p) => `d.kind = ${p}`, filter.kind);
  if (filter.workId) add((p) => `d.work_id = ${p}`, filter.workId);
  if (filter.assignedTo === 'unassigned') where.push('d.assigned_to_id IS NULL');
  if (filter.assignedTo === 'me') where.push('d.assigned_to_id = $1::uuid');
  const condition = where.join(' AND ');
  const [page, total, summary] = await Promise.all([
    db.query<Row>(`${SELECT} WHERE ${condition} ORDER BY d.created_at DESC, d.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, filter.limit, filter.offset]),
    db.query<{ n: string | number }>(`SELECT count(*) AS n FROM disputes d WHERE ${condition}`, params),
    db.query<{ status: string; dispute_type: string; priority: string; n: string | number }>(
      `SELECT status, dispute_type, priority, count(*) AS n FROM disputes d WHERE ${scoped} GROUP BY status, dispute_type, priority`,
      [scope.userId],
    ),
  ]);
  const counts = { byStatus: {} as Record<string, number>, byType: {} as Record<string, number>, byPriority: {} as Record<string, number> };
  for (const row of summary.rows) {
    const n = Number(row.n);
    counts.byStatus[row.status] = (counts.byStatus[row.status] ?? 0) + n;
    counts.byType[row.dispute_type] = (counts.byType[row.dispute_type] ?? 0) + n;
    counts.byPriority[row.priority] = (counts.byPriority[row.priority] ?? 0) + n;
  }
  return { disputes: await withChildren(db, page.rows), total: Number(total.rows[0]?.n ?? 0), summary: counts };
}

/**
 * The claimant's open case (filed, not closed) about the work, for the one-open-case rule
 * (domain/disputes/ports.ts OpenCaseOf): an index lookup instead of a scan of every event.
 */
export function openCaseFromReadModel(db: Queryable): OpenCaseOf {
  return async (workId, claimantUserId) => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM disputes WHERE work_id = $1 AND claimant_id = $2::uuid AND kind = 'dispute' AND closed_at IS NULL ORDER BY created_at LIMIT 1`,
      [workId, claimantUserId],
    );
    return rows[0]?.id ?? null;
  };
}
