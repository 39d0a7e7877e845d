// Developer API keys put straight into the event store for API tests (the key's stream, as POST
// /api/developer/keys records it), waited for in the read models; answers the whole key.
import { API_TERMS_VERSION, type ApiTier } from '../../domain/developer/api-tiers';
import { handleApiKeyCommand, newApiKey } from '../../infra/developer/api-keys';
import type { SeedDeps } from './seed-track';

export interface SeededApiKey {
  keyId: string;
  /** `gk_<keyId>_<secret>`: what the X-API-Key header carries. */
  key: string;
}

export async function seedApiKey(deps: SeedDeps, ownerId: string, tier: ApiTier = 'free'): Promise<SeededApiKey> {
  const { keyId, keyPrefix, key, keySha256 } = newApiKey();
  const created = await handleApiKeyCommand(deps.eventStore, keyId, {
    type: 'CreateApiKey',
    data: {
      keyId,
      ownerId,
      keyName: `Test key ${keyId.slice(0, 4)}`,
      tier,
      keyPrefix,
      keySha256,
      termsVersion: API_TERMS_VERSION,
      termsAcceptedAt: new Date().toISOString(),
    },
  }, { correlationId: 'test', actor: `user:${ownerId}` });
  await deps.projector.waitFor(created.result!.lastPosition);
  return { keyId, key };
}
