import { describe, expect, it } from 'vitest';
import { tabFromEvent } from './app-events';
import { defaultTab, isDashboardTab } from './dashboard-tabs';

describe('dashboard tabs', () => {
  it('defaults to welcome signed out, upload for a creator with no content and the vault for one with content', () => {
    expect(defaultTab(false, undefined)).toBe('welcome');
    expect(defaultTab(true, 0)).toBe('upload');
    expect(defaultTab(true, 3)).toBe('vault');
    // Still reading the vault: the vault tab shows it loading, never the Create tab, which is not built.
    expect(defaultTab(true, undefined)).toBe('vault');
  });

  it('accepts only known tab ids from tab-change events', () => {
    expect(isDashboardTab('smart-contracts')).toBe(true);
    expect(isDashboardTab('settings')).toBe(false);
    expect(tabFromEvent(new CustomEvent('goose:tab-change', { detail: { tab: 'vault' } }))).toBe('vault');
    expect(tabFromEvent(new CustomEvent('goose:tab-change', { detail: 'upload' }))).toBe('upload');
    expect(tabFromEvent(new CustomEvent('goose:tab-change', { detail: { tab: 'nope' } }))).toBeNull();
  });
});
