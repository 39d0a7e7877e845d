// The names signed documents give users: a registered user is named by their username whether the
// users read model has their row yet or not (the stream answers for a read model behind); only an id
// with no account has no name.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { allProjections } from '../../projections/all';
import { Projector } from '../../projections/projector';
import { seedCreator } from '../../tests/support/seed-work';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import { storedUserNames } from './user-names';

describe('user names', () => {
  let db: Db;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await pooledPglite();
    await migrate(db, eventStoreMigrations);
    for (const projection of allProjections) await db.query(projection.schema);
    store = new PostgresEventStore(db, eventRegistry);
  });

  afterAll(async () => {
    await db.close();
  });

  it('names a user from the read model, from their stream while the read model is behind, and nobody for an id without an account', async () => {
    const names = storedUserNames(db, store);
    const behind = await seedCreator(store, 'ada_behind');
    // No projector has run: the users table does not hold this account yet.
    expect((await db.query('SELECT 1 FROM users WHERE id = $1', [behind.userId])).rows).toEqual([]);
    expect(await names.nameOf(behind.userId)).toBe('ada_behind');

    const projector = new Projector(db, store, allProjections);
    await projector.start();
    try {
      const projected = await seedCreator(store, 'grace_projected');
      await projector.waitFor(projected.position);
      expect(await names.nameOf(projected.userId)).toBe('grace_projected');
    } finally {
      await projector.stop();
    }

    expect(await names.nameOf(randomUUID())).toBeNull();
  });
});
