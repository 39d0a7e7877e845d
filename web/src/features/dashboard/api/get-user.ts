// GET /api/user: the signed-in user's account, read for the header's token balance. The
// websocket invalidates this key when the user read model changes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '../../../../../domain/contracts/auth';
import { getParsedOrNull } from '../../../lib/api-client';
import { USER_KEY } from '../../../lib/query-keys';

export function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  return getParsedOrNull(userSchema, USER_KEY[0], { signal });
}

export const userQueryOptions = () => queryOptions({ queryKey: USER_KEY, queryFn: ({ signal }) => getUser({ signal }) });

export function useUser({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userQueryOptions(), enabled });
}
