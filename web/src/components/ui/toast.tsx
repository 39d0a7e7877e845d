// The app's toasts: PrimeReact Toast, at most one visible at a time (a new
// toast replaces the current one), 5000 ms by default, F8 moves focus to the toast area. They
// show at the bottom left of the main column (app/styles.css), never over the header or the
// workflow sidebar.
import { Toast } from 'primereact/toast';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';

export const DEFAULT_TOAST_LIFE_MS = 5_000;

export interface ToastOptions {
  severity: 'success' | 'info' | 'warn' | 'error';
  summary: string;
  detail?: string;
  life?: number;
}

interface ToastApi {
  show(options: ToastOptions): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const toastRef = useRef<Toast>(null);
  const api = useMemo<ToastApi>(
    () => ({
      show: (options) => toastRef.current?.replace({ life: DEFAULT_TOAST_LIFE_MS, ...options }),
    }),
    [],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      const region = toastRef.current?.getElement();
      if (!region) return;
      region.tabIndex = -1;
      region.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <ToastContext.Provider value={api}>
      <Toast ref={toastRef} position="bottom-left" pt={{ root: { role: 'region', 'aria-label': 'Notifications (F8)' } }} />
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
