// Reads of the api_keys read model: the owner's keys that are not deleted, and one key of an owner.
import type { ApiKeyStatus } from '../../domain/contracts/developer';
import type { ApiTier } from '../../domain/developer/api-tiers';
import type { Queryable } from '../../infra/db/db';

export interface ApiKeyRecord {
  id: string;
  ownerId: string;
  keyName: string;
  tier: ApiTier;
  keyPrefix: string;
  status: ApiKeyStatus;
  suspendedReason: string | null;
  ipAllowlist: string[];
  createdAt: string;
}

interface ApiKeyRow {
  id: string;
  owner_id: string;
  key_name: string;
  tier: ApiTier;
  key_prefix: string;
  status: ApiKeyStatus;
  suspended_reason: string | null;
  ip_allowlist: string[] | string;
  created_at: Date | string;
}

const COLUMNS = 'id, owner_id, key_name, tier, key_prefix, status, suspended_reason, ip_allowlist, created_at';

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    keyName: row.key_name,
    tier: row.tier,
    keyPrefix: row.key_prefix,
    status: row.status,
    suspendedReason: row.suspended_reason,
    ipAllowlist: typeof row.ip_allowlist === 'string' ? (JSON.parse(row.ip_allowlist) as string[]) : row.ip_allowlist,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The owner's keys, newest first; deleted (revoked) keys left out. */
export async function listOwnerApiKeys(db: Queryable, ownerId: string): Promise<ApiKeyRecord[]> {
  const { rows } = await db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE owner_id = $1 AND status <> 'revoked' ORDER BY created_at DESC, id DESC`, [ownerId]);
  return rows.map(toRecord);
}

/** One of the owner's keys, deleted or not; null when the owner has no key with this id. */
export async function findOwnerApiKey(db: Queryable, ownerId: string, keyId: string): Promise<ApiKeyRecord | null> {
  const { rows } = await db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1 AND owner_id = $2`, [keyId, ownerId]);
  return rows[0] ? toRecord(rows[0]) : null;
}
