// The composer's only source of chance: one generator per stream, keyed by (seed, name, indices),
// so each part of each section draws from a stream no other part or section touches, and
// regenerating one section leaves the others' notes as they were. The key is hashed with SHA-256
// into the 128-bit state of sfc32 (a small, well-tested generator built on 32-bit integer steps,
// so it gives the same numbers on every JavaScript engine).
import { sha256 } from '@noble/hashes/sha2.js';

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item chosen with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

export function randomStream(seed: number, name: string, ...indices: number[]): Random {
  const key = sha256(new TextEncoder().encode(`${seed}/${name}/${indices.join('/')}`));
  const view = new DataView(key.buffer, key.byteOffset, key.byteLength);
  let a = view.getUint32(0);
  let b = view.getUint32(4);
  let c = view.getUint32(8);
  let d = view.getUint32(12);
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // sfc32's first outputs are still close to its key; discard a few, as its author advises.
  for (let i = 0; i < 12; i += 1) nextUint32();
  const next = () => nextUint32() / 4294967296;
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
  };
}
