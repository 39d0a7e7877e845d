// The track chosen in the mastering studio's library; kept while the person visits other tabs.
import { atom } from 'jotai';

export const selectedMasteringTrackIdAtom = atom<string | null>(null);
