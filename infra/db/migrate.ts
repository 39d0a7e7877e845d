// Forward-only schema migrations, applied in order and recorded in schema_migrations. On a Postgres
// server several processes may start at once (api, worker and projector roles): they take turns
// through a transaction-level advisory lock, so each migration runs once and a second process finds
// it recorded. PGlite serves one process, which needs no lock.
import type { Db, Queryable } from './db';

export interface Migration {
  id: string;
  sql: string;
}

/** The advisory lock key the processes take turns on while migrating (any constant no other lock uses). */
export const MIGRATION_LOCK_KEY = 0x60_05e_0001;

export async function migrate(db: Db, migrations: readonly Migration[]): Promise<string[]> {
  if (db.kind === 'pglite') return applyMigrations(db, (work) => db.transaction(work), migrations);
  // One transaction for the whole run: the lock is released on its commit, once every migration is recorded.
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    return applyMigrations(tx, (work) => work(tx), migrations);
  });
}

async function applyMigrations(
  db: Queryable,
  transaction: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>,
  migrations: readonly Migration[],
): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
  const ran: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    await transaction(async (tx) => {
      await tx.query(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1) ON CONFLICT DO NOTHING', [migration.id]);
    });
    ran.push(migration.id);
  }
  return ran;
}
