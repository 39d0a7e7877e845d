// One SQL interface over both databases the platform runs on: a real PostgreSQL server
// (DATABASE_URL) or the embedded PGlite under data/. Everything above this file speaks plain SQL.
import { randomUUID } from 'node:crypto';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { logger } from '../logger/logger';

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTENs on `channel`: `onNotify` gets each NOTIFY's payload. On a server the connection is a
   * dedicated one, opened again after it drops; `onReconnect` is then called, since notifications
   * sent while it was down are lost. Absent on a Db that cannot listen (a single client in a test).
   */
  listen?(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<Listening>;
  close(): Promise<void>;
}

export interface Listening {
  close(): Promise<void>;
}

const FIRST_RELISTEN_MS = 250;
const MAX_RELISTEN_MS = 5_000;

/** LISTEN on its own client (a pooled one would be handed to other queries), reconnecting with backoff after it drops. */
export async function listenOnOwnClient(connectionString: string, channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<Listening> {
  let current: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, keepAlive: true, application_name: `goose-listen-${channel}` });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const lost = (error?: unknown) => {
      if (current !== client || closed) return;
      current = null;
      logger.warn({ err: error, channel }, 'listening Postgres connection lost; listening again');
      void client.end().catch(() => undefined);
      retry();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    failures = 0;
  };
  const retry = () => {
    const delay = Math.min(MAX_RELISTEN_MS, FIRST_RELISTEN_MS * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(() => {
      connect().then(
        () => !closed && onReconnect?.(),
        (error: unknown) => {
          if (closed) return;
          logger.warn({ err: error, channel, retryInMs: Math.min(MAX_RELISTEN_MS, FIRST_RELISTEN_MS * 2 ** failures) }, 'listening again on Postgres failed');
          retry();
        },
      );
    }, delay);
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}

export function postgresDb(connectionString: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection the server drops (a restart, a terminated backend) is an 'error' event on
  // the pool; unheard, it would crash the process. The pool has already discarded that connection.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle Postgres connection lost'));
  return {
    kind: 'postgres',
    query: async (sql, params) => pool.query(sql, params as unknown[]) as never,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: async (sql, params) => client.query(sql, params as unknown[]) as never });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onNotify, onReconnect) => listenOnOwnClient(connectionString, channel, onNotify, onReconnect),
    close: () => pool.end(),
  };
}

/**
 * dataDir undefined = in memory (tests). PGlite runs one query at a time, so a transaction is exclusive.
 * pg_trgm is loaded so the search read models' `CREATE EXTENSION IF NOT EXISTS pg_trgm` works here
 * as on a real server (typo-tolerant search: similarity, %, GIN trigram indexes).
 */
export async function pgliteDb(dataDir?: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  const snapshotOrInitdb = () =>
    freshDatabaseSnapshot().catch((error: unknown) => {
      logger.warn({ err: error }, 'no snapshot of a fresh PGlite database; running initdb');
      return undefined;
    });
  let db: PGlite;
  // A new folder starts from the fresh database's snapshot: loading it costs a third of initdb's CPU.
  if (dataDir !== undefined) db = await PGlite.create(dataDir, { extensions, loadDataDir: (await databaseExists(dataDir)) ? undefined : await snapshotOrInitdb() });
  else {
    db = await PGlite.create({ extensions, loadDataDir: await snapshotOrInitdb() });
    // In memory there is nothing durable to wait for: a commit that flushes the WAL (to memory)
    // costs about a third more CPU than one that leaves it to the next write, for nothing kept.
    await db.exec('SET synchronous_commit = off');
  }
  return {
    kind: 'pglite',
    query: (sql, params) => runPglite(db, sql, params),
    transaction: (work) => db.transaction((tx) => work({ query: (sql, params) => runPglite(tx, sql, params) })),
    // In one process there is no connection to lose: NOTIFYs reach the listeners of the same PGlite.
    async listen(channel, onNotify) {
      const unlisten = await db.listen(channel, onNotify);
      return { close: () => unlisten() };
    },
    close: () => db.close(),
  };
}

/** Whether `dataDir` already holds a PostgreSQL data folder (initdb writes PG_VERSION first). */
async function databaseExists(dataDir: string): Promise<boolean> {
  return stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

let snapshot: Promise<Blob> | undefined;

/**
 * A fresh in-memory database starts from a snapshot of a freshly initialised one instead of
 * running initdb again, which costs 2–4 s of CPU each time against 0.6 s from the snapshot. The
 * snapshot is made once per PGlite build and kept in the OS temp folder, so every process (each
 * test worker) shares it; it is written under a temporary name and renamed, so none reads half of one.
 */
function freshDatabaseSnapshot(): Promise<Blob> {
  snapshot ??= loadOrMakeSnapshot().catch((error: unknown) => {
    snapshot = undefined;
    throw error;
  });
  return snapshot;
}

async function loadOrMakeSnapshot(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const { version } = JSON.parse(await readFile(path.join(dist, '..', 'package.json'), 'utf8')) as { version: string };
  const build = await stat(path.join(dist, 'pglite.wasm'));
  const file = path.join(os.tmpdir(), `goose-pglite-fresh-${version}-${build.size}.tar`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return new Blob([kept]);
  const fresh = await PGlite.create({ extensions: { pg_trgm } });
  const dump = await fresh.dumpDataDir('none');
  await fresh.close();
  const partial = `${file}.${process.pid}.${randomUUID()}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

type PgliteQueryable = Pick<PGlite, 'query' | 'exec'>;

// Without parameters a string may hold several statements (migrations), which only exec() runs.
async function runPglite<R>(db: PgliteQueryable, sql: string, params?: unknown[]): Promise<{ rows: R[] }> {
  if (params === undefined) {
    const results = await db.exec(sql);
    return { rows: (results.at(-1)?.rows ?? []) as R[] };
  }
  const result = await db.query<R>(sql, params);
  return { rows: result.rows };
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || (e.message ?? '').includes(constraint);
}
