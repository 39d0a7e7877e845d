// POST /api/copyright-check/{id}: runs the copyright oracle on the track (its master when there is
// one) and answers when the check is done. `success` false with a reason is a conflict, not an
// error. The eight stages show in the vault item while it runs.
import type { z } from 'zod';
import { copyrightCheckResponseSchema } from '../../../../../domain/contracts/lifecycle';
import { requestParsed } from '../../api-client';
import { useOneShotMutation } from '../../one-shot-mutation';
import { COPYRIGHT_CHECKS_KEY, VAULT_KEY } from '../../query-keys';

export type CopyrightCheckResponse = z.infer<typeof copyrightCheckResponseSchema>;

export function runCopyrightCheck(contentId: string): Promise<CopyrightCheckResponse> {
  return requestParsed(copyrightCheckResponseSchema, 'POST', `/api/copyright-check/${encodeURIComponent(contentId)}`);
}

export function useRunCopyrightCheck() {
  return useOneShotMutation(runCopyrightCheck, [VAULT_KEY, COPYRIGHT_CHECKS_KEY]);
}
