// Login-return handling on page load: a toast for oauth_success=true or an error
// parameter, the parameters removed from the address, and after a success the current user
// re-checked every 500 ms until the server answers with one, then the cached user refreshed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { WELCOME_BONUS_TOKENS } from '../../../../../domain/constants';
import { useToast } from '../../../components/ui/toast';
import { getCurrentUser } from '../../../lib/auth';
import { CURRENT_USER_KEY, USER_KEY } from '../../../lib/query-keys';
import { readLoginReturn } from '../login-return';

const RECHECK_INTERVAL_MS = 500;
/** The re-check gives up after this many tries (30 s), so an address edited by hand cannot poll forever. */
const MAX_RECHECKS = 60;

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
    toast.show({ severity: 'success', summary: 'Login successful', detail: `Welcome! Your ${WELCOME_BONUS_TOKENS} free tokens are ready to use.` });
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      if (tries > MAX_RECHECKS) return window.clearInterval(timer);
      getCurrentUser().then(
        (user) => {
          if (!user?.id) return;
          window.clearInterval(timer);
          void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
          void queryClient.invalidateQueries({ queryKey: USER_KEY });
        },
        () => undefined,
      );
    }, RECHECK_INTERVAL_MS);
  }, [searchParams, setSearchParams, toast, queryClient]);

  return null;
}
