// How notifications read on screen, kept apart from the components so the rules are tested on their
// own: the badge ('9+' above NOTIFICATION_BADGE_MAX), the bell's accessible name, each type's icon,
// the relative time, and the notifications page's filters as they travel in its address.
import {
  NOTIFICATION_BADGE_MAX,
  NOTIFICATION_KINDS,
  NOTIFICATION_MENU_SIZE,
  NOTIFICATION_TYPES,
  type NotificationKind,
  type NotificationType,
} from '../../../../domain/contracts/notifications';

/** What the badge shows, or null when nothing is unread (no badge at all). */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(unread);
}

/** The bell's accessible name: the count in words, exact (the badge may round it to '9+'). */
export function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return 'Notifications';
  return unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
}

export const TYPE_DISPLAY: Record<NotificationType, { label: string; icon: string }> = {
  success: { label: 'Success', icon: 'pi-check-circle' },
  error: { label: 'Error', icon: 'pi-times-circle' },
  warning: { label: 'Warning', icon: 'pi-exclamation-triangle' },
  info: { label: 'Info', icon: 'pi-info-circle' },
};

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": when it happened, seen from `now`. */
export function relativeTime(iso: string, now: Date): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(Math.trunc(seconds / 60), 'minute');
}

/** The bell's menu: the newest NOTIFICATION_MENU_SIZE, read or not. */
export const MENU_SEARCH_PARAMS = new URLSearchParams({ page: '1', pageSize: String(NOTIFICATION_MENU_SIZE) }).toString();

export const PAGE_SIZE = 20;
export const NOTIFICATION_STATUSES = ['all', 'unread', 'read'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export interface NotificationFilters {
  status: NotificationStatus;
  kind: NotificationKind | null;
  type: NotificationType | null;
  page: number;
}

export const DEFAULT_FILTERS: NotificationFilters = { status: 'all', kind: null, type: null, page: 1 };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => (values as readonly (string | null)[]).includes(value) ? (value as T) : null;

/** The filters an address names; anything it names wrongly reads as no filter. */
export function filtersFromParams(params: URLSearchParams): NotificationFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    status: oneOf(NOTIFICATION_STATUSES, params.get('status')) ?? 'all',
    kind: oneOf(NOTIFICATION_KINDS, params.get('kind')),
    type: oneOf(NOTIFICATION_TYPES, params.get('type')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page's address query: only what differs from the defaults. */
export function filtersToParams(filters: NotificationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.type) params.set('type', filters.type);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** GET /api/notifications's query for these filters, PAGE_SIZE a page. */
export function notificationSearchParams(filters: NotificationFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: String(PAGE_SIZE), status: filters.status });
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.type) params.set('type', filters.type);
  return params.toString();
}

export const hasFilters = (filters: NotificationFilters) => filters.status !== 'all' || filters.kind !== null || filters.type !== null;
