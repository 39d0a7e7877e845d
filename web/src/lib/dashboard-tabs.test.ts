import { describe, expect, it } from 'vitest';
import { tabFromEvent } from './app-events';
import { defaultTab, isDashboardTab } from './dashboard-tabs';

describe('dashboard tabs', () => {
  it('defaults to welcome signed out and create signed in', () => {
    expect(defaultTab(false)).toBe('welcome');
    expect(defaultTab(true)).toBe('create');
  });

  it('accepts only known tab ids from tab-change events', () => {
    expect(isDashboardTab('smart-contracts')).toBe(true);
    expect(isDashboardTab('settings')).toBe(false);
    expect(tabFromEvent(new CustomEvent('goose:tab-change', { detail: { tab: 'vault' } }))).toBe('vault');
    expect(tabFromEvent(new CustomEvent('goose:tab-change', { detail: 'upload' }))).toBe('upload');
    expect(tabFromEvent(new CustomEvent('goose:tab-change', { detail: { tab: 'nope' } }))).toBeNull();
  });
});
