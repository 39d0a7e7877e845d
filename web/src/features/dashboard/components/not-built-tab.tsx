// The dashboard tabs whose areas are not built yet. Each says what the area is for and, plainly,
// that it is not available; no sample data, no buttons that go nowhere.
import { NotAvailablePanel } from '../../../components/ui/not-available-panel';
import type { DashboardTab } from '../../../lib/dashboard-tabs';

type NotBuiltTab = Exclude<DashboardTab, 'welcome' | 'upload' | 'vault' | 'mastering' | 'oracle' | 'distributions' | 'smart-contracts' | 'developer'>;

const AREAS: Record<NotBuiltTab, { title: string; icon: string; summary: string; plans: string[] }> = {
  create: {
    title: 'Create',
    icon: 'pi-sparkles',
    summary: 'AI music creation is not available yet. You can already upload music you made elsewhere from the Upload tab.',
    plans: ['Generate tracks from a prompt, paid in tokens', 'Send generated tracks straight to mastering'],
  },
  analytics: {
    title: 'Earnings & Analytics',
    icon: 'pi-chart-bar',
    summary:
      'This overview is not available yet. Your content and its status are in the Vault tab; royalty earnings and payouts are in the Smart Contracts tab (Royalty History and Analytics).',
    plans: ['Content by type and copyright status', 'Token earnings and spending'],
  },
  support: {
    title: 'Support',
    icon: 'pi-headphones',
    summary: 'In-app support is not available yet.',
    plans: ['Support requests and answers in one place'],
  },
  faq: {
    title: 'Frequently Asked Questions',
    icon: 'pi-book',
    summary: 'The FAQ is not written yet.',
    plans: ['Answers about the platform, pricing, copyright, music and technical questions'],
  },
};

export function NotBuiltTabPanel({ tab }: { tab: NotBuiltTab }) {
  const area = AREAS[tab];
  return <NotAvailablePanel title={area.title} icon={area.icon} summary={area.summary} plans={area.plans} />;
}

export function isNotBuiltTab(tab: DashboardTab): tab is NotBuiltTab {
  return tab in AREAS;
}
