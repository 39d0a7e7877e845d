// The track chosen in the mastering studio's library; kept while the person visits other tabs.
// Shared because other screens open the studio on a track (the studio's own Master button, the
// guided workflow's "Master Track (optional)"), and features may not import each other.
import { atom } from 'jotai';

export const selectedMasteringTrackIdAtom = atom<string | null>(null);
