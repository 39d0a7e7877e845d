// Reads of the notifications read model: a user's notifications (newest first, paged, filtered),
// the unread count, one notification, the preferences in force and the confirmed address, and the
// mail dispatcher's work list. A notification is shown when it is not deleted and its kind is on
// in app; a kind turned off keeps its rows (turning it on again shows them), they are just not listed
// or counted.
import {
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationListQuery,
  type NotificationType,
} from '../../domain/contracts/notifications';
import { effectivePreferences, type ChannelPreference, type InboxPreferences } from '../../domain/notifications/inbox.decider';
import type { MailableNotification, UnsentNotificationMail } from '../../domain/notifications/ports';
import type { Queryable } from '../../infra/db/db';

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  created_at: Date | string;
  action_url: string | null;
  action_text: string | null;
}

const COLUMNS = 'n.id, n.kind, n.type, n.title, n.message, n.read, n.created_at, n.action_url, n.action_text';
const FROM_VISIBLE = `FROM notifications n LEFT JOIN notification_inbox i ON i.user_id = n.user_id
  WHERE n.user_id = $1 AND NOT n.deleted AND COALESCE((i.preferences -> n.kind ->> 'inApp')::boolean, true)`;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    title: row.title,
    message: row.message,
    read: row.read,
    createdAt: new Date(row.created_at).toISOString(),
    actionUrl: row.action_url,
    actionText: row.action_text,
  };
}

/** The user's visible notifications matching the filters, newest first, one page of them. */
export async function listNotifications(db: Queryable, userId: string, query: Required<Omit<NotificationListQuery, 'kind' | 'type'>> & Pick<NotificationListQuery, 'kind' | 'type'>): Promise<NotificationList> {
  const page = Number(query.page);
  const pageSize = Number(query.pageSize);
  const params: unknown[] = [userId];
  let filters = '';
  if (query.status === 'unread') filters += ' AND NOT n.read';
  if (query.status === 'read') filters += ' AND n.read';
  if (query.kind) filters += ` AND n.kind = $${params.push(query.kind)}`;
  if (query.type) filters += ` AND n.type = $${params.push(query.type)}`;
  const [{ rows }, totals] = await Promise.all([
    db.query<NotificationRow>(
      `SELECT ${COLUMNS} ${FROM_VISIBLE}${filters} ORDER BY n.created_at DESC, n.seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    db.query<{ total: string; unread: string }>(
      `SELECT (SELECT count(*) ${FROM_VISIBLE}${filters})::text AS total, (SELECT count(*) ${FROM_VISIBLE} AND NOT n.read)::text AS unread`,
      params,
    ),
  ]);
  return { notifications: rows.map(toNotification), total: Number(totals.rows[0]!.total), unread: Number(totals.rows[0]!.unread), page, pageSize };
}

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ unread: string }>(`SELECT count(*)::text AS unread ${FROM_VISIBLE} AND NOT n.read`, [userId]);
  return Number(rows[0]!.unread);
}

/** One of the user's notifications that is not deleted; null for another user's, a deleted or an unknown id. */
export async function findNotification(db: Queryable, userId: string, id: string): Promise<Notification | null> {
  const { rows } = await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications n WHERE n.id = $2 AND n.user_id = $1 AND NOT n.deleted`, [userId, id]);
  return rows[0] ? toNotification(rows[0]) : null;
}

/** The preferences in force: the user's choices over the defaults. */
export async function preferencesOf(db: Queryable, userId: string): Promise<InboxPreferences> {
  const { rows } = await db.query<{ preferences: Partial<Record<NotificationKind, ChannelPreference>> | string }>('SELECT preferences FROM notification_inbox WHERE user_id = $1', [userId]);
  const stored = rows[0]?.preferences ?? {};
  return effectivePreferences(typeof stored === 'string' ? (JSON.parse(stored) as Partial<Record<NotificationKind, ChannelPreference>>) : stored);
}

/** The user's confirmed e-mail address, or null. */
export async function confirmedEmailOf(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string | null }>('SELECT email FROM notification_recipients WHERE user_id = $1', [userId]);
  return rows[0]?.email ?? null;
}

/**
 * Mailable notifications created since `since` that `sentTable` has no record of, to users with a
 * confirmed address, oldest first. The mail preference is checked per row (its default depends on
 * the kind).
 */
export async function unsentMail(db: Queryable, sentTable: string, since: Date, limit: number): Promise<MailableNotification[]> {
  const { rows } = await db.query<NotificationRow & { user_id: string; email: string; preferences: Record<string, ChannelPreference> | string | null }>(
    `SELECT ${COLUMNS}, n.user_id, r.email, i.preferences
       FROM notifications n
       JOIN notification_recipients r ON r.user_id = n.user_id AND r.email IS NOT NULL
       LEFT JOIN notification_inbox i ON i.user_id = n.user_id
       LEFT JOIN ${sentTable} s ON s.notification_id = n.id
      WHERE n.mailable AND NOT n.deleted AND n.created_at >= $1 AND s.notification_id IS NULL
      ORDER BY n.created_at, n.seq LIMIT $2`,
    [since, limit],
  );
  return rows.map((row) => {
    const stored = typeof row.preferences === 'string' ? (JSON.parse(row.preferences) as Record<string, ChannelPreference>) : (row.preferences ?? {});
    return { ...toNotification(row), userId: row.user_id, email: row.email, mailWanted: effectivePreferences(stored)[row.kind].email };
  });
}

/** The mail dispatcher's port (domain/notifications/ports.ts) on this read model. */
export function unsentNotificationMail(db: Queryable): UnsentNotificationMail {
  return { unsent: (sentTable, since, limit) => unsentMail(db, sentTable, since, limit) };
}
