// A delivery's progress reads n of m while it runs and its counts once finished.
import { describe, expect, it } from 'vitest';
import { deliveryPercent, deliveryProgressLabel } from './labels';

const delivery = { id: 'd', via: 'upload' as const, folder: null, total: 4, indexed: 2, failed: 1, receivedAt: '2026-11-29T21:00:00.000Z', completedAt: null };

describe('reference catalogue labels', () => {
  it('reads a running delivery as n of m processed and a finished one with its counts', () => {
    expect(deliveryProgressLabel({ ...delivery, status: 'running' })).toBe('Indexing: 3 of 4 processed, 1 failed');
    expect(deliveryPercent({ ...delivery, status: 'running' })).toBe(75);
    expect(deliveryProgressLabel({ ...delivery, status: 'completed', indexed: 3 })).toBe('Finished: 3 of 4 indexed, 1 failed');
  });
});
