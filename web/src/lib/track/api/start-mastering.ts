// POST /api/mastering/start/{id} (spec 2 §7 "Contracts workflow view"): starts mastering with the
// defaults and answers 202 at once; the steps then arrive in the vault item over the websocket.
import { MASTER_DEFAULTS } from '../../../../../domain/constants';
import { apiRequest } from '../../api-client';
import { useOneShotMutation } from '../../one-shot-mutation';
import { VAULT_KEY } from '../../query-keys';

export interface StartMasteringResponse {
  success: true;
  masterId: string;
}

export function startMastering(contentId: string): Promise<StartMasteringResponse> {
  return apiRequest<StartMasteringResponse>('POST', `/api/mastering/start/${encodeURIComponent(contentId)}`, {
    style: MASTER_DEFAULTS.style,
    loudness: MASTER_DEFAULTS.loudness,
  });
}

/** Not retried: a lost answer retried would start a second run. */
export function useStartMastering() {
  return useOneShotMutation(startMastering, [VAULT_KEY]);
}
