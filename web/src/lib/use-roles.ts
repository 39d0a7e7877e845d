// The signed-in user's roles (GET /api/auth/roles): what the rail and the screens use to show
// reviewer, auditor, operator, support and rights holder tools. The server checks every call itself; this only decides what
// to offer. Keyed per user under MY_ROLES_KEY, so a grant (the users read model) refetches it.
import { useQuery } from '@tanstack/react-query';
import { myRolesResponseSchema, type Role } from '../../../domain/contracts/roles';
import { getParsedOrNull, retryUnlessRefused } from './api-client';
import { useCurrentUser } from './auth';
import { MY_ROLES_KEY } from './query-keys';

export async function getMyRoles(signal?: AbortSignal): Promise<Role[]> {
  return (await getParsedOrNull(myRolesResponseSchema, MY_ROLES_KEY[0], { signal }))?.roles ?? [];
}

/** `roles`: empty while loading and when signed out; `has(role)` answers false until the server said so. */
export function useRoles() {
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: [...MY_ROLES_KEY, user?.id ?? null],
    queryFn: ({ signal }) => getMyRoles(signal),
    enabled: Boolean(user),
    retry: retryUnlessRefused,
  });
  const roles = user ? (query.data ?? []) : [];
  return { ...query, roles, has: (role: Role) => roles.includes(role) };
}
