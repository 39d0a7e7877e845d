// The read-model change log (`read_model_changes`, see read-model-feed.ts) as SQL: writing changes
// with their NOTIFY inside the transaction that commits them, reading what came after a seq (for an
// API process's feed and for a browser that resumes), and pruning what is older than the retention.
// Plain SQL over Queryable, so it runs on a Postgres server and on PGlite alike.
import type { Queryable } from '../infra/db/db';
import type { ReadModelChange } from './projection';
import { READ_MODEL_CHANGES_CHANNEL, READ_MODEL_CHANGES_RETENTION_MS, type LoggedReadModelChange } from './read-model-feed';

interface ChangeRow {
  seq: string | number | bigint;
  change: ReadModelChange;
}

const logged = (row: ChangeRow): LoggedReadModelChange => {
  const seq = Number(row.seq);
  return { seq, change: { ...row.change, seq } };
};

/**
 * Logs `changes` inside `tx` (the transaction that commits their read models) and NOTIFYs the
 * channel with the last row's seq, which Postgres delivers only when `tx` commits. Answers the
 * changes with their seq, in the order given.
 */
export async function logReadModelChanges(tx: Queryable, changes: readonly ReadModelChange[]): Promise<LoggedReadModelChange[]> {
  if (changes.length === 0) return [];
  // One statement for the batch; the ordinality keeps the seqs in the order of the changes.
  const { rows } = await tx.query<ChangeRow & { n: string | number }>(
    `WITH given AS (SELECT value, n FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(value, n) ORDER BY n),
          inserted AS (INSERT INTO read_model_changes (change) SELECT value FROM given ORDER BY n RETURNING seq, change)
     SELECT seq, change FROM inserted ORDER BY seq`,
    [JSON.stringify(changes.map(({ seq: _unlogged, ...change }) => change))],
  );
  const result = rows.map(logged);
  // Listeners read every row after their last seq, so one notification per transaction is enough.
  await tx.query('SELECT pg_notify($1, $2)', [READ_MODEL_CHANGES_CHANNEL, String(result.at(-1)!.seq)]);
  return result;
}

/** The rows after `afterSeq`, and those of `alsoSeqs` (seqs skipped earlier whose transaction may have committed since), in seq order. */
export async function readLoggedChanges(db: Queryable, afterSeq: number, { alsoSeqs = [], limit = 1000 }: { alsoSeqs?: readonly number[]; limit?: number } = {}): Promise<LoggedReadModelChange[]> {
  const { rows } = await db.query<ChangeRow>(
    'SELECT seq, change FROM read_model_changes WHERE seq > $1 OR seq = ANY($2::bigint[]) ORDER BY seq LIMIT $3',
    [afterSeq, alsoSeqs, limit],
  );
  return rows.map(logged);
}

/** The last seq handed out (0 before any): where a new listener or browser starts. */
export async function lastLoggedSeq(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ last: string | number | bigint | null }>(
    `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS last FROM read_model_changes_seq_seq`,
  );
  return Number(rows[0]?.last ?? 0);
}

/** Who a browser's socket belongs to: the changes it is told of (api/realtime/hub.ts applies the same rules live). */
export interface ChangeAudience {
  userId: string;
  /** The roles that hear more than the user's own changes. */
  roles: ReadonlyArray<'operator' | 'support'>;
  /** Event types an operator hears of anywhere (the operations page). */
  operationsEvents: ReadonlySet<string>;
}

/** At most this many changes are replayed to one browser; past it, refetching everything is cheaper. */
export const MAX_REPLAYED_CHANGES = 2000;

/**
 * The changes after `afterSeq` that `audience` hears of, in seq order, or null when they cannot all
 * be told: rows after it were pruned (older than the retention), the seq is not from this log, or
 * there are more than MAX_REPLAYED_CHANGES.
 */
export async function changesToReplay(db: Queryable, afterSeq: number, audience: ChangeAudience): Promise<LoggedReadModelChange[] | null> {
  const last = await lastLoggedSeq(db);
  const { rows: bounds } = await db.query<{ oldest: string | number | bigint | null }>('SELECT min(seq) AS oldest FROM read_model_changes');
  const oldest = bounds[0]?.oldest == null ? null : Number(bounds[0].oldest);
  if (afterSeq > last) return null;
  // Nothing kept: only a browser that saw the last change has missed nothing. Else the row after
  // its seq must still be there (a seq never used at the boundary also answers null: a full refetch, never a gap).
  if (oldest === null ? afterSeq < last : afterSeq < oldest - 1) return null;
  const operator = audience.roles.includes('operator');
  const { rows } = await db.query<ChangeRow>(
    `SELECT seq, change FROM read_model_changes
      WHERE seq > $1
        AND (change->>'ownerId' = $2 OR change->>'alsoToRole' = ANY($3::text[]) OR ($4 AND change->>'eventType' = ANY($5::text[])))
      ORDER BY seq LIMIT $6`,
    [afterSeq, audience.userId, audience.roles, operator, [...audience.operationsEvents], MAX_REPLAYED_CHANGES + 1],
  );
  if (rows.length > MAX_REPLAYED_CHANGES) return null;
  return rows.map(logged);
}

/** Deletes the changes older than the retention; answers how many. */
export async function pruneLoggedChanges(db: Queryable, now = new Date()): Promise<number> {
  const { rows } = await db.query<{ pruned: string | number }>(
    `WITH gone AS (DELETE FROM read_model_changes WHERE recorded_at < $1 RETURNING 1) SELECT count(*) AS pruned FROM gone`,
    [new Date(now.getTime() - READ_MODEL_CHANGES_RETENTION_MS)],
  );
  return Number(rows[0]?.pruned ?? 0);
}

/** What the websocket hub reads of the log: where it stands, and what a resuming browser missed. */
export interface ChangeLogReader {
  /** The last seq handed out; null where there is no log (a database without its table). */
  head(): Promise<number | null>;
  /** As changesToReplay; null too where there is no log. */
  replay(afterSeq: number, audience: ChangeAudience): Promise<LoggedReadModelChange[] | null>;
}

const UNDEFINED_TABLE = '42P01';

/** The log in `db`; a database without the table (no projector has logged there yet) answers null, as a log with nothing to resume from. */
export function changeLogReader(db: Queryable): ChangeLogReader {
  const orNull = <T>(read: Promise<T>): Promise<T | null> =>
    read.catch((error: unknown) => {
      if ((error as { code?: string }).code === UNDEFINED_TABLE) return null;
      throw error;
    });
  return {
    head: () => orNull(lastLoggedSeq(db)),
    replay: (afterSeq, audience) => orNull(changesToReplay(db, afterSeq, audience)),
  };
}
