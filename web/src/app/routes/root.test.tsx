// The root layout hosts the signed-in user's app-wide pieces (the realtime connection, the Task
// Completed dialog, the token dialogs) once each. Siblings sharing a key are remounted on each
// render without the old ones going away: every completed step left another Task Completed
// dialog on screen (and another websocket open). Read from the layout's rendered children.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/ui/toast';
import { CURRENT_USER_KEY } from '../../lib/query-keys';
import { RootLayout } from './root';

/** The children RootLayout renders for a signed-in user. */
function signedInChildren(): ReactNode[] {
  let rendered: ReactElement | null = null;
  function Probe() {
    rendered = RootLayout();
    return rendered;
  }
  const queryClient = new QueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, { id: 'user-1', username: 'ada', email: 'ada@example.test' });
  renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <ToastProvider>
          <MemoryRouter>
            <Routes>
              <Route element={<Probe />}>
                <Route path="/" element={<p>dashboard</p>} />
              </Route>
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </JotaiProvider>
    </QueryClientProvider>,
  );
  const children = (rendered as ReactElement<{ children?: ReactNode }> | null)?.props.children;
  return Array.isArray(children) ? children : [children];
}

describe('root layout', () => {
  it('keys the signed-in pieces once, so none is remounted beside its old self', () => {
    const keys = signedInChildren()
      .filter(isValidElement)
      .map((child) => child.key)
      .filter((key) => key !== null);
    expect(keys).toEqual(['user-1']);
  });
});
