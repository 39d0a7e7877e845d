// The dashboard frame: header across the top, icon rail on the left, the tab bar and the active
// tab's panel in the middle, and for a signed-in creator the workflow progress sidebar on the
// right (collapsible). The panels themselves come from the route.
import type { ReactNode } from 'react';
import type { User } from '../../../../../domain/contracts/auth';
import type { DashboardTab } from '../../../lib/dashboard-tabs';
import { WorkflowSidebar } from '../../workflow-sidebar/components/workflow-sidebar';
import { DashboardHeader } from './dashboard-header';
import { LeftRail } from './left-rail';
import { TabBar } from './tab-bar';

interface DashboardLayoutProps {
  user: User | null;
  activeTab: DashboardTab;
  onSelectTab(tab: DashboardTab): void;
  children: ReactNode;
}

export function DashboardLayout({ user, activeTab, onSelectTab, children }: DashboardLayoutProps) {
  return (
    <div className={user ? 'dashboard dashboard--with-sidebar' : 'dashboard'}>
      <DashboardHeader user={user} onSelectTab={onSelectTab} />
      <LeftRail activeTab={activeTab} onSelectTab={onSelectTab} />
      <main className="dashboard__main" id="main">
        <TabBar activeTab={activeTab} onSelectTab={onSelectTab} />
        <div className="dashboard__panel" data-tab={activeTab}>
          {children}
        </div>
      </main>
      {user && <WorkflowSidebar key={user.id} />}
    </div>
  );
}
