// Reads of the vault read model, shaped as the API's VaultItem.
import { STAGE_LABELS, type LifecycleStage } from '../../domain/track/lifecycle';
import type { VaultItem } from '../../domain/contracts/vault';
import type { Queryable } from '../../infra/db/db';

interface VaultRow {
  id: string;
  title: string;
  description: string;
  content_type: VaultItem['contentType'];
  status: VaultItem['status'];
  stage: LifecycleStage;
  steps: VaultItem['workflow']['steps'];
  failure_reason: string | null;
  workflow_id: string | null;
  original_name: string;
  mime_type: string;
  size: string;
  genre: string | null;
  royalty_split: number;
  stored_name: string | null;
  sha256: string | null;
  format: string | null;
  duration_seconds: number | null;
  xrpl_tx_hash: string | null;
  copyright_checked: boolean;
  created_at: Date;
}

const COLUMNS = `id::text AS id, title, description, content_type, status, stage, steps, failure_reason, workflow_id,
  original_name, mime_type, size::text AS size, genre, royalty_split, stored_name, sha256, format, duration_seconds,
  xrpl_tx_hash, copyright_checked, created_at`;

function toVaultItem(row: VaultRow): VaultItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    contentType: row.content_type,
    status: row.status,
    xrplTxHash: row.xrpl_tx_hash,
    filePath: row.stored_name ? `/uploads/${row.stored_name}` : null,
    landrMasteredFilePath: null,
    landrPreviewFilePath: null,
    landrMasterStyle: null,
    copyrightChecked: row.copyright_checked,
    royaltySplit: row.royalty_split,
    createdAt: new Date(row.created_at).toISOString(),
    metadata: {
      genre: row.genre,
      duration: row.duration_seconds,
      size: Number(row.size),
      originalName: row.original_name,
      mimeType: row.mime_type,
      format: row.format,
      sha256: row.sha256,
    },
    workflow: {
      id: row.workflow_id ?? '',
      stage: row.stage,
      stageLabel: row.status === 'failed' ? 'Intake failed' : STAGE_LABELS[row.stage],
      steps: row.steps,
      failureReason: row.failure_reason,
    },
  };
}

export async function listVault(db: Queryable, ownerId: string): Promise<VaultItem[]> {
  const { rows } = await db.query<VaultRow>(
    `SELECT ${COLUMNS} FROM vault_items WHERE owner_id = $1 ORDER BY created_at DESC, id`,
    [ownerId],
  );
  return rows.map(toVaultItem);
}

/** The owner of a stored file, for serving /uploads/{name} to its owner only. */
export async function findStoredFileOwner(db: Queryable, storedName: string): Promise<{ ownerId: string; mimeType: string } | null> {
  const { rows } = await db.query<{ owner_id: string; mime_type: string }>(
    'SELECT owner_id::text AS owner_id, mime_type FROM vault_items WHERE stored_name = $1',
    [storedName],
  );
  return rows[0] ? { ownerId: rows[0].owner_id, mimeType: rows[0].mime_type } : null;
}
