// One list of notifications, shared by the bell's menu and the notifications page: each with its
// type's icon, title, message, relative time and an unread marker. The item itself is a button that
// opens it (marks it read and goes to the exact place it names), plain text when read with no place
// to go; beside it, Mark as read (while unread) and Delete. Every control is a real button, so Tab
// reaches each in turn.
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import type { Notification } from '../../../../../domain/contracts/notifications';
import { relativeTime, TYPE_DISPLAY } from '../view';

export interface NotificationActions {
  onOpen(notification: Notification): void;
  onMarkRead(notification: Notification): void;
  onDelete(notification: Notification): void;
  /** Ids with a request in flight: their buttons wait. */
  busyIds?: ReadonlySet<string>;
}

interface NotificationListProps extends NotificationActions {
  notifications: readonly Notification[];
  now: Date;
  /** The menu's rows are compact: the message is clipped to two lines. */
  compact?: boolean;
}

export function NotificationList({ notifications, now, compact = false, ...actions }: NotificationListProps) {
  return (
    <ul className={compact ? 'notification-list notification-list--compact' : 'notification-list'}>
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} now={now} {...actions} />
      ))}
    </ul>
  );
}

/** The item's body: a button when opening it does something, else plain text. */
function Opener({ onClick, disabled, className, children }: { onClick?: () => void; disabled: boolean; className: string; children: ReactNode }) {
  if (!onClick) return <div className={`${className} ${className}--static`}>{children}</div>;
  return (
    <button type="button" className={className} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

function NotificationItem({ notification, now, onOpen, onMarkRead, onDelete, busyIds }: NotificationActions & { notification: Notification; now: Date }) {
  const type = TYPE_DISPLAY[notification.type];
  const busy = busyIds?.has(notification.id) ?? false;
  // Opening marks it read and goes to its place; a read one with no place has nothing to open.
  const opens = notification.actionUrl !== null || !notification.read;
  const className = `notification-item notification-item--${notification.type}${notification.read ? '' : ' notification-item--unread'}`;
  return (
    <li className={className}>
      <Opener className="notification-item__open" onClick={opens ? () => onOpen(notification) : undefined} disabled={busy}>
        <i className={`pi ${type.icon} notification-item__icon`} role="img" aria-label={type.label} />
        <span className="notification-item__text">
          <span className="notification-item__title">
            {!notification.read && (
              <span className="notification-item__unread" role="img" aria-label="Unread" />
            )}
            {notification.title}
          </span>
          <span className="notification-item__message">{notification.message}</span>
          <span className="notification-item__meta">
            <time dateTime={notification.createdAt} title={new Date(notification.createdAt).toLocaleString()}>
              {relativeTime(notification.createdAt, now)}
            </time>
            {notification.actionUrl && notification.actionText && <span className="notification-item__action">{notification.actionText}</span>}
          </span>
        </span>
      </Opener>
      <span className="notification-item__buttons">
        {!notification.read && (
          <Button icon="pi pi-check" rounded text size="small" aria-label={`Mark "${notification.title}" as read`} onClick={() => onMarkRead(notification)} disabled={busy} />
        )}
        <Button icon="pi pi-trash" rounded text size="small" severity="secondary" aria-label={`Delete "${notification.title}"`} onClick={() => onDelete(notification)} disabled={busy} />
      </span>
    </li>
  );
}
