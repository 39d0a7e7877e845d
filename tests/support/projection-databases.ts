// The databases a projection's tests run on, PGlite (the embedded default) and the machine's real
// Postgres server, and what each test opens on them: a fresh database (on PGlite, an emptied one
// from tests/support/pglite-pool.ts) with the event store's tables, an event store, and a running
// projector of the projections under test, whose announced changes are collected. Where no
// Postgres server answers, its suite is skipped with a name saying so.
import { describe, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import type { Projection, ReadModelChange } from '../../projections/projection';
import { Projector } from '../../projections/projector';
import { pooledPglite } from './pglite-pool';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL } from './postgres';

export interface ProjectionDatabase {
  db: Db;
  store: PostgresEventStore;
  projector: Projector;
  /** What the projector announced since it started. */
  changes: ReadModelChange[];
  /** Stops the projector, closes the store and the database, and drops a server database. */
  close(): Promise<void>;
}

type OpenEmpty = () => Promise<{ db: Db; drop: () => Promise<void> }>;

const postgresUp = await postgresAvailable();

const DATABASES: { name: string; open: OpenEmpty | null }[] = [
  { name: 'PGlite', open: async () => ({ db: await pooledPglite(), drop: async () => {} }) },
  {
    name: 'a real Postgres server',
    open: postgresUp
      ? async () => {
          const database = await createTestDatabase();
          return { db: postgresDb(database.url), drop: () => database.drop() };
        }
      : null,
  },
];

async function openProjectionDatabase(openEmpty: OpenEmpty, projections: Projection[]): Promise<ProjectionDatabase> {
  const { db, drop } = await openEmpty();
  await migrate(db, eventStoreMigrations);
  const store = new PostgresEventStore(db, eventRegistry);
  const projector = new Projector(db, store, projections);
  await projector.start();
  const changes: ReadModelChange[] = [];
  projector.onChange((change) => changes.push(change));
  return {
    db,
    store,
    projector,
    changes,
    async close() {
      await projector.stop();
      await store.close();
      await db.close();
      await drop();
    },
  };
}

/** The embedded database alone, for read models whose tests need nothing of a real server. */
export function openOnPglite(projections: Projection[]): Promise<ProjectionDatabase> {
  return openProjectionDatabase(DATABASES[0]!.open!, projections);
}

/**
 * Declares `suite` once per database, as "<subject> on <database>"; the suite opens its database
 * (in beforeAll or beforeEach, as it needs) with the projections it tests.
 */
export function describeOnEachDatabase(subject: string, suite: (open: (projections: Projection[]) => Promise<ProjectionDatabase>) => void): void {
  for (const { name, open } of DATABASES) {
    if (!open) {
      describe(`${subject} on ${name} (skipped: no Postgres server at ${TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')})`, () => {
        it.skip(subject, () => {});
      });
      continue;
    }
    describe(`${subject} on ${name}`, () => suite((projections) => openProjectionDatabase(open, projections)));
  }
}
