// Accepting the current Terms of Service: POST /api/legal/terms/accept, then the current user is
// read again (termsAccepted), which closes the acceptance dialog.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptTermsResponseSchema } from '../../../../../domain/contracts/knowledge';
import { requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { CURRENT_USER_KEY, USER_KEY } from '../../../lib/query-keys';

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => requestParsed(acceptTermsResponseSchema, 'POST', '/api/legal/terms/accept', { version }),
    retry: retryUnlessRefused,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }), queryClient.invalidateQueries({ queryKey: USER_KEY })]),
  });
}
