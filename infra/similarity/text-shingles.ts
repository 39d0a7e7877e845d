// Text similarity by shingling: a text is the set of its overlapping 5-word runs, and two texts
// are as similar as those sets overlap (Jaccard). A MinHash signature estimates that overlap from
// 128 numbers per text, so the registry keeps a fixed-size summary instead of every text.
//
// Normalisation (lower case, letters and digits only) makes the check blind to formatting,
// punctuation and line breaks: a copy reflowed into another layout is still the same text.
import { readFile } from 'node:fs/promises';

export const SHINGLE_WORDS = 5;
export const MINHASH_SIZE = 128;
/** Estimated Jaccard similarity at or over which two texts count as copies. */
export const TEXT_MATCH_SIMILARITY = 0.5;

// Mersenne prime 2^31 − 1: the universal hash family h(x) = (a·x + b) mod p stays exact in doubles.
const PRIME = 2_147_483_647;

export interface TextSignature {
  minhash: Int32Array;
  words: number;
  shingles: number;
}

export async function textSignatureFile(file: string): Promise<TextSignature> {
  return textSignature(await readFile(file, 'utf8'));
}

export function textSignature(text: string): TextSignature {
  const words = text.toLowerCase().normalize('NFKD').match(/[\p{L}\p{N}]+/gu) ?? [];
  const shingles = new Set<number>();
  const width = Math.min(SHINGLE_WORDS, words.length);
  for (let i = 0; i + width <= words.length && width > 0; i++) shingles.add(fnv1a(words.slice(i, i + width).join(' ')));
  const minhash = new Int32Array(MINHASH_SIZE).fill(PRIME);
  const { a, b } = permutations();
  for (const shingle of shingles) {
    for (let k = 0; k < MINHASH_SIZE; k++) {
      const value = mulMod(a[k]!, shingle % PRIME) + b[k]!;
      const hashed = value >= PRIME ? value - PRIME : value;
      if (hashed < minhash[k]!) minhash[k] = hashed;
    }
  }
  return { minhash, words: words.length, shingles: shingles.size };
}

/** Share of equal MinHash slots: an unbiased estimate of the shingle sets' Jaccard similarity. */
export function signatureSimilarity(a: Int32Array, b: Int32Array): number {
  let equal = 0;
  for (let k = 0; k < MINHASH_SIZE; k++) if (a[k] === b[k]) equal++;
  return equal / MINHASH_SIZE;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** (a · x) mod PRIME without leaving the exact range of doubles: split a into 16-bit halves. */
function mulMod(a: number, x: number): number {
  const high = ((Math.floor(a / 65_536) * x) % PRIME) * 65_536;
  return (high + (a % 65_536) * x) % PRIME;
}

let family: { a: Uint32Array; b: Uint32Array } | undefined;
/** Fixed coefficients (a seeded generator), so signatures stored today compare with tomorrow's. */
function permutations(): { a: Uint32Array; b: Uint32Array } {
  if (!family) {
    let state = 0x2545f491;
    const next = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) % (PRIME - 1);
    };
    const a = new Uint32Array(MINHASH_SIZE);
    const b = new Uint32Array(MINHASH_SIZE);
    for (let k = 0; k < MINHASH_SIZE; k++) {
      a[k] = next() + 1;
      b[k] = next();
    }
    family = { a, b };
  }
  return family;
}
