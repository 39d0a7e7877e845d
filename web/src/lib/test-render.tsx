// For tests that render a screen to markup: a fresh query cache already holding the answers given
// (each a query key and its data, as the server would answer), inside the toast provider the
// screens expect and, when asked, a router.
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ToastProvider } from '../components/ui/toast';

/** A read answered before rendering; false or null leaves it unanswered (loading). */
export type QueryAnswer = readonly [QueryKey, unknown] | false | null;

export function renderWithQueries(node: ReactNode, answers: readonly QueryAnswer[], { router = false }: { router?: boolean } = {}): string {
  const queryClient = new QueryClient();
  for (const answer of answers) if (answer) queryClient.setQueryData(answer[0], answer[1]);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{router ? <MemoryRouter>{node}</MemoryRouter> : node}</ToastProvider>
    </QueryClientProvider>,
  );
}
