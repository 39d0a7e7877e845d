// A small seeded generator for the lyrics, so the same request and seed always give the same words
// (the composer's own generator can be passed instead: the writer only needs numbers in [0, 1)).
// Nothing here reads the clock or Math.random.

/** Numbers in [0, 1), the same sequence for the same seed. */
export type Random = () => number;

/** mulberry32: a 32-bit state, fast and well spread, plenty for picking words. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from a text (FNV-1a), for a request that names no seed of its own. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** One of the items, uniformly. */
export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('Nothing to pick from');
  return items[Math.floor(random() * items.length)]!;
}
