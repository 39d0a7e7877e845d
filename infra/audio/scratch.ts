// Scratch memory for a master, reused from one master to the next in the same process.
//
// A master works through about half a gigabyte of PCM-sized buffers (the decoded original, the
// chain's output, the limiter's envelopes and output, the quantized file). On this machine the
// first touch of fresh memory costs about 0.8 ms per MB in page faults, a sixth of a master's
// time, so buffers a finished master hands back are kept for the next one. They are shared memory,
// so the DSP workers can use them too. Kept buffers are dropped IDLE_MS after the last master
// handed its back, so an idle process does not hold on to them.
const IDLE_MS = 30_000;
/** At most this much is kept; buffers of other sizes than the next master's would only sit here. */
const KEEP_BYTES = 1 << 30;

const kept = new Map<number, SharedArrayBuffer[]>();
let keptBytes = 0;
let idleTimer: NodeJS.Timeout | null = null;

function dropKept(): void {
  kept.clear();
  keptBytes = 0;
  idleTimer = null;
}

/**
 * Buffers for one master. They hold whatever the last user left in them: every user writes before
 * it reads.
 */
export class Scratch {
  private readonly taken: SharedArrayBuffer[] = [];

  float32(length: number): Float32Array {
    return new Float32Array(this.take(length * 4), 0, length);
  }

  bytes(length: number): Uint8Array {
    return new Uint8Array(this.take(length), 0, length);
  }

  private take(byteLength: number): SharedArrayBuffer {
    const reused = kept.get(byteLength)?.pop();
    if (reused) keptBytes -= byteLength;
    const buffer = reused ?? new SharedArrayBuffer(byteLength);
    this.taken.push(buffer);
    return buffer;
  }

  /** Hands every buffer back for the next master: only once nothing reads or writes them any more. */
  release(): void {
    for (const buffer of this.taken.splice(0)) {
      if (keptBytes + buffer.byteLength > KEEP_BYTES) continue;
      const sameSize = kept.get(buffer.byteLength) ?? [];
      sameSize.push(buffer);
      kept.set(buffer.byteLength, sameSize);
      keptBytes += buffer.byteLength;
    }
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(dropKept, IDLE_MS);
    idleTimer.unref();
  }
}
