// POST /api/mastering/start/{id}: starts mastering with the defaults (or the style and loudness the
// assistant chat was asked for) and answers 202 at once; the steps then arrive in the vault item
// over the websocket.
import type { z } from 'zod';
import { MASTER_DEFAULTS, type MasterLoudnessOption, type MasterStyleOption } from '../../../../../domain/constants';
import { startMasteringResponseSchema } from '../../../../../domain/contracts/lifecycle';
import { requestParsed } from '../../api-client';
import { useOneShotMutation } from '../../one-shot-mutation';
import { VAULT_KEY } from '../../query-keys';

export type StartMasteringResponse = z.infer<typeof startMasteringResponseSchema>;

export interface StartMasteringSettings {
  style: MasterStyleOption;
  loudness: MasterLoudnessOption;
}

export function startMastering(contentId: string, settings: StartMasteringSettings = MASTER_DEFAULTS): Promise<StartMasteringResponse> {
  return requestParsed(startMasteringResponseSchema, 'POST', `/api/mastering/start/${encodeURIComponent(contentId)}`, {
    style: settings.style,
    loudness: settings.loudness,
  });
}

/** Not retried: a lost answer retried would start a second run. */
export function useStartMastering() {
  return useOneShotMutation((contentId: string) => startMastering(contentId), [VAULT_KEY]);
}
