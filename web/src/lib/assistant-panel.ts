// Whether the assistant chat's panel is open. The panel and the guided workflow's Task Completed
// dialog share the bottom right corner, and the panel tells the same steps itself: while it is open
// the dialog waits (features may not import each other, so they meet here).
import { atom } from 'jotai';

export const assistantPanelOpenAtom = atom(false);
