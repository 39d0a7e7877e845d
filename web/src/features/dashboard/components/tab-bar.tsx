// The visible tab bar: seven of the dashboard's tabs. The others (welcome,
// analytics, support, developer, faq) are reached from the rail and the header.
import { TabMenu } from 'primereact/tabmenu';
import type { DashboardTab } from '../../../lib/dashboard-tabs';

const VISIBLE_TABS: { tab: DashboardTab; label: string; icon: string }[] = [
  { tab: 'upload', label: 'Upload', icon: 'pi pi-cloud-upload' },
  { tab: 'create', label: 'Create', icon: 'pi pi-sparkles' },
  { tab: 'mastering', label: 'Master', icon: 'pi pi-sliders-h' },
  { tab: 'oracle', label: 'Copyright Oracle', icon: 'pi pi-shield' },
  { tab: 'smart-contracts', label: 'Smart Contracts', icon: 'pi pi-file-edit' },
  { tab: 'vault', label: 'Vault', icon: 'pi pi-lock' },
  { tab: 'distributions', label: 'Distributions', icon: 'pi pi-send' },
];

export function TabBar({ activeTab, onSelectTab }: { activeTab: DashboardTab; onSelectTab(tab: DashboardTab): void }) {
  const activeIndex = VISIBLE_TABS.findIndex(({ tab }) => tab === activeTab);
  return (
    <TabMenu
      className="tab-bar"
      pt={{
        menu: { 'aria-label': 'Dashboard tabs' },
        // On a tab the bar does not show (welcome, analytics, support, developer, faq) PrimeReact leaves
        // no item in the Tab order; the first one stands in, so the bar can still be reached by keyboard.
        action: ({ context }: { context: { index: number } }) => (activeIndex < 0 && context.index === 0 ? { tabIndex: 0 } : {}),
      }}
      model={VISIBLE_TABS.map(({ label, icon }) => ({ label, icon }))}
      activeIndex={activeIndex}
      onTabChange={(event) => {
        const next = VISIBLE_TABS[event.index];
        if (next) onSelectTab(next.tab);
      }}
    />
  );
}
