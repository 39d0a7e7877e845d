// The address a sign-in returns to: oauth_success=true means signed in; an error
// parameter means it failed, told in words by its code. Either way the parameters are removed.

export type LoginReturn = { kind: 'success' } | { kind: 'error'; message: string };

const ERROR_MESSAGES: Record<string, string> = {
  oauth_failed: 'OAuth authentication failed',
  session_failed: 'Session creation failed',
  oauth_error: 'OAuth error occurred',
};
const UNKNOWN_ERROR_MESSAGE = 'Authentication failed';

/** What the address says about a returning sign-in (null: nothing), and the query to leave in the address. */
export function readLoginReturn(search: string): { outcome: LoginReturn | null; remaining: URLSearchParams } {
  const params = new URLSearchParams(search);
  const remaining = new URLSearchParams(params);
  remaining.delete('oauth_success');
  remaining.delete('error');
  const error = params.get('error');
  if (error !== null) return { outcome: { kind: 'error', message: ERROR_MESSAGES[error] ?? UNKNOWN_ERROR_MESSAGE }, remaining };
  if (params.get('oauth_success') === 'true') return { outcome: { kind: 'success' }, remaining };
  return { outcome: null, remaining: params };
}

/**
 * After oauth_success=true: asks for the current user up to `tries` times, `intervalMs` apart, and
 * answers whether one came. A visitor (or an address typed by hand) ends it after the last try, so
 * nothing polls on.
 */
export async function awaitSignedInUser(
  getUser: () => Promise<{ id?: string } | null>,
  { tries, intervalMs }: { tries: number; intervalMs: number },
): Promise<boolean> {
  for (let attempt = 0; attempt < tries; attempt++) {
    const user = await getUser().catch(() => null);
    if (user?.id) return true;
    if (attempt < tries - 1) await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return false;
}
