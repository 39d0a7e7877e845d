// Everything the app needs around it: PrimeReact (with the pass-through options below), the query
// client, jotai, the toasts, and Escape closing an open dropdown before its dialog.
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { OverlayEscapeGuard } from '../components/ui/overlay-escape-guard';
import { ToastProvider } from '../components/ui/toast';
import { queryClient } from '../lib/query-client';

/** Pass-through options for every PrimeReact component, for accessibility (docs/accessibility.md). */
const PASS_THROUGH = {
  // A switch is its <input role="switch">; PrimeReact also makes the box around it a checkbox, an
  // interactive control nested in another.
  inputswitch: {
    root: { role: undefined, 'aria-checked': undefined },
  },
  // A slider's ARIA (its name, its value in words) belongs on its handle (role slider), where PrimeReact
  // puts it; PrimeReact copies it onto the root too, a plain div where ARIA is not allowed.
  slider: {
    root: ({ props }: { props: object }) => Object.fromEntries(Object.keys(props).filter((key) => key.startsWith('aria-')).map((key) => [key, undefined])),
  },
  // A dropdown is named and operated through its focusable input (labelled by the field's
  // <label htmlFor=inputId>). Its chevron (role=button, named only when there is a placeholder) and the
  // native <select> kept for forms are hidden from assistive technology, which would otherwise meet two
  // more unnamed controls; its root (a plain div) loses an aria-activedescendant that is not allowed
  // there and names an option id that does not exist.
  dropdown: {
    root: { 'aria-activedescendant': undefined },
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
