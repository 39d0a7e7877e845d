// What the settings sections show, read from their rendered HTML: the confirmed and the waiting
// address (and, on a server that sends no mail, that the link is kept for an operator rather than
// sent), the preference table's switches (action kinds always in app; mail only for them and only
// with a confirmed address), the sessions with this browser marked, the password form, and the
// confirmation page that confirms only when Confirm is pressed.
import { describe, expect, it } from 'vitest';
import type { Account, AccountSession } from '../../../../../domain/contracts/account';
import { ACTION_NOTIFICATION_KINDS, defaultPreference, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '../../../../../domain/contracts/notifications';
import { renderWithQueries } from '../../../lib/test-render';
import { ACCOUNT_SESSIONS_KEY, ACCOUNT_SUMMARY_KEY, NOTIFICATION_PREFERENCES_KEY } from '../api/account';
import { ConfirmEmailPanel } from './confirm-email-panel';
import { EmailSection } from './email-section';
import { NOTIFICATION_PREFERENCES_ANCHOR, NotificationPreferencesSection, preferenceRows, withChoice } from './notification-preferences-section';
import { otherSessionsEnded, PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';

const account = (overrides: Partial<Account> = {}): Account => ({ username: 'ada', email: null, pendingEmail: null, mailTransport: 'smtp', activeSessions: 2, ...overrides });
const defaults = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, defaultPreference(kind)])) as Parameters<typeof withChoice>[0];
const preferences = (email: string | null) => ({ preferences: defaults, email, mailTransport: 'smtp' as const });

describe('e-mail address section', () => {
  it('shows the confirmed address, the one waiting with when its link stops working, and Remove', () => {
    const html = renderWithQueries(<EmailSection />, [
      [ACCOUNT_SUMMARY_KEY, account({ email: 'ada@example.org', pendingEmail: { email: 'ada@new.example', requestedAt: '2026-11-29T09:00:00.000Z', expiresAt: '2026-11-30T09:00:00.000Z' } })],
    ]);
    expect(html).toMatch(/<dt>Confirmed address<\/dt><dd>ada@example.org<\/dd>/);
    expect(html).toContain('<dt>Waiting for confirmation</dt><dd>ada@new.example');
    expect(html).toContain('the link works until Nov');
    expect(html).toContain('>New e-mail address<');
    expect(html).toContain('>Remove address<');
    expect(html).toContain('A confirmation link is sent to the address');
  });

  it('says nothing is mailed without an address, and on a server without mail that the link is kept for an operator, never that it was sent', () => {
    const html = renderWithQueries(<EmailSection />, [[ACCOUNT_SUMMARY_KEY, account({ mailTransport: 'outbox' })]]);
    expect(html).toContain('None: nothing is mailed to you.');
    expect(html).toContain('This server sends no e-mail: the confirmation link is kept for an operator to pass on to you.');
    expect(html).not.toMatch(/outbox|email (was |has been )?sent|we (have )?emailed/i);
    expect(html).not.toContain('Remove address');
  });

  it('waits for the account, and says when it could not be loaded', () => {
    expect(renderWithQueries(<EmailSection />, [])).toContain('Loading your address');
  });
});

