// Everything the app needs around it: PrimeReact (with the pass-through options below), the query
// client, jotai, the toasts, and Escape closing an open dropdown before its dialog.
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { OverlayEscapeGuard } from '../components/ui/overlay-escape-guard';
import { ToastProvider } from '../components/ui/toast';
import { queryClient } from '../lib/query-client';

/**
 * Pass-through options for every PrimeReact component. A dropdown is named and operated through its
 * focusable input (labelled by the field's <label htmlFor=inputId>); its chevron (role=button, named
 * only when there is a placeholder) and the native <select> kept for forms are hidden from assistive
 * technology, which would otherwise meet two more unnamed controls.
 */
const PASS_THROUGH = {
  dropdown: {
    trigger: { 'aria-hidden': true },
    select: { 'aria-hidden': true },
  },
};

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ ripple: true, pt: PASS_THROUGH }}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider>
          <ToastProvider>
            <OverlayEscapeGuard>{children}</OverlayEscapeGuard>
          </ToastProvider>
        </JotaiProvider>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
