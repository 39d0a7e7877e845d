// GET /api/database-sync-status/{txHash}: how a registration was synced to the external
// databases (spec 1 §3 "Sync status"): one result per database, the success rate, last update.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { syncStatusSchema } from '../../../../../domain/contracts/lifecycle';
import { apiGet, retryUnlessRefused } from '../../api-client';
import { SYNC_STATUS_KEY } from '../../query-keys';

export type SyncStatus = z.infer<typeof syncStatusSchema>;

export async function getSyncStatus(txHash: string, { signal }: { signal?: AbortSignal } = {}): Promise<SyncStatus> {
  const status = await apiGet<SyncStatus>(`${SYNC_STATUS_KEY[0]}/${encodeURIComponent(txHash)}`, { on401: 'throw', signal });
  if (!status) throw new Error('The sync status answer was empty');
  return status;
}

export const syncStatusQueryOptions = (txHash: string) =>
  queryOptions({
    queryKey: [...SYNC_STATUS_KEY, txHash],
    queryFn: ({ signal }) => getSyncStatus(txHash, { signal }),
    retry: retryUnlessRefused,
  });

export function useSyncStatus(txHash: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...syncStatusQueryOptions(txHash ?? ''), enabled: enabled && Boolean(txHash) });
}
