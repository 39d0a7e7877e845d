// In-memory PGlite databases for suites that open fresh ones: starting PGlite costs most of a
// second of CPU, emptying one (its public schema dropped and made again) a few milliseconds. A
// database from here is emptied when closed and kept for the next one this test process opens (the
// route, services and projection suites share a process per worker, so the next suite reuses it).
import { pgliteDb, type Db } from '../../infra/db/db';

const idle: Db[] = [];

/** An empty in-memory database; its close() empties it for the next (one that cannot be emptied is closed for good). */
export async function pooledPglite(): Promise<Db> {
  const pglite = idle.pop() ?? (await pgliteDb());
  let closed = false;
  return {
    ...pglite,
    async close() {
      if (closed) return;
      closed = true;
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
