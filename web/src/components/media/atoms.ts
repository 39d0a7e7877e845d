// Which vault player is playing: only one plays at a time. The id is the
// player's (item id plus original / preview / master), since one card can hold three players.
import { atom } from 'jotai';

export const playingItemIdAtom = atom<string | null>(null);
