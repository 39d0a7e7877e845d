// The Postgres pool survives the server dropping an idle connection (a restart, a terminated
// backend): the process must not crash on the pool's 'error' event, and the next query reconnects.
// The embedded PGlite carries pg_trgm, which the search read models need for typo tolerance, and a
// new data folder (missing or empty) starts from the fresh database's snapshot and keeps what it holds.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { pgliteDb, postgresDb, type Db } from './db';

const postgresUp = await postgresAvailable();

describe.skipIf(!postgresUp)(`postgresDb (skipped without a Postgres server at ${TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')})`, () => {
  let database: TestDatabase;
  let db: Db;
  let admin: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = postgresDb(database.url, 2);
    admin = postgresDb(database.url, 1);
  });

  afterAll(async () => {
    await db.close();
    await admin.close();
    await database.drop();
  });

  it('keeps serving after the server terminates its idle connection', async () => {
    const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const { rows: killed } = await admin.query<{ done: boolean }>('SELECT pg_terminate_backend($1) AS done', [rows[0]!.pid]);
    expect(killed[0]!.done).toBe(true);
    // Give the idle client time to hear the termination (the moment an unheard 'error' would crash).
    await new Promise((resolve) => setTimeout(resolve, 200));

    const { rows: after } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(after[0]!.pid).not.toBe(rows[0]!.pid);
  });
});

describe('pgliteDb', () => {
  it('can create pg_trgm and rank a misspelt title by trigram similarity', async () => {
    const db = await pgliteDb();
    try {
      await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await db.query('CREATE TABLE t (title text); CREATE INDEX t_title_trgm ON t USING gin (title gin_trgm_ops)');
      await db.query("INSERT INTO t VALUES ('Midnight Rain'), ('Morning Sun')");
      const { rows } = await db.query<{ title: string }>(
        'SELECT title FROM t WHERE title % $1 ORDER BY similarity(title, $1) DESC',
        ['Midnigth Rian'],
      );
      expect(rows.map((row) => row.title)).toEqual(['Midnight Rain']);
    } finally {
      await db.close();
    }
  });

  it('starts a new data folder, missing or empty, as a fresh database that keeps its rows when opened again', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'goose-pglite-dir-'));
    try {
      const missing = path.join(root, 'missing');
      const empty = path.join(root, 'empty');
      await mkdir(empty);
      for (const dir of [missing, empty]) {
        const db = await pgliteDb(dir);
        await db.query('CREATE TABLE kept (n integer)');
        await db.query('INSERT INTO kept VALUES (7)');
        await db.close();
        expect((await readFile(path.join(dir, 'PG_VERSION'), 'utf8')).trim()).toMatch(/^\d+$/);
        const again = await pgliteDb(dir);
        const { rows } = await again.query<{ n: number }>('SELECT n FROM kept');
        await again.close();
        expect(rows).toEqual([{ n: 7 }]);
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
