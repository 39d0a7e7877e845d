// Reads of the references read models, always for one holder: their deliveries, newest first; one
// delivery with its recordings; their indexed references, paged and searchable by title or ISRC; and
// one reference (another user's answers as missing).
import { REFERENCE_PAGE_SIZE, type Reference, type ReferenceDelivery, type ReferenceDeliveryDetail, type ReferenceDeliveryRecording, type ReferenceList } from '../../domain/contracts/references';
import type { ReferenceWorkMatch } from '../../domain/references/reference-delivery.events';
import type { Queryable } from '../../infra/db/db';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface DeliveryRow {
  id: string;
  via: ReferenceDelivery['via'];
  folder: string | null;
  status: ReferenceDelivery['status'];
  total: number;
  indexed: number;
  failed: number;
  received_at: Date;
  completed_at: Date | null;
}

interface RecordingRow {
  reference_id: string;
  delivery_id: string;
  file: string;
  stored_name: string;
  title: string;
  artist: string;
  isrc: string;
  owner: string;
  territories: string[] | string;
  status: ReferenceDeliveryRecording['status'];
  reason: string | null;
  duration_seconds: number | null;
  work_matches: ReferenceWorkMatch[] | string;
  case_note: string | null;
  indexed_at: Date | null;
}

const DELIVERY_COLUMNS = 'id::text AS id, via, folder, status, total, indexed, failed, received_at, completed_at';
const RECORDING_COLUMNS =
  'reference_id::text AS reference_id, delivery_id::text AS delivery_id, file, stored_name, title, artist, isrc, owner, territories, status, reason, duration_seconds, work_matches, case_note, indexed_at';

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
/** jsonb arrives parsed from node-postgres and PGlite alike; text only from a driver that does not parse it. */
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toDelivery(row: DeliveryRow): ReferenceDelivery {
  return { id: row.id, via: row.via, folder: row.folder, status: row.status, total: row.total, indexed: row.indexed, failed: row.failed, receivedAt: iso(row.received_at)!, completedAt: iso(row.completed_at) };
}

function toRecording(row: RecordingRow): ReferenceDeliveryRecording {
  return {
    referenceId: row.reference_id,
    file: row.file,
    title: row.title,
    artist: row.artist,
    isrc: row.isrc,
    status: row.status,
    reason: row.reason,
    durationSeconds: row.duration_seconds,
    workMatches: json(row.work_matches),
    caseNote: row.case_note,
  };
}

function toReference(row: RecordingRow): Reference {
  return {
    id: row.reference_id,
    deliveryId: row.delivery_id,
    title: row.title,
    artist: row.artist,
    isrc: row.isrc,
    owner: row.owner,
    territories: json(row.territories),
    durationSeconds: row.duration_seconds,
    indexedAt: iso(row.indexed_at),
    workMatches: json(row.work_matches),
  };
}

export async function listReferenceDeliveries(db: Queryable, holderId: string): Promise<ReferenceDelivery[]> {
  const { rows } = await db.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM reference_deliveries WHERE holder_id = $1 ORDER BY received_at DESC, id LIMIT 50`, [holderId]);
  return rows.map(toDelivery);
}

/** Deliveries still running that were received before `before`, oldest first: the recovery's candidates. */
export async function listRunningDeliveries(db: Queryable, before: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(`SELECT id::text AS id FROM reference_deliveries WHERE status = 'running' AND received_at <= $1 ORDER BY received_at LIMIT 200`, [before]);
  return rows.map((row) => row.id);
}

/** The holder's delivery with its recordings in delivery order, or null (also for another user's). */
export async function findReferenceDelivery(db: Queryable, holderId: string, deliveryId: string): Promise<ReferenceDeliveryDetail | null> {
  if (!UUID.test(deliveryId)) return null;
  const { rows } = await db.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM reference_deliveries WHERE id = $1 AND holder_id = $2`, [deliveryId, holderId]);
  if (!rows[0]) return null;
  const recordings = await db.query<RecordingRow>(`SELECT ${RECORDING_COLUMNS} FROM reference_recordings WHERE delivery_id = $1 ORDER BY position`, [deliveryId]);
  return { delivery: toDelivery(rows[0]), recordings: recordings.rows.map(toRecording) };
}

/** The holder's indexed references, newest first, `q` matching the title (any part) or the ISRC (hyphens ignored). */
export async function listReferences(db: Queryable, holderId: string, { q, page }: { q?: string; page: number }): Promise<ReferenceList> {
  const search = q?.trim() ? q.trim() : null;
  const where = `holder_id = $1 AND status = 'indexed' AND ($2::text IS NULL OR title ILIKE '%' || $2 || '%' OR isrc = upper(replace($2, '-', '')))`;
  const escaped = search === null ? null : search.replace(/[\\%_]/g, (c) => `\\${c}`);
  const [{ rows }, counted] = await Promise.all([
    db.query<RecordingRow>(`SELECT ${RECORDING_COLUMNS} FROM reference_recordings WHERE ${where} ORDER BY indexed_at DESC, reference_id LIMIT $3 OFFSET $4`, [holderId, escaped, REFERENCE_PAGE_SIZE, (page - 1) * REFERENCE_PAGE_SIZE]),
    db.query<{ total: string | number }>(`SELECT count(*) AS total FROM reference_recordings WHERE ${where}`, [holderId, escaped]),
  ]);
  return { references: rows.map(toReference), total: Number(counted.rows[0]?.total ?? 0), page, pageSize: REFERENCE_PAGE_SIZE };
}

/** The holder's reference (any status) with its delivery and stored file, or null (also for another user's). */
export async function findReference(db: Queryable, holderId: string, referenceId: string): Promise<{ deliveryId: string; storedName: string; status: ReferenceDeliveryRecording['status'] } | null> {
  if (!UUID.test(referenceId)) return null;
  const { rows } = await db.query<RecordingRow>(`SELECT ${RECORDING_COLUMNS} FROM reference_recordings WHERE reference_id = $1 AND holder_id = $2`, [referenceId, holderId]);
  return rows[0] ? { deliveryId: rows[0].delivery_id, storedName: rows[0].stored_name, status: rows[0].status } : null;
}
