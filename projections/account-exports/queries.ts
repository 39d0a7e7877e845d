// Reads of the account_exports read model: the owner's exports, newest first, and one export of
// the owner's (another user's answers as missing).
import type { AccountExport } from '../../domain/contracts/account-data';
import type { Queryable } from '../../infra/db/db';

interface ExportRow {
  id: string;
  status: AccountExport['status'];
  steps_done: number;
  steps_total: number;
  last_step: AccountExport['lastStep'];
  detail: string | null;
  requested_at: Date;
  completed_at: Date | null;
  stored_name: string | null;
  size_bytes: string | null;
  event_count: number | null;
  document_count: number | null;
  failure_reason: string | null;
}

export interface StoredExport {
  view: AccountExport;
  /** The archive's name in the file store, once ready. */
  storedName: string | null;
}

const COLUMNS = 'id::text AS id, status, steps_done, steps_total, last_step, detail, requested_at, completed_at, stored_name, size_bytes::text AS size_bytes, event_count, document_count, failure_reason';

function toStored(row: ExportRow): StoredExport {
  const ready = row.status === 'ready';
  return {
    storedName: ready ? row.stored_name : null,
    view: {
      id: row.id,
      status: row.status,
      stepsDone: row.steps_done,
      stepsTotal: row.steps_total,
      lastStep: row.last_step,
      detail: row.detail,
      requestedAt: new Date(row.requested_at).toISOString(),
      completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
      sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
      eventCount: row.event_count,
      documentCount: row.document_count,
      failureReason: row.failure_reason,
      downloadUrl: ready ? `/api/account/exports/${row.id}/download` : null,
    },
  };
}

export async function listAccountExports(db: Queryable, ownerId: string): Promise<AccountExport[]> {
  const { rows } = await db.query<ExportRow>(`SELECT ${COLUMNS} FROM account_exports WHERE owner_id = $1 ORDER BY requested_at DESC, id LIMIT 20`, [ownerId]);
  return rows.map((row) => toStored(row).view);
}

/** The owner's export, or null (also for another user's, or an id that is not a UUID). */
export async function findAccountExport(db: Queryable, ownerId: string, exportId: string): Promise<StoredExport | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(exportId)) return null;
  const { rows } = await db.query<ExportRow>(`SELECT ${COLUMNS} FROM account_exports WHERE id = $1 AND owner_id = $2`, [exportId, ownerId]);
  return rows[0] ? toStored(rows[0]) : null;
}
