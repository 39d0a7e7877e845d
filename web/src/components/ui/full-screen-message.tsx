// A whole-window message, e.g. "Loading" while the current user is being fetched.
import { ProgressSpinner } from 'primereact/progressspinner';

export function FullScreenMessage({ title, busy = false }: { title: string; busy?: boolean }) {
  return (
    <div className="full-screen-message" role={busy ? 'status' : undefined} aria-live="polite">
      <div className="brand-mark brand-mark--large gradient-text" aria-hidden="true">
        GOOSE
      </div>
      {busy && <ProgressSpinner style={{ width: 48, height: 48 }} strokeWidth="4" aria-hidden="true" />}
      <p className="full-screen-message__title">{title}</p>
    </div>
  );
}
