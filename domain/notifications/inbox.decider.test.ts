// Given / when / then specifications of a user's notification inbox: reading and deleting decide
// once, mark-all-read moves forward only, preferences change only when they differ, the kinds that
// ask the user to act cannot be hidden in app, and a mail's unsubscribe turns off that kind's mail only.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { ValidationError } from '../shared/errors';
import { defaultPreferences, inboxDecider, type InboxCommand } from './inbox.decider';
import { NotificationDeleted, NotificationPreferencesChanged, NotificationRead, NotificationsReadUpTo } from './inbox.events';

const { given, when } = deciderSpec(inboxDecider);
const userId = '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f';
const NOW = '2026-11-26T10:00:00.000Z';
const LATER = '2026-11-27T10:00:00.000Z';

const read = NotificationRead.create({ userId, notificationId: 'n1', readAt: NOW });
const markRead = (notificationId = 'n1'): InboxCommand => ({ type: 'MarkNotificationRead', data: { userId, notificationId, readAt: NOW } });
const deleted = NotificationDeleted.create({ userId, notificationId: 'n1', deletedAt: NOW });
const remove: InboxCommand = { type: 'DeleteNotification', data: { userId, notificationId: 'n1', deletedAt: NOW } };
const readAll = (upTo: string): InboxCommand => ({ type: 'MarkAllNotificationsRead', data: { userId, upTo, readAt: upTo } });

describe('notification inbox decider', () => {
  it('reads a notification once; reading it again, or reading a deleted one, decides nothing', () => {
    expect(when([], markRead())).toEqual([read]);
    expect(given(read).read.has('n1')).toBe(true);
    expect(when([read], markRead())).toEqual([]);
    expect(when([deleted], markRead())).toEqual([]);
    expect(when([read], markRead('n2'))).toEqual([NotificationRead.create({ userId, notificationId: 'n2', readAt: NOW })]);
  });

  it('deletes a notification once', () => {
    expect(when([], remove)).toEqual([deleted]);
    expect(when([read], remove)).toEqual([deleted]);
    expect(when([deleted], remove)).toEqual([]);
  });

  it('marks all read up to an instant, moving forward only', () => {
    const upToNow = NotificationsReadUpTo.create({ userId, upTo: NOW, readAt: NOW });
    expect(when([], readAll(NOW))).toEqual([upToNow]);
    expect(given(upToNow).readUpTo).toBe(NOW);
    expect(when([upToNow], readAll(NOW))).toEqual([]);
    expect(when([upToNow], readAll(LATER))).toEqual([NotificationsReadUpTo.create({ userId, upTo: LATER, readAt: LATER })]);
  });

  it('changes preferences only when they differ, keeping the kinds not named', () => {
    const command: InboxCommand = { type: 'ChangeNotificationPreferences', data: { userId, preferences: { payouts: { inApp: false, email: true } }, changedAt: NOW } };
    const expected = { ...defaultPreferences(), payouts: { inApp: false, email: true } };
    const changed = NotificationPreferencesChanged.create({ userId, preferences: expected, changedAt: NOW });
    expect(when([], command)).toEqual([changed]);
    expect(given(changed).preferences).toEqual(expected);
    expect(when([changed], command)).toEqual([]);
    expect(when([], { type: 'ChangeNotificationPreferences', data: { userId, preferences: defaultPreferences(), changedAt: NOW } })).toEqual([]);
  });

  it('refuses to hide a kind that asks the user to act, saying why; its mail may go off', () => {
    const hide: InboxCommand = { type: 'ChangeNotificationPreferences', data: { userId, preferences: { deadline: { inApp: false, email: false } }, changedAt: NOW } };
    expect(() => when([], hide)).toThrow(ValidationError);
    expect(() => when([], hide)).toThrow(/Case deadlines approaching.*always show in the app/);
    const mailOff: InboxCommand = { type: 'ChangeNotificationPreferences', data: { userId, preferences: { deadline: { inApp: true, email: false } }, changedAt: NOW } };
    expect(given(...when([], mailOff)).preferences.deadline).toEqual({ inApp: true, email: false });
  });

  it("stops one kind's mail (the unsubscribe link), keeping its in-app setting; a second click decides nothing", () => {
    const stop: InboxCommand = { type: 'StopNotificationMail', data: { userId, kind: 'evidence_requested', changedAt: NOW } };
    const [event] = when([], stop);
    expect(event?.type).toBe('NotificationPreferencesChanged');
    const state = given(event!);
    expect(state.preferences.evidence_requested).toEqual({ inApp: true, email: false });
    expect(state.preferences.deadline).toEqual({ inApp: true, email: true });
    expect(when([event!], stop)).toEqual([]);
  });
});
