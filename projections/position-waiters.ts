// Callers waiting until the read models include an event (read-your-writes): each waits for a
// position and is released when the projections reach it, or rejected after its timeout. Kept in
// position order, so a move forward looks only at the waiters it releases. Shared by the in-process
// projector and the Postgres feed of an API process that runs without one.
import { comparePositions, formatPosition, type GlobalPosition } from '../infra/eventstore/event-store';

interface Waiter {
  position: GlobalPosition;
  resolve: () => void;
}

export class PositionWaiters {
  private readonly waiting: Waiter[] = [];

  get size(): number {
    return this.waiting.length;
  }

  /** Resolves once `release` reaches `position`; rejects after `timeoutMs`. */
  wait(position: GlobalPosition, timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new Error(`Read models did not reach ${formatPosition(position)} within ${timeoutMs} ms`));
      }, timeoutMs);
      // New positions are usually the latest, hence the search from the end.
      let index = this.waiting.length;
      while (index > 0 && comparePositions(this.waiting[index - 1]!.position, position) > 0) index--;
      this.waiting.splice(index, 0, waiter);
    });
  }

  /** Releases every waiter whose position is at or before `reached`. */
  release(reached: GlobalPosition): void {
    let released = 0;
    while (released < this.waiting.length && comparePositions(this.waiting[released]!.position, reached) <= 0) released++;
    for (const waiter of this.waiting.splice(0, released)) waiter.resolve();
  }
}
