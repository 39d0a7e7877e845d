// Notifications as the server answers them, for the feature's tests.
import type { Notification, NotificationList } from '../../../../domain/contracts/notifications';

export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    type: 'warning',
    kind: 'dispute_against_you',
    title: 'A dispute was filed against your work',
    message: 'Ben claims "Night Drive" copies his work. Answer within 30 days.',
    read: false,
    createdAt: '2026-11-26T11:55:00.000Z',
    actionUrl: '/dispute-management?dispute=d1',
    actionText: 'Open the case',
    ...overrides,
  };
}

export function page(notifications: Notification[], overrides: Partial<NotificationList> = {}): NotificationList {
  return { notifications, total: notifications.length, unread: notifications.filter((item) => !item.read).length, page: 1, pageSize: 10, ...overrides };
}
