// Developer API keys put straight into the event store for API tests (the key's stream, as POST
// /api/developer/keys records it), waited for in the read models; answers the whole key.
import { createHash, randomBytes } from 'node:crypto';
import { apiKeyDecider } from '../../domain/developer/api-key.decider';
import { API_KEY_PREFIX, apiKeyStreamId } from '../../domain/developer/api-key.events';
import { API_TERMS_VERSION, type ApiTier } from '../../domain/developer/api-tiers';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { SeedDeps } from './seed-track';

export interface SeededApiKey {
  keyId: string;
  /** `gk_<keyId>_<secret>`: what the X-API-Key header carries. */
  key: string;
}

export async function seedApiKey(deps: SeedDeps, ownerId: string, tier: ApiTier = 'free'): Promise<SeededApiKey> {
  const keyId = randomBytes(8).toString('hex');
  const key = `${API_KEY_PREFIX}${keyId}_${randomBytes(32).toString('base64url')}`;
  const created = await handleCommand(deps.eventStore, apiKeyStreamId(keyId), apiKeyDecider, {
    type: 'CreateApiKey',
    data: {
      keyId,
      ownerId,
      keyName: `Test key ${keyId.slice(0, 4)}`,
      tier,
      keyPrefix: `${API_KEY_PREFIX}${keyId}`,
      keySha256: createHash('sha256').update(key).digest('hex'),
      termsVersion: API_TERMS_VERSION,
      termsAcceptedAt: new Date().toISOString(),
    },
  }, { correlationId: 'test', actor: `user:${ownerId}` });
  await deps.projector.waitFor(created.result!.lastPosition);
  return { keyId, key };
}
