// What the bell, its menu and the notifications page show, read from their rendered HTML: the
// badge and the bell's exact accessible name, no bell where the server keeps no notifications, each
// item's type, unread marker, relative time and actions, the empty and failed states in words,
// See all, and the page's filters, count, paging and link to the preferences.
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES_KEY } from '../../../lib/query-keys';
import { CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import { renderWithQueries, type QueryAnswer } from '../../../lib/test-render';
import { NOTIFICATION_COUNT_KEY } from '../api/notifications';
import { notification, page } from '../notification.fixture';
import { DEFAULT_FILTERS } from '../view';
import { NotificationBell, NotificationBellView } from './notification-bell';
import { NotificationMenuView } from './notification-menu';
import { NotificationsPageView, PREFERENCES_PATH } from './notifications-page';

const noop = () => undefined;
const now = new Date('2026-11-26T12:00:00.000Z');
const actions = { onOpen: noop, onMarkRead: noop, onDelete: noop, markAllRead: noop, markingAll: false };
const render = (node: ReactNode, answers: readonly QueryAnswer[] = []) => renderWithQueries(node, answers, { router: true });

const withNotifications = { ...CAPABILITIES_ZERO_CONFIG_FIXTURE, notifications: { ...CAPABILITIES_ZERO_CONFIG_FIXTURE.notifications, available: true, reason: null } };

describe('notification bell', () => {
  it('shows the unread count on the badge and names it exactly', () => {
    const html = render(<NotificationBellView unread={3} />);
    expect(html).toContain('aria-label="Notifications, 3 unread"');
    expect(html).toContain('data-pc-name="badge">3<');
    expect(html).toContain('aria-haspopup="dialog"');
  });

  it('rounds the badge to 9+ above 9 while the name keeps the figure', () => {
    const html = render(<NotificationBellView unread={12} />);
    expect(html).toContain('data-pc-name="badge">9+<');
    expect(html).toContain('aria-label="Notifications, 12 unread"');
  });

  it('shows no badge when nothing is unread, and says when the count failed', () => {
    expect(render(<NotificationBellView unread={0} />)).not.toContain('p-badge');
    expect(render(<NotificationBellView unread={undefined} failed />)).toContain('aria-label="Notifications, unread count could not be loaded"');
  });

  it('is there only where the server keeps notifications', () => {
    expect(render(<NotificationBell />, [[CAPABILITIES_KEY, withNotifications], [NOTIFICATION_COUNT_KEY, 4]])).toContain('aria-label="Notifications, 4 unread"');
    const disabled = { ...withNotifications, notifications: { ...withNotifications.notifications, available: false, reason: 'not built' } };
    expect(render(<NotificationBell />, [[CAPABILITIES_KEY, disabled], [NOTIFICATION_COUNT_KEY, 4]])).toBe('');
    expect(render(<NotificationBell />, [[NOTIFICATION_COUNT_KEY, 4]])).toBe('');
  });
});

describe('notification menu', () => {
  const items = [
    notification(),
    notification({ id: 'n2', type: 'success', kind: 'payouts', title: 'Payout paid', message: '12.50 XRP paid to you', read: true, createdAt: '2026-11-25T12:00:00.000Z', actionUrl: '/dashboard/smart-contracts', actionText: null }),
  ];

  it('lists each notification with its type, title, message, relative time and unread marker', () => {
    const html = render(<NotificationMenuView status="success" data={page(items)} error={null} now={now} onClose={noop} {...actions} />);
    expect(html).toContain('aria-label="Warning"');
    expect(html).toContain('aria-label="Success"');
    expect(html).toContain('A dispute was filed against your work');
    expect(html).toContain('Ben claims &quot;Night Drive&quot; copies his work.');
    expect(html).toContain('>5 minutes ago<');
    expect(html).toContain('>yesterday<');
    expect(html.match(/aria-label="Unread"/g)).toHaveLength(1);
    expect(html).toContain('1 unread');
  });

  it('offers Mark as read only on an unread item, Delete on each, and See all', () => {
    const html = render(<NotificationMenuView status="success" data={page(items)} error={null} now={now} onClose={noop} {...actions} />);
    expect(html).toContain('aria-label="Mark &quot;A dispute was filed against your work&quot; as read"');
    expect(html).not.toContain('aria-label="Mark &quot;Payout paid&quot; as read"');
    expect(html).toContain('aria-label="Delete &quot;Payout paid&quot;"');
    expect(html).toMatch(/<a href="\/notifications"[^>]*>See all notifications<\/a>/);
  });

  it('makes an item a button when opening it does something: a place to go, or marking it read', () => {
    const html = render(<NotificationMenuView status="success" data={page([...items, notification({ id: 'n3', title: 'Welcome tokens credited', read: true, actionUrl: null, actionText: null })])} error={null} now={now} onClose={noop} {...actions} />);
    expect(html.match(/<button type="button" class="notification-item__open"/g)).toHaveLength(2);
    expect(html).toMatch(/<div class="notification-item__open notification-item__open--static">(?:(?!<\/div>).)*Welcome tokens credited/);
  });

  it('turns Mark all as read off when nothing is unread', () => {
    const allRead = render(<NotificationMenuView status="success" data={page([items[1]!])} error={null} now={now} onClose={noop} {...actions} />);
    expect(allRead).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Mark all as read/);
    const unread = render(<NotificationMenuView status="success" data={page(items)} error={null} now={now} onClose={noop} {...actions} />);
    expect(unread).not.toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Mark all as read/);
  });

  it('says when there is nothing yet, and when the list could not be loaded', () => {
    expect(render(<NotificationMenuView status="success" data={page([])} error={null} now={now} onClose={noop} {...actions} />)).toContain('No notifications yet');
    const failed = render(<NotificationMenuView status="error" data={undefined} error={new Error('503: {"error":"Read model unavailable"}')} now={now} onClose={noop} {...actions} />);
    expect(failed).toContain('Notifications could not be loaded: Read model unavailable');
  });
});

describe('notifications page', () => {
  const view = (overrides: Partial<Parameters<typeof NotificationsPageView>[0]> = {}) =>
    render(<NotificationsPageView filters={DEFAULT_FILTERS} onFilters={noop} status="success" data={page([notification()])} error={null} now={now} showPreferences {...actions} {...overrides} />);

  it('offers the status, kind and type filters, the count and the link to the preferences', () => {
    const html = view();
    expect(html).toContain('aria-label="Filter notifications"');
    for (const label of ['>All<', '>Unread<', '>Read<', '>Kind<', '>Type<']) expect(html).toContain(label);
    expect(html).toContain('1 notification');
    expect(html).toContain('1 unread.');
    expect(html).toContain(`href="${PREFERENCES_PATH}"`);
    expect(view({ showPreferences: false })).not.toContain(PREFERENCES_PATH);
  });

  it('pages only past 20, from the page the address names', () => {
    expect(view()).not.toContain('p-paginator');
    const many = view({ filters: { ...DEFAULT_FILTERS, page: 2 }, data: page([notification()], { total: 45, page: 2, pageSize: 20 }) });
    expect(many).toContain('p-paginator');
    expect(many).toContain('21–40 of 45');
  });

  it('tells an empty filter from an empty inbox, and a page emptied by deletions', () => {
    expect(view({ data: page([]) })).toContain('No notifications yet');
    expect(view({ filters: { ...DEFAULT_FILTERS, status: 'unread' }, data: page([]) })).toContain('No notifications match these filters');
    expect(view({ filters: { ...DEFAULT_FILTERS, page: 3 }, data: page([], { total: 5 }) })).toContain('Go to the first page');
  });
});
