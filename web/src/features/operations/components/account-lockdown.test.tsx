// The operations page's emergency lockdown, read from its rendered HTML: the form asks for a
// username, an optional session and a reason, and offers Suspend; the suspended accounts show who
// suspended them, when and why, each with its own Reinstate.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LockdownForm, SuspendedAccounts } from './account-lockdown';

const render = (node: ReactNode) => renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

describe('account lockdown', () => {
  it('asks for a username, an optional session and a reason before it suspends', () => {
    const html = render(<LockdownForm />);
    expect(html).toContain('for="lockdown-username"');
    expect(html).toContain('Session id (optional: only that session ends)');
    expect(html).toContain('Reason (kept in the account&#x27;s history)');
    expect(html).toMatch(/<button[^>]*disabled[^>]*>.*Suspend account/);
  });

  it('lists suspended accounts with who, when and why, each with Reinstate', () => {
    const html = render(
      <SuspendedAccounts
        now={new Date('2026-11-29T12:10:00.000Z')}
        accounts={[{ userId: '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11', username: 'mallory', reason: 'Bulk downloading', suspendedBy: 'operator:grace', suspendedAt: '2026-11-29T12:00:00.000Z' }]}
      />,
    );
    expect(html).toContain('mallory');
    expect(html).toContain('operator:grace');
    expect(html).toContain('10 minutes ago');
    expect(html).toContain('Why: Bulk downloading');
    expect(html).toContain('aria-label="Reinstate mallory"');
    expect(render(<SuspendedAccounts accounts={[]} />)).toContain('No account is suspended.');
  });
});
