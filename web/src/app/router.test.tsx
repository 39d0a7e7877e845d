// The dashboard's tabs are addresses: /dashboard/<tab> opens that tab, a tab change is a navigation
// (so the back button returns to the previous tab), older links (/?tab=<tab>) go to the tab's own
// address, and an unknown tab is a missing page. Read from the app's own route table in a memory
// router, rendered to markup after each navigation.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../components/ui/toast';
import { vaultItem } from '../lib/track/vault-item.fixture';
import { CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../lib/capabilities.fixture';
import { dashboardTabPath } from '../lib/dashboard-tabs';
import { CAPABILITIES_KEY, CURRENT_USER_KEY, VAULT_KEY } from '../lib/query-keys';
import { appRoutes } from './router';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

const ada = { id: 'user-1', username: 'ada', tokenBalance: 10, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z' };

/** Resolves once the router has run its loaders and redirects and stands at an address. */
function settled(router: MemoryRouter): Promise<void> {
  const done = (state: MemoryRouter['state']) => state.initialized && state.navigation.state === 'idle';
  return new Promise((resolve) => {
    if (done(router.state)) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!done(state)) return;
      unsubscribe();
      resolve();
    });
  });
}

async function openApp(path: string, user: typeof ada | null = null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  queryClient.setQueryData(CAPABILITIES_KEY, CAPABILITIES_ZERO_CONFIG_FIXTURE);
  if (user) queryClient.setQueryData(VAULT_KEY, [vaultItem()]);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  await settled(router);
  const html = () =>
    renderToStaticMarkup(
      <QueryClientProvider client={queryClient}>
        <JotaiProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </JotaiProvider>
      </QueryClientProvider>,
    );
  return {
    router,
    address: () => `${router.state.location.pathname}${router.state.location.search}`,
    /** The tab the dashboard shows now. */
    tab: () => /class="dashboard__panel" data-tab="([^"]+)"/.exec(html())?.[1],
    html,
    /** What the tab bar, the rail and every "go to" button do. */
    go: async (to: string | number) => {
      await (typeof to === 'number' ? router.navigate(to) : router.navigate(to));
      await settled(router);
    },
  };
}

describe('dashboard tabs as addresses', () => {
  it('opens the tab its address names, for a visitor and for a creator', async () => {
    expect((await openApp('/dashboard/oracle')).tab()).toBe('oracle');
    expect((await openApp('/dashboard/smart-contracts', ada)).tab()).toBe('smart-contracts');
  });

  it('shows the landing tab at / and /dashboard, which keep their address', async () => {
    const visitor = await openApp('/');
    expect(visitor.tab()).toBe('welcome');
    expect(visitor.address()).toBe('/');
    // The zero-configuration server runs the workflows, so it can make songs: the studio.
    const creator = await openApp('/dashboard', ada);
    expect(creator.tab()).toBe('create');
    expect(creator.address()).toBe('/dashboard');
  });

  it('returns to the previous tab with the back button, and forward again', async () => {
    const app = await openApp('/dashboard/upload', ada);
    await app.go(dashboardTabPath('vault'));
    expect(app.tab()).toBe('vault');
    await app.go(dashboardTabPath('distributions'));
    expect(app.address()).toBe('/dashboard/distributions');
    await app.go(-1);
    expect(app.address()).toBe('/dashboard/vault');
    expect(app.tab()).toBe('vault');
    await app.go(-1);
    expect(app.tab()).toBe('upload');
    await app.go(1);
    expect(app.tab()).toBe('vault');
  });

  it('sends an older link (?tab=) to the tab’s own address, keeping its other parameters, and leaves no stop in the history', async () => {
    const app = await openApp('/?tab=vault', ada);
    expect(app.address()).toBe('/dashboard/vault');
    expect(app.tab()).toBe('vault');
    expect((await openApp('/dashboard?tab=developer&oauth_success=true')).address()).toBe('/dashboard/developer?oauth_success=true');
    await app.go('/?tab=oracle');
    expect(app.address()).toBe('/dashboard/oracle');
    await app.go(-1);
    expect(app.address()).toBe('/dashboard/vault');
  });

  it('answers an unknown tab as a missing page, and ignores an unknown ?tab=', async () => {
    const unknown = await openApp('/dashboard/settings');
    expect(unknown.html()).toContain('Page Not Found');
    expect(unknown.tab()).toBeUndefined();
    const ignored = await openApp('/?tab=settings');
    expect(ignored.address()).toBe('/?tab=settings');
    expect(ignored.tab()).toBe('welcome');
  });
});
