// The Developer tab on the dashboard (?tab=developer, the header's Developer API icon): a visitor
// gets the sign-up call to action like the other gated tabs, a signed-in user the Developer screen.
// Where a creator lands with no tab asked for: a first-time creator on Get started (welcome), a
// returning one on the studio where the server can make songs, else the vault.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/ui/toast';
import { vaultItem } from '../../lib/track/vault-item.fixture';
import { describeCapabilities } from '../../../../domain/platform/capabilities';
import { CAPABILITIES_ZERO_CONFIG_FIXTURE, ZERO_CONFIG_FACTS } from '../../lib/capabilities.fixture';
import { CAPABILITIES_KEY, CURRENT_USER_KEY, VAULT_KEY } from '../../lib/query-keys';
import { DashboardRoute } from './dashboard';

const ada = { id: 'user-1', username: 'ada', tokenBalance: 10, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z' };

const withoutWorkflows = describeCapabilities({ ...ZERO_CONFIG_FACTS, workflowService: false });
const CREATION_ON = { ...CAPABILITIES_ZERO_CONFIG_FIXTURE, 'creation-engine': { name: 'AI music creation', available: true, reason: null } };

/** `capabilities: null`: the server's report not read yet. */
function render(user: unknown, { path = '/?tab=developer', vault, capabilities = CAPABILITIES_ZERO_CONFIG_FIXTURE }: { path?: string; vault?: unknown[]; capabilities?: unknown } = {}): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  if (capabilities !== null) queryClient.setQueryData(CAPABILITIES_KEY, capabilities);
  if (vault) queryClient.setQueryData(VAULT_KEY, vault);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <DashboardRoute />
          </MemoryRouter>
        </ToastProvider>
      </JotaiProvider>
    </QueryClientProvider>,
  );
}

describe('developer tab', () => {
  it('asks a visitor to sign up or log in', () => {
    const html = render(null);
    expect(html).toContain('aria-label="Developer API"');
    expect(html).toContain('>Sign Up<');
    expect(html).not.toContain('>Create API Key<');
    expect(html).not.toContain('not available yet: there are no API keys');
  });

  it('shows a signed-in user the Developer screen', () => {
    const html = render(ada);
    expect(html).toContain('>Create API Key<');
    expect(html).toContain('>API Keys<');
    expect(html).not.toContain('>Sign Up<');
  });
});

/** The tab the dashboard shows. */
const activeTab = (html: string) => /class="dashboard__panel" data-tab="([^"]+)"/.exec(html)?.[1];

describe('landing tab', () => {
  it('lands a first-time creator (no content) on Get started, whatever the server can do', () => {
    expect(CAPABILITIES_ZERO_CONFIG_FIXTURE['creation-engine'].available).toBe(true);
    const html = render(ada, { path: '/', vault: [] });
    expect(activeTab(html)).toBe('welcome');
    expect(html).toContain('>Get started<');
    expect(html).toContain('aria-label="Get started steps"');
    expect(activeTab(render(ada, { path: '/', vault: [], capabilities: withoutWorkflows }))).toBe('welcome');
    expect(activeTab(render(ada, { path: '/', vault: [], capabilities: null }))).toBe('welcome');
  });

  it('lands a returning creator on the studio where the server can make songs, else on the vault', () => {
    expect(activeTab(render(ada, { path: '/', vault: [vaultItem()] }))).toBe('create');
    expect(activeTab(render(ada, { path: '/dashboard', vault: [vaultItem()] }))).toBe('create');
    expect(activeTab(render(ada, { path: '/', vault: [vaultItem()], capabilities: withoutWorkflows }))).toBe('vault');
  });

  it('never lands on the Create tab before the server has said it can make songs, nor before the vault is read', () => {
    expect(activeTab(render(ada, { path: '/', capabilities: null }))).toBe('vault');
    expect(activeTab(render(ada, { path: '/' }))).toBe('vault');
    expect(activeTab(render(ada, { path: '/', vault: [vaultItem()], capabilities: null }))).toBe('vault');
    expect(activeTab(render(ada, { path: '/', capabilities: withoutWorkflows }))).toBe('vault');
    expect(activeTab(render(null, { path: '/' }))).toBe('welcome');
  });

  it('tells a visitor what the oracle and releases do on this server: signed registrations, a sandbox', () => {
    const oracle = render(null, { path: '/?tab=oracle' });
    expect(oracle).toContain('register the cleared ones with a signed certificate');
    expect(oracle).not.toContain('register them on the XRP Ledger');
    const distributions = render(null, { path: '/?tab=distributions' });
    expect(distributions).toContain('no store receives them');
    expect(distributions).not.toContain('to streaming platforms');
  });
});

describe('create tab', () => {
  it('shows the studio to a signed-in creator where the server has the creation engine', () => {
    const html = render(ada, { path: '/?tab=create', capabilities: CREATION_ON, vault: [] });
    expect(activeTab(html)).toBe('create');
    expect(html).toContain('AI Music Creation Studio');
    expect(html).toContain('My Workspace');
    expect(html).not.toContain('GOOSE does not offer this yet.');
  });

  it('asks a visitor to sign up where the engine is on, and keeps the not-built panel where it is off', () => {
    const visitor = render(null, { path: '/?tab=create', capabilities: CREATION_ON });
    expect(visitor).toContain('>Sign Up<');
    expect(visitor).not.toContain('My Workspace');
    const off = render(ada, { path: '/?tab=create', capabilities: withoutWorkflows, vault: [] });
    expect(withoutWorkflows['creation-engine'].available).toBe(false);
    expect(off).toContain(`${withoutWorkflows['creation-engine'].name}: ${withoutWorkflows['creation-engine'].reason}`);
    expect(off).not.toContain('My Workspace');
  });
});
