import { describe, expect, it } from 'vitest';
import { dashboardAddress, dashboardTabPath, defaultTab, isDashboardTab, requestedTab } from './dashboard-tabs';

describe('dashboard tabs', () => {
  it('defaults to welcome signed out, and signed in for a first-time creator (no content), whose welcome is the Get started path', () => {
    expect(defaultTab(false, undefined, true)).toBe('welcome');
    expect(defaultTab(false, undefined, undefined)).toBe('welcome');
    expect(defaultTab(true, 0, true)).toBe('welcome');
    expect(defaultTab(true, 0, false)).toBe('welcome');
    expect(defaultTab(true, 0, undefined)).toBe('welcome');
  });

  it('lands a returning creator on the studio where the server can make songs, else on the vault', () => {
    expect(defaultTab(true, 3, true)).toBe('create');
    expect(defaultTab(true, 3, false)).toBe('vault');
    // Still reading the vault or the server's report: the vault tab shows it loading, never a Create tab that may not work here.
    expect(defaultTab(true, undefined, true)).toBe('vault');
    expect(defaultTab(true, undefined, false)).toBe('vault');
    expect(defaultTab(true, 3, undefined)).toBe('vault');
  });

  it('accepts only known tab ids', () => {
    expect(isDashboardTab('smart-contracts')).toBe(true);
    expect(isDashboardTab('settings')).toBe(false);
  });

  it('reads the tab from the address: the path segment first, else an older link’s ?tab=, never an unknown one', () => {
    expect(requestedTab('vault', new URLSearchParams())).toBe('vault');
    expect(requestedTab('vault', new URLSearchParams('tab=oracle'))).toBe('vault');
    expect(requestedTab(undefined, new URLSearchParams('tab=upload'))).toBe('upload');
    expect(requestedTab(undefined, new URLSearchParams())).toBeNull();
    expect(requestedTab('settings', new URLSearchParams('tab=vault'))).toBeNull();
    expect(requestedTab(undefined, new URLSearchParams('tab=nope'))).toBeNull();
  });

  it('gives each tab its own address, keeping the other query parameters of an older link', () => {
    expect(dashboardTabPath('smart-contracts')).toBe('/dashboard/smart-contracts');
    expect(dashboardAddress('vault', new URLSearchParams('tab=vault'))).toBe('/dashboard/vault');
    expect(dashboardAddress('vault', new URLSearchParams('oauth_success=true&tab=vault'))).toBe('/dashboard/vault?oauth_success=true');
  });
});
