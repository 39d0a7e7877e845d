// Escape in an open dropdown, autocomplete, multiselect or date picker closes that list only. PrimeReact
// closes the overlay in the field's own key handler, but its dialogs listen for Escape on the document
// and close too, wiping the form (File New Dispute, Offer a license). Wrapped around the whole app, this
// handler runs after the field's (React bubbles keys through portals along the component tree) and
// stops the key there while such an overlay is open, so the document never hears it.
import type { KeyboardEvent, ReactNode } from 'react';

/** PrimeReact's connected overlays (dropdown, autocomplete, multiselect, calendar panels) while shown. */
const OPEN_OVERLAY = '.p-connected-overlay-enter-active, .p-connected-overlay-enter-done';

export function OverlayEscapeGuard({ children }: { children: ReactNode }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && document.querySelector(OPEN_OVERLAY)) event.stopPropagation();
  };
  return (
    <div className="overlay-escape-guard" onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
