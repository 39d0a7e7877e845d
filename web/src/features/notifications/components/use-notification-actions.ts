// What the bell's menu and the notifications page do with a notification: open it (mark it read,
// then go to the exact place it names), mark it read, delete it, or mark them all read. A refusal
// or a failure is told in a toast with the server's reason; nothing is pretended done.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../../../../domain/contracts/notifications';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteNotification, useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/notifications';
import type { NotificationActions } from './notification-list';

/** The spec's words for a successful Mark all as read. */
export const ALL_READ_TOAST = 'All notifications marked as read';

export function useNotificationActions({ onNavigate }: { onNavigate?: () => void } = {}): NotificationActions & { markAllRead(): void; markingAll: boolean } {
  const navigate = useNavigate();
  const toast = useToast();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const track = (id: string, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  // Promises rather than mutate's callbacks: opening an item closes the menu, and its failure must
  // still be told after the menu has gone (the toasts live at the app's root).
  const read = (notification: Notification) => {
    track(notification.id, true);
    void markRead
      .mutateAsync(notification.id)
      .catch((error: unknown) => toast.show({ severity: 'error', summary: 'Could not mark as read', detail: errorMessage(error, 'The notification could not be marked as read') }))
      .finally(() => track(notification.id, false));
  };

  return {
    busyIds,
    onOpen: (notification) => {
      if (!notification.read) read(notification);
      if (notification.actionUrl) {
        onNavigate?.();
        void navigate(notification.actionUrl);
      }
    },
    onMarkRead: read,
    onDelete: (notification) => {
      track(notification.id, true);
      void remove
        .mutateAsync(notification.id)
        .catch((error: unknown) => toast.show({ severity: 'error', summary: 'Could not delete', detail: errorMessage(error, 'The notification could not be deleted') }))
        .finally(() => track(notification.id, false));
    },
    markAllRead: () =>
      void markAll
        .mutateAsync()
        .then(() => toast.show({ severity: 'success', summary: ALL_READ_TOAST }))
        .catch((error: unknown) => toast.show({ severity: 'error', summary: 'Could not mark all as read', detail: errorMessage(error, 'The notifications could not be marked as read') })),
    markingAll: markAll.isPending,
  };
}
