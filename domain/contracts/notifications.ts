// HTTP payloads of the notifications: the bell, its menu, the notifications page and the
// preferences on the settings page. Notifications are a read model of the events; the user's own
// commands (read, read all, delete, preferences) are events on their inbox stream.
import { z } from 'zod';

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What a notification is about: the unit a user turns on or off, in app and by mail. The kinds in
 * `ACTION_NOTIFICATION_KINDS` ask the user to act (a case against their work, a deadline, evidence
 * requested, an invitation, a support ticket's answer): they are always shown in app and are the only ones mailed.
 */
export const NOTIFICATION_KINDS = [
  'track_progress',
  'copyright_review',
  'registration',
  'dispute_against_you',
  'dispute_update',
  'evidence_requested',
  'deadline',
  'royalty_invitation',
  'royalty_receivers',
  'payouts',
  'releases',
  'licenses',
  'api_keys',
  'wallet',
  'support',
  'reference_hold',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const ACTION_NOTIFICATION_KINDS: readonly NotificationKind[] = ['dispute_against_you', 'evidence_requested', 'deadline', 'royalty_invitation', 'support', 'reference_hold'];

/** How each kind reads on the settings page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  track_progress: 'Mastering and copyright check results',
  copyright_review: 'Holds for review and review decisions',
  registration: 'Registration on the XRP Ledger',
  dispute_against_you: 'A dispute filed against your work',
  dispute_update: 'Answers, resolutions and appeals in your cases',
  evidence_requested: 'Evidence requested from you',
  deadline: 'Case deadlines approaching (7 days and 1 day before)',
  royalty_invitation: 'Invitations to receive royalties',
  royalty_receivers: 'Receivers accepting or declining your invitations',
  payouts: 'Royalty payouts paid to you',
  releases: 'Releases delivered or rejected by a store',
  licenses: 'Licenses sold or bought',
  api_keys: 'Developer API keys suspended',
  wallet: 'Payments credited and a low token balance',
  support: 'Replies from support and status changes on your tickets (support users: new tickets)',
  reference_hold: 'Uploads held because they match your reference recordings, and cases about works they match (rights holders)',
};

/** The bell's menu shows this many; the badge reads '9+' above 9. */
export const NOTIFICATION_MENU_SIZE = 10;
export const NOTIFICATION_BADGE_MAX = 9;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  /** An in-app path to the exact place (the case, the track's workflow, the contract, …). */
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications query: newest first, paged, filtered. */
export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_MENU_SIZE),
  status: z.enum(['all', 'unread', 'read']).default('all'),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  type: z.enum(NOTIFICATION_TYPES).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Matching the filters, over all pages. */
  total: z.number().int().min(0),
  /** Unread in all of the user's notifications, whatever the filters. */
  unread: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

/** GET /api/notifications/count. */
export const notificationCountResponseSchema = z.object({ unread: z.number().int().min(0) });

/** PATCH /api/notifications/{id}/read. */
export const notificationReadResponseSchema = z.object({ notification: notificationSchema });

/** PATCH /api/notifications/read-all: how many were unread. */
export const notificationsReadAllResponseSchema = z.object({ marked: z.number().int().min(0) });

/** DELETE /api/notifications/{id}. */
export const notificationDeletedResponseSchema = z.object({ deleted: z.literal(true), id: z.string() });

export const channelPreferenceSchema = z.object({ inApp: z.boolean(), email: z.boolean() });

/** GET and PUT /api/notifications/preferences: every kind, in app and by mail. */
export const notificationPreferencesSchema = z.object({
  preferences: z.record(z.enum(NOTIFICATION_KINDS), channelPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>['preferences'];

/** GET /api/notifications/preferences also says whether mail can reach the user at all. */
export const notificationPreferencesResponseSchema = notificationPreferencesSchema.extend({
  /** The confirmed address mail goes to, or null (then nothing is mailed). */
  email: z.string().nullable(),
  /** 'smtp' when an SMTP server is set, 'outbox' when mail is written to the server's outbox. */
  mailTransport: z.enum(['smtp', 'outbox']),
});

/** The default for a kind: every kind in app; by mail only the kinds that ask the user to act. */
export function defaultPreference(kind: NotificationKind): z.infer<typeof channelPreferenceSchema> {
  return { inApp: true, email: ACTION_NOTIFICATION_KINDS.includes(kind) };
}
