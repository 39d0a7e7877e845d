// The settings page's calls: the account (address, pending address, how mail is sent), its
// sessions, the password, the address and its confirmation, and the notification preferences.
// Every answer is parsed with its contract (domain/contracts/account.ts, notifications.ts). The
// websocket invalidates ACCOUNT_KEY when the address or password events are projected; sessions
// are not events, so the mutations refetch what they changed themselves.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountResponseSchema,
  accountSessionsResponseSchema,
  changePasswordResponseSchema,
  confirmEmailResponseSchema,
  removeEmailResponseSchema,
  requestEmailResponseSchema,
  revokeSessionResponseSchema,
  type ChangePasswordRequest,
} from '../../../../../domain/contracts/account';
import { notificationPreferencesResponseSchema, notificationPreferencesSchema, type NotificationPreferences } from '../../../../../domain/contracts/notifications';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { ACCOUNT_KEY, CURRENT_USER_KEY, NOTIFICATIONS_KEY } from '../../../lib/query-keys';

const BASE = ACCOUNT_KEY[0];
export const ACCOUNT_SUMMARY_KEY = [...ACCOUNT_KEY, 'summary'] as const;
export const ACCOUNT_SESSIONS_KEY = [...ACCOUNT_KEY, 'sessions'] as const;
export const NOTIFICATION_PREFERENCES_KEY = [...NOTIFICATIONS_KEY, 'preferences'] as const;
const PREFERENCES_URL = `${NOTIFICATIONS_KEY[0]}/preferences`;

export function useAccount() {
  return useQuery({
    queryKey: ACCOUNT_SUMMARY_KEY,
    queryFn: ({ signal }) => getParsed(accountResponseSchema, BASE, { signal }),
    retry: retryUnlessRefused,
  });
}

export function useAccountSessions() {
  return useQuery({
    queryKey: ACCOUNT_SESSIONS_KEY,
    queryFn: async ({ signal }) => (await getParsed(accountSessionsResponseSchema, `${BASE}/sessions`, { signal })).sessions,
    retry: retryUnlessRefused,
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: NOTIFICATION_PREFERENCES_KEY,
    queryFn: ({ signal }) => getParsed(notificationPreferencesResponseSchema, PREFERENCES_URL, { signal }),
    retry: retryUnlessRefused,
  });
}

/** A password change ends the other sessions: the list is refetched with the account. */
export function useChangePassword() {
  return useOneShotMutation((request: ChangePasswordRequest) => requestParsed(changePasswordResponseSchema, 'PUT', `${BASE}/password`, request), [ACCOUNT_KEY]);
}

/** Mails a confirmation link; never resent on its own (each send is a mail). */
export function useRequestEmail() {
  return useOneShotMutation((email: string) => requestParsed(requestEmailResponseSchema, 'POST', `${BASE}/email`, { email }), [ACCOUNT_KEY, NOTIFICATION_PREFERENCES_KEY]);
}

export function useRemoveEmail() {
  return useOneShotMutation(() => requestParsed(removeEmailResponseSchema, 'DELETE', `${BASE}/email`), [ACCOUNT_KEY, NOTIFICATION_PREFERENCES_KEY]);
}

export function useConfirmEmail() {
  return useOneShotMutation((token: string) => requestParsed(confirmEmailResponseSchema, 'POST', `${BASE}/email/confirm`, { token }), [ACCOUNT_KEY, NOTIFICATION_PREFERENCES_KEY]);
}

/** Ending this browser's own session signs it out: the current user is refetched too. */
export function useRevokeSession() {
  return useOneShotMutation(
    (sessionId: string) => requestParsed(revokeSessionResponseSchema, 'DELETE', `${BASE}/sessions/${encodeURIComponent(sessionId)}`),
    [ACCOUNT_KEY, CURRENT_USER_KEY],
  );
}

/** Saves every kind's choice at once (PUT takes the whole set); the table then shows what the server kept. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) => requestParsed(notificationPreferencesSchema, 'PUT', PREFERENCES_URL, { preferences }),
    retry: retryUnlessRefused,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_PREFERENCES_KEY }),
  });
}
