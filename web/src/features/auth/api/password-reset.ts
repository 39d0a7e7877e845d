// Password recovery's calls (docs/auth.md): asking for a reset link by username or e-mail address
// (the answer is the same whether or not an account matches), and setting the new password with the
// link's token, which signs out every session, this browser's too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { passwordResetRequestedSchema, passwordResetResponseSchema, type PasswordReset, type PasswordResetRequest } from '../../../../../domain/contracts/auth';
import { requestParsed } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../../lib/query-keys';

/** Each request mails somebody: never resent on its own. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequest) => requestParsed(passwordResetRequestedSchema, 'POST', '/api/auth/password-reset', body),
    retry: false,
  });
}

/** A link works once: never resent on its own. Every session ended, so this browser is signed out too. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordReset) => requestParsed(passwordResetResponseSchema, 'POST', '/api/auth/password-reset/confirm', body),
    retry: false,
    onSuccess: () => {
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
    },
  });
}
