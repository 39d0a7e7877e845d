import { describe, expect, it } from 'vitest';
import type { GlobalPosition } from '../infra/eventstore/event-store';
import { PositionWaiters } from './position-waiters';

const at = (commit: number): GlobalPosition => ({ commit: BigInt(commit), prepare: BigInt(commit) });

describe('PositionWaiters', () => {
  it('releases exactly the waiters a move forward reaches, whatever order they came in', async () => {
    const waiters = new PositionWaiters();
    const released: number[] = [];
    for (const commit of [30, 10, 20]) void waiters.wait(at(commit), 5_000).then(() => released.push(commit));
    waiters.release(at(20));
    await Promise.resolve();
    expect(released.sort()).toEqual([10, 20]);
    expect(waiters.size).toBe(1);
    waiters.release(at(30));
    await Promise.resolve();
    expect(released).toContain(30);
    expect(waiters.size).toBe(0);
  });

  it('rejects a wait the read models never reach, and forgets it', async () => {
    const waiters = new PositionWaiters();
    await expect(waiters.wait(at(5), 10)).rejects.toThrow('Read models did not reach 5/5 within 10 ms');
    expect(waiters.size).toBe(0);
  });
});
