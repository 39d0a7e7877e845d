// The dashboard's tabs and their addresses: each tab is /dashboard/<tab>, so the back
// button returns to the previous tab and a tab can be linked to. Older links named the tab in the
// query (/?tab=vault, /dashboard?tab=vault); they still open it. Shared because any feature may
// send the person to a tab (useChangeTab).
import { createContext, useContext } from 'react';

export const DASHBOARD_TABS = [
  'welcome',
  'upload',
  'create',
  'mastering',
  'oracle',
  'smart-contracts',
  'vault',
  'distributions',
  'analytics',
  'support',
  'developer',
  'faq',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export function isDashboardTab(value: unknown): value is DashboardTab {
  return typeof value === 'string' && (DASHBOARD_TABS as readonly string[]).includes(value);
}

/** The dashboard with no tab asked for: the landing tab (defaultTab) shows. */
export const DASHBOARD_PATH = '/dashboard';

export function dashboardTabPath(tab: DashboardTab): string {
  return `${DASHBOARD_PATH}/${tab}`;
}

/** The tab an address asks for: its path segment (/dashboard/<tab>), else an older link's ?tab=; null for none or an unknown one. */
export function requestedTab(segment: string | undefined, search: URLSearchParams): DashboardTab | null {
  const named = segment ?? search.get('tab');
  return isDashboardTab(named) ? named : null;
}

/** The address of `tab` keeping the query's other parameters, for an older link that named the tab in its query. */
export function dashboardAddress(tab: DashboardTab, search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  rest.delete('tab');
  const query = rest.toString();
  return `${dashboardTabPath(tab)}${query ? `?${query}` : ''}`;
}

/**
 * The tab shown when nothing else was chosen: welcome signed out. Signed in, a first-time creator
 * (no content) lands on welcome, which shows them the "Get started" path; a returning creator on
 * their usual tab: the studio (create) where the server can make songs, else the vault (also while
 * their content is being read), so nobody lands on a tab that cannot work.
 */
export function defaultTab(signedIn: boolean, contentCount: number | undefined, creationAvailable: boolean | undefined): DashboardTab {
  if (!signedIn) return 'welcome';
  if (contentCount === 0) return 'welcome';
  return creationAvailable === true && contentCount !== undefined ? 'create' : 'vault';
}

/**
 * Goes to a tab's address. The app's shell provides a router navigation (a history entry, no
 * reload); a screen rendered outside it (a unit test) has only the browser's own navigation.
 */
export const ChangeTabContext = createContext<(tab: DashboardTab) => void>((tab) => window.location.assign(dashboardTabPath(tab)));

/** The function that sends the person to a dashboard tab, from any screen. */
export function useChangeTab(): (tab: DashboardTab) => void {
  return useContext(ChangeTabContext);
}
