// The Developer tab on the dashboard (?tab=developer, the header's Developer API icon): a visitor
// gets the sign-up call to action like the other gated tabs, a signed-in user the Developer screen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/ui/toast';
import { CURRENT_USER_KEY } from '../../lib/query-keys';
import { DashboardRoute } from './dashboard';

function render(user: unknown): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={['/?tab=developer']}>
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
    const html = render({ id: 'user-1', username: 'ada', tokenBalance: 10, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z' });
    expect(html).toContain('>Create API Key<');
    expect(html).toContain('>API Keys<');
    expect(html).not.toContain('>Sign Up<');
  });
});
