// The visible tab bar: seven of the dashboard's tabs. The others (welcome,
// analytics, support, developer, faq) are reached from the rail and the header. Where the bar is
// narrower than its tabs (a phone) it scrolls sideways within itself, and brings the active tab into view.
import { TabMenu } from 'primereact/tabmenu';
import { useEffect, useRef } from 'react';
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
  const menu = useRef<TabMenu>(null);

  useEffect(() => {
    let current = true;
    const bringIntoView = () => {
      const bar = menu.current?.getElement();
      const active = bar?.querySelector('.p-highlight');
      if (!current || !bar || !active || bar.scrollWidth <= bar.clientWidth) return;
      const barBox = bar.getBoundingClientRect();
      const tabBox = active.getBoundingClientRect();
      // Centred in the bar; only the bar scrolls, never the page.
      bar.scrollLeft += tabBox.left - barBox.left - (barBox.width - tabBox.width) / 2;
    };
    bringIntoView();
    // On a first load the tabs widen once the web font arrives: measure again then.
    void document.fonts.ready.then(bringIntoView);
    return () => {
      current = false;
    };
  }, [activeIndex]);

  return (
    <TabMenu
      ref={menu}
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
