// Who is signed in, and the calls that change it. Shared by
// every feature, so it lives in lib like bulletproof-react's lib/auth. The session itself is an
// httpOnly cookie; the browser only ever sees the user object.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authResponseSchema, logoutResponseSchema, signupResponseSchema, userSchema, type AuthResponse, type Credentials, type Signup, type SignupResponse, type User } from '../../../domain/contracts/auth';
import { getParsedOrNull, requestParsed, retryUnlessRefused } from './api-client';
import { CURRENT_USER_KEY, USER_KEY, VAULT_KEY } from './query-keys';

export function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  return getParsedOrNull(userSchema, CURRENT_USER_KEY[0], { signal });
}

/** Not retried, always stale, refetched on focus and mount but not on reconnect. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    refetchOnReconnect: false,
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  // Signed in means a user with a non-null id; a 401 gives null, i.e. signed out.
  return { ...query, user: user?.id ? user : null };
}

export function login(credentials: Credentials): Promise<AuthResponse> {
  return requestParsed(authResponseSchema, 'POST', '/api/auth/login', credentials);
}

/** `acceptedTermsVersion`: the version of the terms the form's box accepted; `email`: mailed a confirmation link. */
export function signup(form: Signup): Promise<SignupResponse> {
  return requestParsed(signupResponseSchema, 'POST', '/api/auth/signup', form);
}

export function logout(): Promise<unknown> {
  return requestParsed(logoutResponseSchema, 'POST', '/api/auth/logout');
}

// A refused sign-in (4xx) is answered the same way on a second try, so only transport or
// server failures use the default single retry (retryUnlessRefused).
export function useSetSignedInUser() {
  const queryClient = useQueryClient();
  return (response: AuthResponse) => {
    queryClient.setQueryData(CURRENT_USER_KEY, response.user);
    queryClient.setQueryData(USER_KEY, response.user);
  };
}

export function useLogin() {
  const setUser = useSetSignedInUser();
  return useMutation({ mutationFn: login, retry: retryUnlessRefused, onSuccess: setUser });
}

export function useSignup() {
  const setUser = useSetSignedInUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    retry: retryUnlessRefused,
    onSuccess: (response) => {
      // A new account has no content: the dashboard lands on the upload tab without waiting for the vault.
      queryClient.setQueryData(VAULT_KEY, []);
      setUser(response);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Signed out first (observers re-render), then every other cached answer goes.
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
    },
  });
}
