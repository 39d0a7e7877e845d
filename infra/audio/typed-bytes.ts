// Typed arrays to and from the bytes stored in bytea columns (machine byte order: the index is
// read back by the same platform that wrote it).

/** The bytes of a typed array, without copying. */
export function bytesOf(values: Float32Array | Uint32Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

/** Copies bytes into a fresh, aligned Float32Array (a row's buffer may sit at any offset). */
export function float32FromBytes(bytes: Uint8Array): Float32Array {
  const out = new Float32Array(Math.floor(bytes.length / 4));
  new Uint8Array(out.buffer).set(bytes.subarray(0, out.length * 4));
  return out;
}

/** Copies bytes into a fresh, aligned Uint32Array. */
export function uint32FromBytes(bytes: Uint8Array): Uint32Array {
  const out = new Uint32Array(Math.floor(bytes.length / 4));
  new Uint8Array(out.buffer).set(bytes.subarray(0, out.length * 4));
  return out;
}

/** A Float32Array in shared memory, which a worker thread reads and writes in place (see parallel-dsp.ts). */
export function sharedFloat32(length: number): Float32Array {
  return new Float32Array(new SharedArrayBuffer(length * 4));
}
