// A perceptual hash of an image (the DCT "pHash"): images that look alike get hashes a few bits
// apart, whatever their size, compression or small colour changes. ffmpeg decodes the file (every
// image type the platform accepts) straight to 32×32 greyscale, so no image library is needed.
//
// The hash keeps the signs of the 8×8 lowest spatial frequencies of that thumbnail against their
// median: the coarse structure survives resizing and JPEG re-encoding, fine detail does not count.
// Its known weak spot: a picture with almost no structure (a smooth gradient, a few flat colour
// bars) has most coefficients near the median, so a brightness change flips many bits and a copy
// of it can be missed.
import path from 'node:path';
import { runFfmpeg } from '../audio/ffmpeg';

const SIZE = 32;
const KEPT = 8;
export const IMAGE_HASH_BITS = KEPT * KEPT;

/** Hamming distance at or under which two images count as the same picture (of 64 bits). */
export const IMAGE_MATCH_DISTANCE = 10;

export async function imageHashFile(file: string): Promise<bigint> {
  const { stdout } = await runFfmpeg(
    ['-v', 'error', '-i', `file:${path.resolve(file)}`, '-vf', `scale=${SIZE}:${SIZE}:flags=area,format=gray`, '-frames:v', '1', '-f', 'rawvideo', 'pipe:1'],
    { captureStdout: true, timeoutMs: 60_000 },
  );
  if (stdout.length < SIZE * SIZE) throw new Error('The image could not be decoded');
  return imageHashPixels(stdout.subarray(0, SIZE * SIZE));
}

/** pHash of 32×32 8-bit greyscale pixels, row by row. */
export function imageHashPixels(pixels: Uint8Array): bigint {
  const cosines = dctBasis();
  // Separable 2-D DCT, only the KEPT lowest frequencies in each direction.
  const rows = new Float64Array(SIZE * KEPT);
  for (let y = 0; y < SIZE; y++) {
    for (let u = 0; u < KEPT; u++) {
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += pixels[y * SIZE + x]! * cosines[u * SIZE + x]!;
      rows[y * KEPT + u] = sum;
    }
  }
  const coefficients = new Float64Array(KEPT * KEPT);
  for (let v = 0; v < KEPT; v++) {
    for (let u = 0; u < KEPT; u++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) sum += rows[y * KEPT + u]! * cosines[v * SIZE + y]!;
      coefficients[v * KEPT + u] = sum;
    }
  }
  // The DC term is the mean brightness: left out of the median so brightness alone does not decide.
  const median = [...coefficients.subarray(1)].sort((a, b) => a - b)[Math.floor((KEPT * KEPT - 1) / 2)]!;
  let hash = 0n;
  for (let i = 0; i < KEPT * KEPT; i++) hash = (hash << 1n) | (coefficients[i]! > median ? 1n : 0n);
  return hash;
}

let basis: Float64Array | undefined;
function dctBasis(): Float64Array {
  if (!basis) {
    basis = new Float64Array(KEPT * SIZE);
    for (let u = 0; u < KEPT; u++) {
      for (let x = 0; x < SIZE; x++) basis[u * SIZE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE));
    }
  }
  return basis;
}

export function hammingDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(IMAGE_HASH_BITS, a ^ b);
  let bits = 0;
  while (diff) {
    diff &= diff - 1n;
    bits++;
  }
  return bits;
}

/** The hash as 16 hex digits, for results and certificates. */
export function formatImageHash(hash: bigint): string {
  return BigInt.asUintN(IMAGE_HASH_BITS, hash).toString(16).padStart(IMAGE_HASH_BITS / 4, '0');
}
