// Whether the workflow progress sidebar is folded away; remembered in this browser.
import { atomWithStorage } from 'jotai/utils';

export const sidebarCollapsedAtom = atomWithStorage<boolean>('goose:workflow-sidebar-collapsed', false, undefined, { getOnInit: true });
