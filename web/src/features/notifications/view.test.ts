// The rules of how notifications read: the badge rounds above 9 while the bell's name keeps the
// exact figure, times read relative to now, and the page's filters survive the trip through its
// address (a wrong value reads as no filter) and become the API's query.
import { describe, expect, it } from 'vitest';
import { notificationListQuerySchema } from '../../../../domain/contracts/notifications';
import { badgeText, bellLabel, DEFAULT_FILTERS, filtersFromParams, filtersToParams, MENU_SEARCH_PARAMS, notificationSearchParams, PAGE_SIZE, relativeTime } from './view';

describe('the bell', () => {
  it('shows no badge at 0, the count up to 9, and 9+ above', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });

  it('names the exact unread count for a screen reader', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(12)).toBe('Notifications, 12 unread');
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(undefined)).toBe('Notifications');
  });

  it('asks the API for the newest 10, read or not', () => {
    expect(notificationListQuerySchema.parse(Object.fromEntries(new URLSearchParams(MENU_SEARCH_PARAMS)))).toEqual({ page: 1, pageSize: 10, status: 'all' });
  });
});

describe('relative time', () => {
  const now = new Date('2026-11-26T12:00:00.000Z');
  it('reads from now', () => {
    expect(relativeTime('2026-11-26T11:59:30.000Z', now)).toBe('just now');
    expect(relativeTime('2026-11-26T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-26T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-25T12:00:00.000Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-05T12:00:00.000Z', now)).toBe('3 weeks ago');
    expect(relativeTime('2025-10-01T12:00:00.000Z', now)).toBe('last year');
  });
});

describe('the page filters', () => {
  it('read what the address names and drop what it names wrongly', () => {
    expect(filtersFromParams(new URLSearchParams('status=unread&kind=deadline&type=warning&page=3'))).toEqual({ status: 'unread', kind: 'deadline', type: 'warning', page: 3 });
    expect(filtersFromParams(new URLSearchParams('status=new&kind=spam&type=loud&page=-2'))).toEqual(DEFAULT_FILTERS);
  });

  it('write only what differs from the defaults into the address, and back again', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    const filters = { status: 'read', kind: 'payouts', type: null, page: 2 } as const;
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
  });

  it('become a query the API accepts, a page of PAGE_SIZE', () => {
    const query = notificationListQuerySchema.parse(Object.fromEntries(new URLSearchParams(notificationSearchParams({ status: 'unread', kind: 'licenses', type: 'success', page: 2 }))));
    expect(query).toEqual({ page: 2, pageSize: PAGE_SIZE, status: 'unread', kind: 'licenses', type: 'success' });
  });
});
