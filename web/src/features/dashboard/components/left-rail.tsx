// The left icon rail: switches dashboard tabs, and links by full page load to the
// registry, proof, marketplace and dispute pages, the planned streaming platform's waiting list, for
// operators the operations page, for support users the support queue, and for rights holders the reference catalogue. On a phone the same
// links sit in the menu drawer, each with its name beside its icon.
import { Button } from 'primereact/button';
import { Divider } from 'primereact/divider';
import { Tooltip } from 'primereact/tooltip';
import type { DashboardTab } from '../../../lib/dashboard-tabs';
import { useRoles } from '../../../lib/use-roles';

const TAB_LINKS: { tab: DashboardTab; label: string; icon: string }[] = [
  { tab: 'welcome', label: 'Get started', icon: 'pi-home' },
  { tab: 'create', label: 'Create', icon: 'pi-sparkles' },
  { tab: 'mastering', label: 'Master', icon: 'pi-sliders-h' },
  { tab: 'oracle', label: 'Copyright Oracle', icon: 'pi-shield' },
  { tab: 'vault', label: 'Vault', icon: 'pi-lock' },
  { tab: 'distributions', label: 'Distributions', icon: 'pi-send' },
  { tab: 'smart-contracts', label: 'Smart Contracts', icon: 'pi-file-edit' },
  { tab: 'support', label: 'Support', icon: 'pi-headphones' },
  { tab: 'faq', label: 'FAQ', icon: 'pi-book' },
];

/** The drawer's too: on a phone the header has no room for the developer API button, and analytics
 * is otherwise only in the account menu. */
const DRAWER_TAB_LINKS: typeof TAB_LINKS = [
  { tab: 'analytics', label: 'Earnings & Analytics', icon: 'pi-chart-bar' },
  { tab: 'developer', label: 'Developer API', icon: 'pi-code' },
];

const PAGE_LINKS = [
  { href: '/rights-registry', label: 'Rights Registry', icon: 'pi-search' },
  { href: '/proof-explorer', label: 'Proof Explorer', icon: 'pi-verified' },
  { href: '/licensing-marketplace', label: 'Licensing Marketplace', icon: 'pi-shopping-bag' },
  { href: '/dispute-management', label: 'Dispute Management', icon: 'pi-flag' },
  { href: '/streaming', label: 'Per-stream platform (planned): waiting list', icon: 'pi-list' },
];

/** Shown only to operators (the server refuses everyone else anyway). */
const OPERATOR_LINK = { href: '/operations', label: 'Operations', icon: 'pi-server' };
/** Shown only to support users (likewise). */
export const SUPPORT_QUEUE_LINK = { href: '/support/queue', label: 'Support queue', icon: 'pi-inbox' };
/** Shown only to rights holders (likewise). */
export const REFERENCE_CATALOGUE_LINK = { href: '/references', label: 'Reference catalogue', icon: 'pi-database' };
/** Shown only to rights holders: the uploads held for their references. */
export const REFERENCE_HOLDS_LINK = { href: '/references/holds', label: 'Holds on your references', icon: 'pi-shield' };

interface LeftRailProps {
  activeTab: DashboardTab;
  onSelectTab(tab: DashboardTab): void;
  /** In the phone's menu drawer: each link shows its name, not only a tooltip. */
  labelled?: boolean;
}

export function LeftRail({ activeTab, onSelectTab, labelled = false }: LeftRailProps) {
  const { has } = useRoles();
  const pageLinks = [...PAGE_LINKS, ...(has('operator') ? [OPERATOR_LINK] : []), ...(has('support') ? [SUPPORT_QUEUE_LINK] : []), ...(has('rights_holder') ? [REFERENCE_CATALOGUE_LINK, REFERENCE_HOLDS_LINK] : [])];
  return (
    <nav className={labelled ? 'left-rail left-rail--labelled' : 'left-rail'} aria-label="Sections">
      {!labelled && <Tooltip target=".left-rail [data-pr-tooltip]" position="right" />}
      {(labelled ? [...TAB_LINKS, ...DRAWER_TAB_LINKS] : TAB_LINKS).map(({ tab, label, icon }) => (
        <Button
          key={tab}
          icon={`pi ${icon}`}
          label={labelled ? label : undefined}
          rounded={!labelled}
          text={activeTab !== tab}
          className="left-rail__button"
          aria-label={label}
          aria-current={activeTab === tab ? 'page' : undefined}
          data-pr-tooltip={labelled ? undefined : label}
          onClick={() => onSelectTab(tab)}
        />
      ))}
      <Divider className="left-rail__divider" />
      {pageLinks.map(({ href, label, icon }) =>
        labelled ? (
          <a key={href} href={href} className="p-button p-button-text left-rail__button">
            <i className={`pi ${icon} p-button-icon p-button-icon-left`} aria-hidden="true" />
            <span className="p-button-label">{label}</span>
          </a>
        ) : (
          <a key={href} href={href} className="p-button p-button-rounded p-button-text p-button-icon-only left-rail__button" aria-label={label} data-pr-tooltip={label}>
            <i className={`pi ${icon} p-button-icon`} aria-hidden="true" />
          </a>
        ),
      )}
    </nav>
  );
}
