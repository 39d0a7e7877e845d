// The dashboard's tab ids. Shared because any feature may ask to switch tab.
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

/**
 * The tab shown when nothing else was chosen: welcome signed out; signed in, the vault for a
 * creator who has content (or while that is being read) and the upload tab for one who has none,
 * so a new account lands where its first step is, never on an area that is not built.
 */
export function defaultTab(signedIn: boolean, contentCount: number | undefined): DashboardTab {
  if (!signedIn) return 'welcome';
  return contentCount === 0 ? 'upload' : 'vault';
}
