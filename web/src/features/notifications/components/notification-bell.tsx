// The header's bell: the unread count on a badge ('9+' above 9; the accessible name says the exact
// figure) and, on a click or Enter, the menu in an overlay. Escape or a click outside closes it and
// focus returns to the bell. Shown only where the server keeps notifications (the capability).
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef, useState } from 'react';
import { useCapability } from '../../../lib/capabilities';
import { useNotificationCount } from '../api/notifications';
import { badgeText, bellLabel } from '../view';
import '../notifications.css';
import { NotificationMenu } from './notification-menu';

const MENU_ID = 'notification-menu';

export function NotificationBell() {
  const { available } = useCapability('notifications');
  const count = useNotificationCount({ enabled: available });
  if (!available) return null;
  return <NotificationBellView unread={count.data} failed={count.isError} />;
}

/** The bell with a known (or not yet known) count; the overlay's menu fetches its list when opened. */
export function NotificationBellView({ unread, failed = false }: { unread: number | undefined; failed?: boolean }) {
  const panel = useRef<OverlayPanel>(null);
  const bell = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const badge = unread === undefined ? null : badgeText(unread);
  const close = () => panel.current?.hide();

  return (
    <span ref={bell} className="notification-bell">
      <Button
        icon="pi pi-bell"
        rounded
        text
        className="notification-bell__button"
        aria-label={failed ? 'Notifications, unread count could not be loaded' : bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? MENU_ID : undefined}
        badge={badge ?? undefined}
        badgeClassName="p-badge-danger notification-bell__badge"
        onClick={(event) => panel.current?.toggle(event)}
      />
      <OverlayPanel
        ref={panel}
        id={MENU_ID}
        className="notification-overlay"
        pt={{ root: { role: 'dialog', 'aria-labelledby': 'notification-menu-title' } }}
        onShow={() => {
          setOpen(true);
          // Into the menu, so Tab walks its items next; the overlay sits at the end of the page.
          document.getElementById(MENU_ID)?.querySelector<HTMLElement>('.notification-menu')?.focus();
        }}
        onHide={() => {
          setOpen(false);
          // Closed from inside (Escape, an item opened): focus is in the menu or went with it, so it comes back
          // to the bell; closed by a click elsewhere, focus stays where that click put it.
          const focused = document.activeElement;
          if (focused === null || focused === document.body || document.getElementById(MENU_ID)?.contains(focused)) bell.current?.querySelector('button')?.focus();
        }}
      >
        <NotificationMenu onClose={close} />
      </OverlayPanel>
    </span>
  );
}
