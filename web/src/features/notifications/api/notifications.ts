// The notification calls: the bell's unread count, a page of the user's notifications (the bell's
// menu asks for the newest NOTIFICATION_MENU_SIZE, the notifications page for its filters and page),
// and marking one read, marking all read and deleting one. Every answer is parsed with its schema
// from domain/contracts/notifications.ts. The websocket invalidates NOTIFICATIONS_KEY whenever the
// user's notifications change (in every open tab of theirs), so nothing here polls.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationCountResponseSchema,
  notificationDeletedResponseSchema,
  notificationListResponseSchema,
  notificationReadResponseSchema,
  notificationsReadAllResponseSchema,
  type Notification,
} from '../../../../../domain/contracts/notifications';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY } from '../../../lib/query-keys';

const BASE = NOTIFICATIONS_KEY[0];
export const NOTIFICATION_COUNT_KEY = [...NOTIFICATIONS_KEY, 'count'] as const;
/** A page of the list: [...NOTIFICATION_LIST_KEY, searchParams]. */
export const NOTIFICATION_LIST_KEY = [...NOTIFICATIONS_KEY, 'list'] as const;

const notificationUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The unread count on the bell's badge. */
export function useNotificationCount({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: NOTIFICATION_COUNT_KEY,
    queryFn: async ({ signal }) => (await getParsed(notificationCountResponseSchema, `${BASE}/count`, { signal })).unread,
    enabled,
    retry: retryUnlessRefused,
  });
}

/** The page these query parameters ask for (view.ts notificationSearchParams); the last answer stays while the next loads. */
export function useNotifications(searchParams: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...NOTIFICATION_LIST_KEY, searchParams],
    queryFn: ({ signal }) => getParsed(notificationListResponseSchema, `${BASE}?${searchParams}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

export async function markNotificationRead(id: string): Promise<Notification> {
  return (await requestParsed(notificationReadResponseSchema, 'PATCH', `${notificationUrl(id)}/read`)).notification;
}

/** How many were unread before. */
export async function markAllNotificationsRead(): Promise<number> {
  return (await requestParsed(notificationsReadAllResponseSchema, 'PATCH', `${BASE}/read-all`)).marked;
}

export async function deleteNotification(id: string): Promise<string> {
  return (await requestParsed(notificationDeletedResponseSchema, 'DELETE', notificationUrl(id))).id;
}

/**
 * Reading and deleting are the user's own idempotent commands, but each is sent once: the answer
 * settles it, and the bell, the menu and the page are refetched right away in this tab (the
 * websocket refetches them in the user's other tabs).
 */
function useNotificationMutation<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export const useMarkNotificationRead = () => useNotificationMutation(markNotificationRead);
export const useMarkAllNotificationsRead = () => useNotificationMutation(markAllNotificationsRead);
export const useDeleteNotification = () => useNotificationMutation(deleteNotification);
