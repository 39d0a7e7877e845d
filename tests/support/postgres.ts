// Test databases on the machine's real PostgreSQL server. Each suite gets a fresh database so
// suites never see each other's rows. TEST_DATABASE_URL points at the server (any database on it).
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://goose:goose@127.0.0.1:5432/postgres';

/** True when the Postgres server answers; suites use it to skip with a name that says why. */
export async function postgresAvailable(serverUrl = TEST_DATABASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface TestDatabase {
  url: string;
  /** host:port/name, for reports (no credentials). */
  label: string;
  drop(): Promise<void>;
}

/** A fresh database on the server (the test server unless told otherwise); the benchmarks use it too. */
export async function createTestDatabase({ serverUrl = TEST_DATABASE_URL, prefix = 'goose_test' } = {}): Promise<TestDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `${url.host}/${name}`,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
