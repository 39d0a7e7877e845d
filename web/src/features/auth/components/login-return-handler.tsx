// Login-return handling on page load: the parameters removed from the address, a toast for an error
// parameter, and after oauth_success=true the current user re-checked every 500 ms, a few times: the
// welcome toast and the cached user refreshed when one comes, else the visitor is told and it stops.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { WELCOME_BONUS_TOKENS } from '../../../../../domain/constants';
import { useToast } from '../../../components/ui/toast';
import { getCurrentUser } from '../../../lib/auth';
import { CURRENT_USER_KEY, USER_KEY } from '../../../lib/query-keys';
import { awaitSignedInUser, readLoginReturn } from '../login-return';

const RECHECK_INTERVAL_MS = 500;
/** The session cookie is set before the redirect, so a few tries (3 s) are plenty; then a visitor is told. */
const MAX_RECHECKS = 6;

export function LoginReturnHandler() {
  const [searchParams, setSearchParams] = useSearchParams();
  const toast = useToast();
  const queryClient = useQueryClient();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const { outcome, remaining } = readLoginReturn(searchParams.toString());
    if (!outcome) return;
    setSearchParams(remaining, { replace: true });
    if (outcome.kind === 'error') {
      toast.show({ severity: 'error', summary: 'Authentication Error', detail: outcome.message });
      return;
    }
    void awaitSignedInUser(() => getCurrentUser(), { tries: MAX_RECHECKS, intervalMs: RECHECK_INTERVAL_MS }).then((signedIn) => {
      if (!signedIn) {
        toast.show({ severity: 'warn', summary: 'Not signed in', detail: 'The sign-in did not complete, so you are browsing as a visitor. Sign in again to continue.', life: 10_000 });
        return;
      }
      toast.show({ severity: 'success', summary: 'Login successful', detail: `Welcome! Your ${WELCOME_BONUS_TOKENS} free tokens are ready to use.` });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      void queryClient.invalidateQueries({ queryKey: USER_KEY });
    });
  }, [searchParams, setSearchParams, toast, queryClient]);

  return null;
}
