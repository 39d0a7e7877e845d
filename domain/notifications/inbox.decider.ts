// A user's notification inbox: reading one notification, reading all of them up to an instant,
// deleting one, choosing per kind whether it shows in app and comes by mail, and a mail's one-click
// unsubscribe for its kind. Whether a notification exists and is the user's is the route's question
// (the notifications read model); the inbox only keeps the user's own choices. Reading or deleting twice decides nothing, and so does
// saving the preferences already in force. The kinds that ask the user to act cannot be hidden in app.
import { ACTION_NOTIFICATION_KINDS, defaultPreference, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '../contracts/notifications';
import { ValidationError } from '../shared/errors';
import { NotificationDeleted, NotificationPreferencesChanged, NotificationRead, NotificationsReadUpTo, type InboxEvent } from './inbox.events';

export interface ChannelPreference {
  inApp: boolean;
  email: boolean;
}
export type InboxPreferences = Record<NotificationKind, ChannelPreference>;

export interface InboxState {
  read: ReadonlySet<string>;
  deleted: ReadonlySet<string>;
  /** Everything created up to this instant is read (ISO), or null. */
  readUpTo: string | null;
  preferences: InboxPreferences;
}

export function defaultPreferences(): InboxPreferences {
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, defaultPreference(kind)])) as InboxPreferences;
}

/** Stored preferences over the defaults: a kind the user never chose keeps its default. */
export function effectivePreferences(stored: Partial<Record<NotificationKind, ChannelPreference>>): InboxPreferences {
  const preferences = defaultPreferences();
  for (const kind of NOTIFICATION_KINDS) {
    const chosen = stored[kind];
    if (chosen) preferences[kind] = { inApp: chosen.inApp, email: chosen.email };
  }
  return preferences;
}

export const initialInboxState: InboxState = { read: new Set(), deleted: new Set(), readUpTo: null, preferences: defaultPreferences() };

export type InboxCommand =
  | { type: 'MarkNotificationRead'; data: { userId: string; notificationId: string; readAt: string } }
  | { type: 'MarkAllNotificationsRead'; data: { userId: string; upTo: string; readAt: string } }
  | { type: 'DeleteNotification'; data: { userId: string; notificationId: string; deletedAt: string } }
  | { type: 'ChangeNotificationPreferences'; data: { userId: string; preferences: Partial<Record<NotificationKind, ChannelPreference>>; changedAt: string } }
  | { type: 'StopNotificationMail'; data: { userId: string; kind: NotificationKind; changedAt: string } };

export function decideInbox(command: InboxCommand, state: InboxState): InboxEvent[] {
  switch (command.type) {
    case 'MarkNotificationRead':
      return markRead(command.data, state);
    case 'MarkAllNotificationsRead':
      return markAllRead(command.data, state);
    case 'DeleteNotification':
      return deleteNotification(command.data, state);
    case 'ChangeNotificationPreferences':
      return changePreferences(command.data, state);
    case 'StopNotificationMail':
      return stopMail(command.data, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown inbox command ${JSON.stringify(unknown)}`);
    }
  }
}

function markRead(data: Extract<InboxCommand, { type: 'MarkNotificationRead' }>['data'], state: InboxState): InboxEvent[] {
  if (state.read.has(data.notificationId) || state.deleted.has(data.notificationId)) return [];
  return [NotificationRead.create(data)];
}

function markAllRead(data: Extract<InboxCommand, { type: 'MarkAllNotificationsRead' }>['data'], state: InboxState): InboxEvent[] {
  if (Number.isNaN(Date.parse(data.upTo))) throw new ValidationError('upTo: not a date');
  if (state.readUpTo !== null && Date.parse(state.readUpTo) >= Date.parse(data.upTo)) return [];
  return [NotificationsReadUpTo.create(data)];
}

function deleteNotification(data: Extract<InboxCommand, { type: 'DeleteNotification' }>['data'], state: InboxState): InboxEvent[] {
  return state.deleted.has(data.notificationId) ? [] : [NotificationDeleted.create(data)];
}

function changePreferences(data: Extract<InboxCommand, { type: 'ChangeNotificationPreferences' }>['data'], state: InboxState): InboxEvent[] {
  const hidden = ACTION_NOTIFICATION_KINDS.filter((kind) => data.preferences[kind]?.inApp === false);
  if (hidden.length > 0) {
    const names = hidden.map((kind) => `"${NOTIFICATION_KIND_LABELS[kind]}"`).join(', ');
    throw new ValidationError(`${names} ask you to act (a deadline can decide a case against you), so they always show in the app; you can still turn their mail off`);
  }
  return preferencesChange(state, effectivePreferences({ ...state.preferences, ...data.preferences }), data);
}

/** The one-click unsubscribe of a mail: that kind's mail off, its in-app setting kept. */
function stopMail(data: Extract<InboxCommand, { type: 'StopNotificationMail' }>['data'], state: InboxState): InboxEvent[] {
  return preferencesChange(state, { ...state.preferences, [data.kind]: { inApp: state.preferences[data.kind].inApp, email: false } }, data);
}

function preferencesChange(state: InboxState, next: InboxPreferences, data: { userId: string; changedAt: string }): InboxEvent[] {
  const same = NOTIFICATION_KINDS.every((kind) => next[kind].inApp === state.preferences[kind].inApp && next[kind].email === state.preferences[kind].email);
  return same ? [] : [NotificationPreferencesChanged.create({ userId: data.userId, preferences: next, changedAt: data.changedAt })];
}

export function evolveInbox(state: InboxState, event: InboxEvent): InboxState {
  switch (event.type) {
    case 'NotificationRead':
      return { ...state, read: new Set(state.read).add(event.data.notificationId) };
    case 'NotificationsReadUpTo':
      return { ...state, readUpTo: event.data.upTo };
    case 'NotificationDeleted':
      return { ...state, deleted: new Set(state.deleted).add(event.data.notificationId) };
    case 'NotificationPreferencesChanged':
      return { ...state, preferences: effectivePreferences(event.data.preferences) };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown inbox event ${JSON.stringify(unknown)}`);
    }
  }
}

export const inboxDecider = { decide: decideInbox, evolve: evolveInbox, initialState: initialInboxState };
