// Events of a user's notification inbox (stream `notification-inbox-<userId>`): what the user did
// with their notifications (read one, read all up to an instant, delete one) and which kinds they
// want in app and by mail. The notifications themselves are a read model of the other areas'
// events; these events are the user's own, so read state and preferences survive a rebuild.
import { z } from 'zod';
import { channelPreferenceSchema, NOTIFICATION_KINDS } from '../contracts/notifications';
import { defineEvent } from '../shared/events';

const id = z.string().min(1).max(200);
const at = z.iso.datetime();

export const NotificationRead = defineEvent('NotificationRead', 1, z.object({ userId: z.uuid(), notificationId: id, readAt: at }));

/** Mark all read: every notification created up to `upTo` is read, so a rebuild reads the same ones. */
export const NotificationsReadUpTo = defineEvent('NotificationsReadUpTo', 1, z.object({ userId: z.uuid(), upTo: at, readAt: at }));

export const NotificationDeleted = defineEvent('NotificationDeleted', 1, z.object({ userId: z.uuid(), notificationId: id, deletedAt: at }));

/** The user's whole set of preferences after the change (a kind left out keeps its default). */
export const NotificationPreferencesChanged = defineEvent(
  'NotificationPreferencesChanged',
  1,
  z.object({ userId: z.uuid(), preferences: z.partialRecord(z.enum(NOTIFICATION_KINDS), channelPreferenceSchema), changedAt: at }),
);

export const inboxEventDefinitions = [NotificationRead, NotificationsReadUpTo, NotificationDeleted, NotificationPreferencesChanged] as const;

export type InboxEvent = ReturnType<(typeof inboxEventDefinitions)[number]['create']>;

export const INBOX_EVENT_TYPES: ReadonlySet<string> = new Set(inboxEventDefinitions.map((d) => d.type));

export function inboxStreamId(userId: string): string {
  return `notification-inbox-${userId}`;
}
