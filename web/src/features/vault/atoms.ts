// Which vault item is playing: only one plays at a time (spec 1 §4 "Playback").
import { atom } from 'jotai';

export const playingItemIdAtom = atom<string | null>(null);
