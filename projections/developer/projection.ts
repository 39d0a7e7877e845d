// The api_keys read model: one row per developer API key for the owner's keys list (GET
// /api/developer/keys) — its name, tier, visible prefix, status (with the suspension's reason) and
// IP allowlist. Never the key's hash: a request is authenticated by folding the key's own stream,
// so a revocation holds before this model catches up. A revoked key keeps its row with its status.
// Each row records the version of its stream it has folded, so a replayed event changes nothing.
import { apiKeyEventDefinitions, type ApiKeyEvent } from '../../domain/developer/api-key.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

export const developerProjection: Projection = {
  name: 'developer',
  version: 1,
  tables: ['api_keys'],
  schema: `
    CREATE TABLE IF NOT EXISTS api_keys (
      id text PRIMARY KEY,
      owner_id text NOT NULL,
      key_name text NOT NULL,
      tier text NOT NULL,
      key_prefix text NOT NULL,
      status text NOT NULL,
      suspended_reason text,
      ip_allowlist jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS api_keys_owner_idx ON api_keys (owner_id, created_at DESC);`,
  handles: new Set(apiKeyEventDefinitions.map((definition) => definition.type)),
  async apply(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
    const event = { type: recorded.type, data: recorded.data } as ApiKeyEvent;
    const version = recorded.streamVersion;
    if (event.type === 'ApiKeyCreated') {
      const d = event.data;
      const { rows } = await tx.query<{ owner_id: string }>(
        `INSERT INTO api_keys (id, owner_id, key_name, tier, key_prefix, status, suspended_reason, ip_allowlist, created_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, 'active', NULL, '[]'::jsonb, $6, $7) ON CONFLICT (id) DO NOTHING RETURNING owner_id`,
        [d.keyId, d.ownerId, d.keyName, d.tier, d.keyPrefix, recorded.recordedAt, version],
      );
      return rows[0] ? readModelChange('developer', recorded, rows[0].owner_id, d.keyId) : null;
    }
    const claim = (set: string, values: unknown[]) =>
      tx.query<{ owner_id: string }>(`UPDATE api_keys SET ${set}, stream_version = $2 WHERE id = $1 AND stream_version < $2 RETURNING owner_id`, [event.data.keyId, version, ...values]);
    let claimed: { rows: { owner_id: string }[] };
    switch (event.type) {
      case 'ApiKeyRevoked':
        claimed = await claim(`status = 'revoked'`, []);
        break;
      case 'ApiKeySuspended':
        claimed = await claim(`status = 'suspended', suspended_reason = $3`, [event.data.reason]);
        break;
      case 'ApiKeyAllowlistChanged':
        claimed = await claim('ip_allowlist = $3::jsonb', [JSON.stringify(event.data.ipAllowlist)]);
        break;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown API key event ${JSON.stringify(unknown)}`);
      }
    }
    const row = claimed.rows[0];
    return row ? readModelChange('developer', recorded, row.owner_id, event.data.keyId) : null;
  },
};
