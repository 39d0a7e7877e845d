// Everything the app needs around it: PrimeReact, the query client, jotai and the toasts.
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';
import { queryClient } from '../lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ ripple: true }}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider>
          <ToastProvider>{children}</ToastProvider>
        </JotaiProvider>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
