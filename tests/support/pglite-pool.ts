// In-memory PGlite databases for suites that open a fresh one per test: starting PGlite costs most
// of a second of CPU, emptying one (its public schema dropped and made again) a few milliseconds.
// A database a test is done with is emptied and kept for the next one this process opens.
import { pgliteDb, type Db } from '../../infra/db/db';

const idle: Db[] = [];

export interface PooledPglite {
  /** An empty database; its close() leaves it open for `release`. */
  db: Db;
  /** Empties the database and keeps it for the next test (a database that cannot be emptied is closed). */
  release(): Promise<void>;
}

export async function pooledPglite(): Promise<PooledPglite> {
  const pglite = idle.pop() ?? (await pgliteDb());
  let released = false;
  return {
    db: { ...pglite, close: async () => {} },
    async release() {
      if (released) return;
      released = true;
      try {
        await pglite.query('DROP SCHEMA public CASCADE');
        await pglite.query('CREATE SCHEMA public');
        idle.push(pglite);
      } catch {
        await pglite.close();
      }
    },
  };
}
