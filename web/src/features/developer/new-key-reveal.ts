// The 30-second reveal of a new key: the whole key is in one
// answer only, so the tab shows it with Copy for NEW_KEY_VISIBLE_MS, then forgets it and shows the
// prefix with a note that the full key was shown once. "Copied" shows for COPIED_INDICATOR_MS.
// The timers live here, outside React, so the expiry is testable with fake timers.
import { useEffect, useState } from 'react';
import { NEW_KEY_VISIBLE_MS } from '../../../../domain/developer/api-tiers';
import { COPIED_INDICATOR_MS } from './labels';

export interface RevealState {
  /** The new key in full while it may be shown; null once the reveal expired (or before any). */
  revealed: { id: string; keyName: string; keyValue: string } | null;
  /** The key whose full value was shown and has expired: its row says it was shown once. */
  shownOnceId: string | null;
  copied: boolean;
}

export const NOTHING_REVEALED: RevealState = { revealed: null, shownOnceId: null, copied: false };

export interface Clipboard {
  writeText(text: string): Promise<void>;
}

export interface RevealController {
  show(key: { id: string; keyName: string; keyValue: string }): void;
  /** Copies the revealed key; false when there is none any more or the clipboard refused. */
  copy(clipboard: Clipboard | undefined): Promise<boolean>;
  dispose(): void;
}

export function createRevealController(onChange: (state: RevealState) => void): RevealController {
  let state = NOTHING_REVEALED;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let copiedTimer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: RevealState) => {
    state = next;
    onChange(next);
  };
  const clear = () => {
    clearTimeout(hideTimer);
    clearTimeout(copiedTimer);
  };
  return {
    show(key) {
      clear();
      set({ revealed: { ...key }, shownOnceId: null, copied: false });
      hideTimer = setTimeout(() => {
        clearTimeout(copiedTimer);
        set({ revealed: null, shownOnceId: key.id, copied: false });
      }, NEW_KEY_VISIBLE_MS);
    },
    async copy(clipboard) {
      const key = state.revealed;
      if (!key || !clipboard) return false;
      try {
        await clipboard.writeText(key.keyValue);
      } catch {
        return false;
      }
      if (state.revealed?.id !== key.id) return false;
      clearTimeout(copiedTimer);
      set({ ...state, copied: true });
      copiedTimer = setTimeout(() => set({ ...state, copied: false }), COPIED_INDICATOR_MS);
      return true;
    },
    dispose: clear,
  };
}

/** The reveal for one mounted Developer tab; leaving the tab forgets the key. */
export function useNewKeyReveal(): { state: RevealState; controller: RevealController } {
  const [state, setState] = useState<RevealState>(NOTHING_REVEALED);
  const [controller] = useState(() => createRevealController(setState));
  useEffect(() => () => controller.dispose(), [controller]);
  return { state, controller };
}
