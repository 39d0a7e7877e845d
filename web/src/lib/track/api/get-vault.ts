// GET /api/vault: the signed-in user's content items, newest first. Kept current by the realtime
// websocket, which invalidates this key after each vault read-model commit (no polling).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { vaultListSchema, type VaultItem } from '../../../../../domain/contracts/vault';
import { getParsedOrNull } from '../../api-client';
import { VAULT_KEY } from '../../query-keys';

export async function getVault({ signal }: { signal?: AbortSignal } = {}): Promise<VaultItem[]> {
  return (await getParsedOrNull(vaultListSchema, VAULT_KEY[0], { signal })) ?? [];
}

export const vaultQueryOptions = () => queryOptions({ queryKey: VAULT_KEY, queryFn: ({ signal }) => getVault({ signal }) });

export function useVault({ enabled }: { enabled: boolean }) {
  return useQuery({ ...vaultQueryOptions(), enabled });
}
