// Whether the workflow progress sidebar is folded away; remembered in this browser. Where it would
// lie over the page (narrow screens, phones) it starts folded, so the first screen is the page.
import { atomWithStorage } from 'jotai/utils';

const overlaysPage = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 1280px)').matches;

export const sidebarCollapsedAtom = atomWithStorage<boolean>('goose:workflow-sidebar-collapsed', overlaysPage, undefined, { getOnInit: true });
