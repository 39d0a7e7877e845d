// The settings page: a visitor is asked to sign in; a signed-in user gets the four sections, in
// order, each a labelled region.
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '../../lib/query-keys';
import { renderWithQueries } from '../../lib/test-render';
import { SettingsPage } from './settings';

const ada = { id: 'user-1', username: 'ada', tokenBalance: 10, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z' };

describe('settings page', () => {
  it('asks a visitor to sign up or log in', () => {
    const html = renderWithQueries(<SettingsPage />, [[CURRENT_USER_KEY, null]]);
    expect(html).toContain('Sign in to change your password');
    expect(html).not.toContain('Current password');
  });

  it('shows a signed-in user Password, E-mail address, Notification preferences and Active sessions, in that order', () => {
    const html = renderWithQueries(<SettingsPage />, [[CURRENT_USER_KEY, ada]], { router: true });
    const headings = ['Password', 'E-mail address', 'Notification preferences', 'Active sessions'].map((title) => html.indexOf(`</i> ${title}</h2>`));
    expect(headings.every((index) => index > 0)).toBe(true);
    expect([...headings].sort((a, b) => a - b)).toEqual(headings);
    expect(html).toContain('Signed in as ada.');
  });
});
