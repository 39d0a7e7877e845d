// The emergency lockdown's calls for the operations page (operators only; docs/ip-protection.md):
// the suspended accounts, suspending an account or ending one of its sessions, and reinstating.
// Answers are parsed with domain/contracts/lockdown.ts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lockdownResponseSchema, reinstateResponseSchema, suspendedAccountsResponseSchema, type LockdownRequest } from '../../../../../domain/contracts/lockdown';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { OPERATIONS_KEY } from '../../../lib/query-keys';

const SUSPENDED_URL = '/api/ops/suspended-accounts';
const LOCKDOWN_URL = '/api/emergency-lockdown';
const SUSPENDED_KEY = [...OPERATIONS_KEY, 'suspended-accounts'] as const;

export function useSuspendedAccounts(enabled: boolean) {
  return useQuery({
    queryKey: SUSPENDED_KEY,
    queryFn: ({ signal }) => getParsed(suspendedAccountsResponseSchema, SUSPENDED_URL, { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** Suspends the account, or ends only the session when a session id is given. */
export function useLockdown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LockdownRequest) => requestParsed(lockdownResponseSchema, 'POST', LOCKDOWN_URL, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUSPENDED_KEY }),
  });
}

export function useReinstate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      requestParsed(reinstateResponseSchema, 'POST', `${LOCKDOWN_URL}/${encodeURIComponent(userId)}/reinstate`, { reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUSPENDED_KEY }),
  });
}
