// Whether a CSS media query matches, kept current as the window changes size. The phone layout
// (under 768 px) moves the dashboard's rail and workflow sidebar into a drawer that a header button opens.
import { useSyncExternalStore } from 'react';

/** Phones and narrow windows: the width below which the dashboard has no rail or sidebar column. */
export const PHONE_LAYOUT = '(max-width: 767px)';

function mediaList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}
