// POST /api/landr/preview and POST /api/landr/master: the studio's own preview and master calls.
// Each answers once the audio engine has made the file; meanwhile the vault item's
// `mastering.steps` (pushed over the websocket) show how far it is.
import type { MasterFormatOption, MasterLoudnessOption, MasterStyleOption } from '../../../../../domain/constants';
import { masterResponseSchema, type MasterResponse } from '../../../../../domain/contracts/lifecycle';
import { requestParsed } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { GENERATED_MUSIC_KEY, VAULT_KEY } from '../../../lib/query-keys';

export type MasterKind = 'preview' | 'master';

export interface MasterSettings {
  style: MasterStyleOption;
  loudness: MasterLoudnessOption;
  format: MasterFormatOption;
}

export interface CreateMasterInput extends MasterSettings {
  contentId: string;
}

const URLS: Record<MasterKind, string> = {
  preview: '/api/landr/preview',
  master: '/api/landr/master',
};

export function createMaster(kind: MasterKind, input: CreateMasterInput): Promise<MasterResponse> {
  return requestParsed(masterResponseSchema, 'POST', URLS[kind], input);
}

/** Not retried: a retry would start a second mastering run of the same track. */
export function useCreateMaster(kind: MasterKind) {
  return useOneShotMutation((input: CreateMasterInput) => createMaster(kind, input), [VAULT_KEY, GENERATED_MUSIC_KEY]);
}
