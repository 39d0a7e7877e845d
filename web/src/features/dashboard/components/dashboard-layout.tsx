// The dashboard frame: header across the top, icon rail on the left, the tab bar and the active
// tab's panel in the middle, and the sidebar on the right when the route gives one (the workflow
// progress sidebar, for a signed-in creator). The panels, the sidebar and the header's notification
// bell come from the route.
import type { ReactNode } from 'react';
import type { User } from '../../../../../domain/contracts/auth';
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
  return (
    <div className={sidebar ? 'dashboard dashboard--with-sidebar' : 'dashboard'}>
      <DashboardHeader user={user} onSelectTab={onSelectTab} notifications={notifications} />
      <LeftRail activeTab={activeTab} onSelectTab={onSelectTab} />
      <main className="dashboard__main" id="main">
        <TabBar activeTab={activeTab} onSelectTab={onSelectTab} />
        <div className="dashboard__panel" data-tab={activeTab}>
          {children}
        </div>
      </main>
      {sidebar}
    </div>
  );
}
