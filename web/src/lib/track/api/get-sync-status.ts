// GET /api/database-sync-status/{txHash}: how a registration was synced to the external
// databases: one result per database, the success rate, last update.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { syncStatusSchema } from '../../../../../domain/contracts/lifecycle';
import { getParsed, retryUnlessRefused } from '../../api-client';
import { SYNC_STATUS_KEY } from '../../query-keys';

export type SyncStatus = z.infer<typeof syncStatusSchema>;

export function getSyncStatus(txHash: string, { signal }: { signal?: AbortSignal } = {}): Promise<SyncStatus> {
  return getParsed(syncStatusSchema, `${SYNC_STATUS_KEY[0]}/${encodeURIComponent(txHash)}`, { signal });
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
