// One SQL interface over both databases the platform runs on: a real PostgreSQL server
// (DATABASE_URL) or the embedded PGlite under data/. Everything above this file speaks plain SQL.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { logger } from '../logger/logger';

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
  const db: PGlite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    query: (sql, params) => runPglite(db, sql, params),
    transaction: (work) => db.transaction((tx) => work({ query: (sql, params) => runPglite(tx, sql, params) })),
    close: () => db.close(),
  };
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
