// The dashboard frame: header across the top, icon rail on the left, the tab bar and the active
// tab's panel in the middle, and the sidebar on the right when the route gives one (the workflow
// progress sidebar, for a signed-in creator). The panels, the sidebar and the header's notification
// bell come from the route. On a phone (under 768 px) there is no room for the rail or the sidebar
// beside the panel: both move into a drawer that the header's menu button opens, and any navigation
// (a tab, a page, a workflow step) closes it.
import { Sidebar } from 'primereact/sidebar';
import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { User } from '../../../../../domain/contracts/auth';
import { PHONE_LAYOUT, useMediaQuery } from '../../../hooks/use-media-query';
import type { DashboardTab } from '../../../lib/dashboard-tabs';
import { DashboardHeader } from './dashboard-header';
import { LeftRail } from './left-rail';
import { TabBar } from './tab-bar';

interface DashboardLayoutProps {
  user: User | null;
  activeTab: DashboardTab;
  onSelectTab(tab: DashboardTab): void;
  /** Shown beside the panel; none, no sidebar column. */
  sidebar?: ReactNode;
  /** The header's notification bell, from the route. */
  notifications?: ReactNode;
  children: ReactNode;
}

export function DashboardLayout({ user, activeTab, onSelectTab, sidebar, notifications, children }: DashboardLayoutProps) {
  const phone = useMediaQuery(PHONE_LAYOUT);
  const { key } = useLocation();
  // The drawer belongs to the address it was opened on: navigating anywhere closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = phone && menuOpenedAt === key;
  const drawerId = useId();
  const menuButtonId = useId();

  return (
    <div className={sidebar && !phone ? 'dashboard dashboard--with-sidebar' : 'dashboard'}>
      <DashboardHeader
        user={user}
        onSelectTab={onSelectTab}
        notifications={notifications}
        menu={phone ? { open: menuOpen, controls: drawerId, buttonId: menuButtonId, onOpen: () => setMenuOpenedAt(key) } : undefined}
      />
      {!phone && <LeftRail activeTab={activeTab} onSelectTab={onSelectTab} />}
      <main className="dashboard__main" id="main">
        <TabBar activeTab={activeTab} onSelectTab={onSelectTab} />
        <div className="dashboard__panel" data-tab={activeTab}>
          {children}
        </div>
      </main>
      {!phone && sidebar}
      {phone && (
        <Sidebar
          id={drawerId}
          visible={menuOpen}
          onHide={() => {
            setMenuOpenedAt(null);
            // Closed without going anywhere (its close button, Escape, a tap beside it): back to the button that opened it.
            document.getElementById(menuButtonId)?.focus();
          }}
          position="left"
          className="dashboard-drawer"
          header={<span className="brand-mark gradient-text">GOOSE</span>}
          ariaCloseLabel="Close menu"
          pt={{ root: { role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu' } }}
          blockScroll
        >
          <LeftRail activeTab={activeTab} onSelectTab={onSelectTab} labelled />
          {sidebar}
        </Sidebar>
      )}
    </div>
  );
}
