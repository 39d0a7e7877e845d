// The QXMP Pay sign-in calls: which providers the server offers, a nonce for the widget, and the
// sign-in with the widget's signed assertion (which sets the current user like login).
import { useMutation, useQuery } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse } from '../../../../../domain/contracts/auth';
import { authProvidersSchema, qxmpPayNonceSchema, type QxmpPayNonce, type QxmpPaySignIn } from '../../../../../domain/contracts/qxmp-pay';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { useSetSignedInUser } from '../../../lib/auth';

export const AUTH_PROVIDERS_KEY = ['/api/auth/providers'] as const;

/** Which outside sign-in the server offers; QXMP Pay is offered only when configured there. */
export function useAuthProviders() {
  return useQuery({
    queryKey: AUTH_PROVIDERS_KEY,
    queryFn: ({ signal }) => getParsed(authProvidersSchema, AUTH_PROVIDERS_KEY[0], { signal }),
    staleTime: Infinity,
  });
}

export function getQxmpPayNonce(): Promise<QxmpPayNonce> {
  return requestParsed(qxmpPayNonceSchema, 'GET', '/api/auth/qxmp-pay/nonce');
}

export function signInWithQxmpPay(body: QxmpPaySignIn): Promise<AuthResponse> {
  return requestParsed(authResponseSchema, 'POST', '/api/auth/qxmp-pay', body);
}

export function useQxmpPaySignIn() {
  const setUser = useSetSignedInUser();
  return useMutation({ mutationFn: signInWithQxmpPay, retry: retryUnlessRefused, onSuccess: setUser });
}
