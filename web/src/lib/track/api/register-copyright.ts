// POST /api/copyright-register/{id}: signs the track's XRPL registration and submits it when a
// ledger is configured. The answer's note says plainly when it is signed but not submitted.
import type { z } from 'zod';
import { registrationResponseSchema } from '../../../../../domain/contracts/lifecycle';
import { requestParsed } from '../../api-client';
import { useOneShotMutation } from '../../one-shot-mutation';
import { VAULT_KEY } from '../../query-keys';

export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export function registerCopyright(contentId: string): Promise<RegistrationResponse> {
  return requestParsed(registrationResponseSchema, 'POST', `/api/copyright-register/${encodeURIComponent(contentId)}`);
}

/** Registration writes to a ledger: never resent on our own. */
export function useRegisterCopyright() {
  return useOneShotMutation(registerCopyright, [VAULT_KEY]);
}
