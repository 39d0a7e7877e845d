// /notifications for each viewer: a visitor is asked to sign up or log in, a signed-in user on a
// server that keeps no notifications is told so (no empty list pretending), and otherwise the page
// opens with its filters; the frame's bell is there for the signed-in user only.
import { describe, expect, it } from 'vitest';
import type { CapabilityReport } from '../../lib/capabilities';
import { CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../lib/capabilities.fixture';
import { CAPABILITIES_KEY, CURRENT_USER_KEY } from '../../lib/query-keys';
import { renderWithQueries } from '../../lib/test-render';
import { NotificationsRoute } from './notifications';

const ada = { id: 'user-1', username: 'ada', tokenBalance: 10, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z' };
const withNotifications: CapabilityReport = { ...CAPABILITIES_ZERO_CONFIG_FIXTURE, notifications: { ...CAPABILITIES_ZERO_CONFIG_FIXTURE.notifications, available: true, reason: null } };
const withoutNotifications: CapabilityReport = { ...CAPABILITIES_ZERO_CONFIG_FIXTURE, notifications: { ...CAPABILITIES_ZERO_CONFIG_FIXTURE.notifications, available: false, reason: 'GOOSE does not offer this yet.' } };

const open = (user: typeof ada | null, capabilities: CapabilityReport) =>
  renderWithQueries(<NotificationsRoute />, [[CURRENT_USER_KEY, user], [CAPABILITIES_KEY, capabilities]], { router: true });

describe('/notifications', () => {
  it('asks a visitor to sign up or log in, with no bell', () => {
    const html = open(null, withNotifications);
    expect(html).toContain('aria-label="Notifications"');
    expect(html).toContain('>Sign Up<');
    expect(html).not.toContain('notification-bell');
  });

  it('says so where the server keeps no notifications', () => {
    const html = open(ada, withoutNotifications);
    expect(html).toContain('Not available yet');
    expect(html).toContain('GOOSE does not offer this yet.');
    expect(html).not.toContain('Filter notifications');
  });

  it('opens the page with its filters and the bell for a signed-in user', () => {
    const html = open(ada, withNotifications);
    expect(html).toContain('aria-label="Filter notifications"');
    expect(html).toContain('Loading notifications...');
    expect(html).toContain('class="notification-bell"');
  });
});
