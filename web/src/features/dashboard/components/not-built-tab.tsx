// The dashboard tabs whose areas are not built yet, or not offered by this server. Each says what
// the area is for and, plainly, that it is not available; no sample data, no buttons that go
// nowhere. An area the server reports as a capability takes its name and its reason from that
// report, so the tab says what the server says; Create shows here only while the server reports
// its `creation-engine` off (the dashboard shows the studio when it is on). The FAQ and Support are
// built (their own tabs).
import { NotAvailablePanel } from '../../../components/ui/not-available-panel';
import { useCapabilities, type CapabilityId, type CapabilityReport } from '../../../lib/capabilities';
import type { DashboardTab } from '../../../lib/dashboard-tabs';

type NotBuiltTab = Exclude<DashboardTab, 'welcome' | 'upload' | 'vault' | 'mastering' | 'oracle' | 'distributions' | 'smart-contracts' | 'developer' | 'analytics' | 'faq' | 'support'>;

interface Area {
  title: string;
  icon: string;
  /** The capability this area is, when the server reports one; its reason leads the summary. */
  capability?: CapabilityId;
  summary: string;
  plans: string[];
}

const AREAS: Record<NotBuiltTab, Area> = {
  create: {
    title: 'Create',
    icon: 'pi-sparkles',
    capability: 'creation-engine',
    summary: 'You can upload music you made elsewhere from the Upload tab.',
    plans: [],
  },
};

/** The area's summary: the server's name and reason for its capability first, when it has one. */
export function areaSummary(tab: NotBuiltTab, report: CapabilityReport | undefined): string {
  const { capability, summary } = AREAS[tab];
  const reported = capability ? report?.[capability] : undefined;
  return (reported?.reason ? `${reported.name}: ${reported.reason} ${summary}` : summary).trim();
}

export function NotBuiltTabPanel({ tab }: { tab: NotBuiltTab }) {
  const area = AREAS[tab];
  const report = useCapabilities().data;
  return <NotAvailablePanel title={area.title} icon={area.icon} summary={areaSummary(tab, report)} plans={area.plans} />;
}

export function isNotBuiltTab(tab: DashboardTab): tab is NotBuiltTab {
  return tab in AREAS;
}
