// POST /api/mastering/start/{id}: starts mastering with the
// defaults and answers 202 at once; the steps then arrive in the vault item over the websocket.
import type { z } from 'zod';
import { MASTER_DEFAULTS } from '../../../../../domain/constants';
import { startMasteringResponseSchema } from '../../../../../domain/contracts/lifecycle';
import { requestParsed } from '../../api-client';
import { useOneShotMutation } from '../../one-shot-mutation';
import { VAULT_KEY } from '../../query-keys';

export type StartMasteringResponse = z.infer<typeof startMasteringResponseSchema>;

export function startMastering(contentId: string): Promise<StartMasteringResponse> {
  return requestParsed(startMasteringResponseSchema, 'POST', `/api/mastering/start/${encodeURIComponent(contentId)}`, {
    style: MASTER_DEFAULTS.style,
    loudness: MASTER_DEFAULTS.loudness,
  });
}

/** Not retried: a lost answer retried would start a second run. */
export function useStartMastering() {
  return useOneShotMutation(startMastering, [VAULT_KEY]);
}
