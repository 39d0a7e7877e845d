import { describe, expect, it } from 'vitest';
import { Scratch } from './scratch';

describe('Scratch', () => {
  it('hands a released buffer of the same size to the next user, and one still in use to nobody', () => {
    const first = new Scratch();
    const kept = first.float32(1_000);
    const released = new Scratch();
    const reusable = released.float32(1_000);
    released.release();
    const next = new Scratch();
    const a = next.float32(1_000);
    const b = next.float32(1_000);
    expect(a.buffer).toBe(reusable.buffer);
    expect(b.buffer).not.toBe(kept.buffer);
    expect(b.buffer).not.toBe(a.buffer);
    // Another size gets its own buffer, shared memory a worker can use.
    expect(next.bytes(4_000).buffer).not.toBe(reusable.buffer);
    expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
