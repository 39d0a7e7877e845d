// The bell's menu: the newest NOTIFICATION_MENU_SIZE notifications with Mark all as read, each
// item's own actions, an empty state, the failure in plain words, and See all (the page).
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import type { NotificationList as NotificationPage } from '../../../../../domain/contracts/notifications';
import { useNow } from '../../../hooks/use-now';
import { errorMessage } from '../../../lib/api-client';
import { useNotifications } from '../api/notifications';
import { MENU_SEARCH_PARAMS } from '../view';
import { NotificationList, type NotificationActions } from './notification-list';
import { useNotificationActions } from './use-notification-actions';

export const NOTIFICATIONS_PATH = '/notifications';

/** The menu with its data; `onClose` hides the overlay (after an item opens, or See all). */
export function NotificationMenu({ onClose }: { onClose(): void }) {
  const list = useNotifications(MENU_SEARCH_PARAMS);
  const actions = useNotificationActions({ onNavigate: onClose });
  const now = useNow(60_000);
  return <NotificationMenuView status={list.status} data={list.data} error={list.error} now={now} onClose={onClose} {...actions} />;
}

interface NotificationMenuViewProps extends NotificationActions {
  status: 'pending' | 'error' | 'success';
  data: NotificationPage | undefined;
  error: unknown;
  now: Date;
  onClose(): void;
  markAllRead(): void;
  markingAll: boolean;
}

export function NotificationMenuView({ status, data, error, now, onClose, markAllRead, markingAll, ...actions }: NotificationMenuViewProps) {
  const unread = data?.unread ?? 0;
  return (
    <div className="notification-menu" tabIndex={-1}>
      <div className="notification-menu__header">
        <h2 className="notification-menu__title" id="notification-menu-title">
          Notifications
          {unread > 0 && <span className="muted notification-menu__unread"> · {unread} unread</span>}
        </h2>
        <Button label="Mark all as read" icon="pi pi-check-square" text size="small" onClick={markAllRead} disabled={unread === 0} loading={markingAll} />
      </div>
      <div className="notification-menu__body">
        {status === 'pending' && <p className="muted notification-menu__state">Loading notifications...</p>}
        {status === 'error' && <Message severity="error" text={`Notifications could not be loaded: ${errorMessage(error, 'Unknown error')}`} />}
        {status === 'success' && data && data.notifications.length === 0 && (
          <div className="notification-empty">
            <i className="pi pi-bell" aria-hidden="true" />
            <p>No notifications yet</p>
            <p className="muted">Cases about your work, deadlines, invitations, payouts and sales will show here.</p>
          </div>
        )}
        {data && data.notifications.length > 0 && <NotificationList notifications={data.notifications} now={now} compact {...actions} />}
      </div>
      <div className="notification-menu__footer">
        <Link to={NOTIFICATIONS_PATH} onClick={onClose}>
          See all notifications
        </Link>
      </div>
    </div>
  );
}
