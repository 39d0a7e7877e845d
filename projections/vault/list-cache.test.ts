// The vault list cache: answers from memory until its owner's next committed change, and never
// keeps a list read while a change was landing.
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../infra/db/db';
import type { ReadModelChange } from '../projection';
import { VaultListCache } from './list-cache';

/** A database whose vault query is counted and can be held until released. */
function countingDb() {
  let queries = 0;
  let hold: Promise<void> | null = null;
  const db = {
    async query() {
      queries++;
      if (hold) await hold;
      return { rows: [] };
    },
  } as unknown as Queryable;
  return {
    db,
    queries: () => queries,
    holdNext(): () => void {
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

const change = (ownerId: string, readModel: ReadModelChange['readModel'] = 'vault'): ReadModelChange => ({
  readModel,
  ownerId,
  subjectId: 't',
  streamId: 's',
  eventType: 'TrackMastered',
  workflowId: null,
  recordedAt: new Date().toISOString(),
});

describe('vault list cache', () => {
  it('reads each owner once until a change to that owner\'s vault', async () => {
    const { db, queries } = countingDb();
    const cache = new VaultListCache(db);
    await cache.list('alice');
    await cache.list('alice');
    await cache.list('bob');
    expect(queries()).toBe(2);
    cache.changed(change('bob'));
    cache.changed(change('alice', 'user'));
    await cache.list('alice');
    await cache.list('bob');
    expect(queries()).toBe(3);
  });

  it('answers a read that raced a change but does not keep it', async () => {
    const { db, queries, holdNext } = countingDb();
    const cache = new VaultListCache(db);
    const release = holdNext();
    const racing = cache.list('alice');
    cache.changed(change('alice'));
    release();
    await racing;
    await cache.list('alice');
    expect(queries()).toBe(2);
  });
});