describe('notification preferences', () => {
  it('keeps the action kinds on in app, offers mail only for them, and only with a confirmed address', () => {
    const withoutAddress = preferenceRows(preferences(null));
    const withAddress = preferenceRows(preferences('ada@example.org'));
    expect(withAddress.map((row) => row.kind)).toEqual([...NOTIFICATION_KINDS]);
    for (const row of withAddress) {
      const action = ACTION_NOTIFICATION_KINDS.includes(row.kind);
      expect(row.inAppLocked, row.kind).toBe(action);
      expect(row.emailLockedBecause, row.kind).toBe(action ? null : 'Shown in the app only');
      expect(row.email, row.kind).toBe(action);
    }
    for (const row of withoutAddress.filter((r) => ACTION_NOTIFICATION_KINDS.includes(r.kind))) {
      expect(row).toMatchObject({ email: false, emailLockedBecause: 'Needs a confirmed address' });
    }
  });

  it('changes one switch of the whole set', () => {
    const changed = withChoice(defaults, 'payouts', 'inApp', false);
    expect(changed.payouts).toEqual({ inApp: false, email: false });
    expect(changed.deadline).toEqual(defaults.deadline);
  });

  it('lists every kind by its label with a named switch for each channel, and says why mail is off without an address', () => {
    const html = renderWithQueries(<NotificationPreferencesSection />, [[NOTIFICATION_PREFERENCES_KEY, preferences(null)]], { router: true });
    for (const kind of NOTIFICATION_KINDS) expect(html).toContain(`<th scope="row">${NOTIFICATION_KIND_LABELS[kind]}</th>`);
    expect(html).toContain('E-mail is off: add and confirm an address above to receive mail.');
    expect(html).toContain('aria-label="A dispute filed against your work: in app (always on)"');
    expect(html).toContain('aria-label="A dispute filed against your work: by e-mail (needs a confirmed address)"');
    expect(html).toContain('aria-label="Royalty payouts paid to you: by e-mail (shown in the app only)"');
  });

  it('is the target of /settings#notifications, the notifications page\'s preferences link', () => {
    const html = renderWithQueries(<NotificationPreferencesSection />, [[NOTIFICATION_PREFERENCES_KEY, preferences(null)]], { router: true });
    expect(html).toContain(`<section id="${NOTIFICATION_PREFERENCES_ANCHOR}"`);
    expect(NOTIFICATION_PREFERENCES_ANCHOR).toBe('notifications');
  });

  it('names the address mail goes to', () => {
    const html = renderWithQueries(<NotificationPreferencesSection />, [[NOTIFICATION_PREFERENCES_KEY, preferences('ada@example.org')]], { router: true });
    expect(html).toContain('Mail goes to ada@example.org.');
    expect(html).not.toContain('E-mail is off');
  });
});

describe('sessions and password', () => {
  const sessions: AccountSession[] = [
    { id: 's1', device: 'Firefox on Linux', signedInAt: '2026-11-20T09:00:00.000Z', lastUsedAt: '2026-11-29T09:00:00.000Z', current: true },
    { id: 's2', device: 'Safari on iPhone', signedInAt: '2026-11-21T09:00:00.000Z', lastUsedAt: '2026-11-28T18:30:00.000Z', current: false },
  ];

  it('lists each session with device, sign-in and last use, marks this browser, and offers to sign each out', () => {
    const html = renderWithQueries(<SessionsSection />, [[ACCOUNT_SESSIONS_KEY, sessions]]);
    expect(html).toContain('<strong>Firefox on Linux</strong>');
    expect(html.match(/This browser</g)).toHaveLength(1);
    expect(html).toContain('aria-label="Sign out this browser"');
    expect(html).toMatch(/aria-label="Sign out Safari on iPhone, last used Nov 28, 2026/);
    expect(html).toContain('<dt>Last used</dt>');
  });

  it('asks for the current password and the new one twice, with the browser\'s password hints', () => {
    const html = renderWithQueries(<PasswordSection />, []);
    expect(html).toContain('for="settings-current-password">Current password<');
    expect(html).toMatch(/autocomplete="current-password"/i);
    expect(html.match(/autocomplete="new-password"/gi)).toHaveLength(2);
    expect(html).toContain('>New password again<');
    expect(html).toContain('signs out every other browser and device');
  });

  it('says what a change did to the other sessions', () => {
    expect(otherSessionsEnded(0)).toBe('No other session was signed in.');
    expect(otherSessionsEnded(1)).toBe('Your 1 other session was signed out.');
    expect(otherSessionsEnded(3)).toBe('Your 3 other sessions were signed out.');
  });
});

describe('the confirmation page', () => {
  it('confirms only when Confirm is pressed, and says so when the link has no token', () => {
    expect(renderWithQueries(<ConfirmEmailPanel token="abc.def" />, [], { router: true })).toContain('>Confirm<');
    expect(renderWithQueries(<ConfirmEmailPanel token="" />, [], { router: true })).toContain('This link has no confirmation token');
  });
});
