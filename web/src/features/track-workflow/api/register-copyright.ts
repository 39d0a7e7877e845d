// POST /api/copyright-register/{id}: signs the track's XRPL registration and submits it when a
// ledger is configured. The answer's note says plainly when it is signed but not submitted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { registrationResponseSchema } from '../../../../../domain/contracts/lifecycle';
import { apiRequest } from '../../../lib/api-client';
import { VAULT_KEY } from '../../../lib/query-keys';

export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export function registerCopyright(contentId: string): Promise<RegistrationResponse> {
  return apiRequest<RegistrationResponse>('POST', `/api/copyright-register/${encodeURIComponent(contentId)}`);
}

export function useRegisterCopyright() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerCopyright,
    // Registration writes to a ledger: never resend it on our own.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VAULT_KEY }),
  });
}
