// The dashboard's tab ids (spec 3 §2.2). Shared because any feature may ask to switch tab.
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

/** The tab shown when nothing else was chosen: welcome signed out, create signed in. */
export function defaultTab(signedIn: boolean): DashboardTab {
  return signedIn ? 'create' : 'welcome';
}
