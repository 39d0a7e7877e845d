// An API process waits for the projector's read models: not ready before the checkpoint table or
// every projection's checkpoint exists, ready once the projector has prepared them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pgliteDb, type Db } from '../../infra/db/db';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { migrate } from '../../infra/db/migrate';
import { eventRegistry } from '../../domain/registry';
import { Projector } from '../../projections/projector';
import { usersProjection } from '../../projections/users/projection';
import { tokensProjection } from '../../projections/tokens/projection';
import { readModelsReady } from './read-models-ready';

describe('readModelsReady', () => {
  let db: Db;
  beforeEach(async () => {
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
  });
  afterEach(() => db.close());

  it('waits while the projector has not created the read models, and resolves once it has', async () => {
    const projections = [usersProjection, tokensProjection];
    let ready = false;
    const waiting = readModelsReady(db, { pollMs: 10, projections }).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ready).toBe(false);

    const projector = new Projector(db, new PostgresEventStore(db, eventRegistry), projections);
    await projector.start();
    await waiting;
    expect(ready).toBe(true);
    await projector.stop();
  });
});
