// The read-model feed of an API process that runs no projector (DATABASE_URL deployments with
// roles): it hears the projecting process through Postgres. Each NOTIFY on
// READ_MODEL_CHANGES_CHANNEL makes it read the change log after the last seq it emitted; so does
// a timer (a safety net for a lost notification) and the listening connection coming back. The log
// is emitted in seq order: a seq missing while later ones are there belongs to a transaction still
// committing (or rolled back), so later changes wait for it, briefly. Read-your-writes (waitFor)
// reads the projections' checkpoints, when notified and on a short poll while anyone waits.
import { EventEmitter } from 'node:events';
import { listenOnOwnClient, type Db } from '../infra/db/db';
import { migrate } from '../infra/db/migrate';
import { comparePositions, parsePosition, START, type GlobalPosition } from '../infra/eventstore/event-store';
import { logger } from '../infra/logger/logger';
import { allProjections } from './all';
import type { Projection, ReadModelChange } from './projection';
import { PositionWaiters } from './position-waiters';
import { lastLoggedSeq, logReadModelChanges, pruneLoggedChanges, readLoggedChanges } from './read-model-change-log';
import { READ_MODEL_CHANGES_CHANNEL, READ_MODEL_CHANGES_RETENTION_MS, readModelChangeMigrations, type LoggedReadModelChange, type ReadModelFeed } from './read-model-feed';

export interface PostgresReadModelFeedOptions {
  /** How often the log is read without a notification (a notification lost with its connection). */
  safetyPollMs?: number;
  /** How often the checkpoints are read while a waitFor is pending (a batch without changes notifies nobody). */
  waitPollMs?: number;
  /** How long later changes wait for a missing seq before going on without it (its transaction rolled back). */
  gapWaitMs?: number;
  /** The projections waitFor waits for (a checkpoint left by one no longer run must not hold it up); by default all of them. */
  projections?: ReadonlyArray<Pick<Projection, 'name'>>;
  /** The server to LISTEN on, on a connection of its own; by default `db.listen`. */
  connectionString?: string;
}

export type PostgresReadModelFeed = ReadModelFeed & { close(): Promise<void> };


const READ_BATCH = 1000;
/** Past this many missing seqs at once (a sequence jump), the rest are not waited for. */
const MAX_TRACKED_GAPS = 1000;
/** How long a seq given up on is still looked for. */
const LATE_LOOK_MS = 60_000;

/**
 * Where a new feed starts: after the last committed row (a row still committing below it would be
 * missed, a row above it is not), or after the last seq handed out when nothing is kept, so the
 * first row read is not taken for one after a gap.
 */
async function startingSeq(db: Db): Promise<number> {
  const { rows } = await db.query<{ last: string | number | bigint | null }>('SELECT max(seq) AS last FROM read_model_changes');
  return rows[0]?.last == null ? lastLoggedSeq(db) : Number(rows[0].last);
}

export async function openPostgresReadModelFeed(db: Db, options: PostgresReadModelFeedOptions = {}): Promise<PostgresReadModelFeed> {
  const { safetyPollMs = 3000, waitPollMs = 25, gapWaitMs = 2000, connectionString } = options;
  const projections = (options.projections ?? allProjections).map((projection) => projection.name);
  const listen = connectionString ? listenOnOwnClient.bind(null, connectionString) : db.listen?.bind(db);
  if (!listen) throw new Error('This database connection cannot LISTEN: give the feed a connectionString');
  await migrate(db, readModelChangeMigrations);

  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  const waiters = new PositionWaiters();
  let closed = false;
  /** Every seq up to here has been emitted or given up on. */
  let emittedUpTo = await startingSeq(db);
  /** Rows read past a missing seq, held until it comes or its wait ends. */
  const held = new Map<number, LoggedReadModelChange>();
  /** Missing seqs still waited for, with when the wait ends. */
  const gaps = new Map<number, number>();
  /** Missing seqs no longer waited for, still looked for until the time given: one that commits late is emitted late, not lost. */
  const late = new Map<number, number>();
  let reading: Promise<void> | null = null;
  let readAgain = false;
  let gapTimer: NodeJS.Timeout | undefined;

  const emit = (logged: LoggedReadModelChange) => {
    for (const listener of changes.listeners('change') as Array<(change: ReadModelChange) => void>) {
      try {
        listener(logged.change);
      } catch (error) {
        logger.error({ err: error, seq: logged.seq }, 'a read-model change listener failed');
      }
    }
  };

  /** Emits the held rows that are next in seq order, skipping missing seqs whose wait has ended. */
  const release = (now: number) => {
    for (;;) {
      const next = emittedUpTo + 1;
      const row = held.get(next);
      if (row) {
        held.delete(next);
        gaps.delete(next);
        emittedUpTo = next;
        emit(row);
        continue;
      }
      const waitEnds = gaps.get(next);
      if (held.size > 0 && (waitEnds === undefined || waitEnds <= now)) {
        // Nothing came for this seq (rolled back, or a slow commit): go on without it, still looking for it a while.
        gaps.delete(next);
        if (waitEnds !== undefined) late.set(next, now + LATE_LOOK_MS);
        emittedUpTo = next;
        continue;
      }
      return;
    }
  };

  const readOnce = async (): Promise<boolean> => {
    const now = Date.now();
    let highest = Math.max(emittedUpTo, ...held.keys());
    for (const [seq, until] of late) if (until <= now) late.delete(seq);
    const rows = await readLoggedChanges(db, highest, { alsoSeqs: [...gaps.keys(), ...late.keys()], limit: READ_BATCH });
    for (const row of rows) {
      if (late.delete(row.seq)) {
        emit(row);
        continue;
      }
      if (row.seq <= emittedUpTo || held.has(row.seq)) continue;
      if (row.seq > highest) {
        for (let missing = highest + 1; missing < row.seq && gaps.size < MAX_TRACKED_GAPS; missing++) gaps.set(missing, now + gapWaitMs);
        highest = row.seq;
      }
      held.set(row.seq, row);
    }
    release(now);
    return rows.length === READ_BATCH;
  };

  /** Reads the log until it has nothing new; a read asked for during one runs right after it. */
  const read = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          readAgain = false;
          while (!closed && (await readOnce()));
        } while (readAgain && !closed);
      } catch (error) {
        if (!closed) logger.warn({ err: error }, 'read-model change log not read; trying again on the next notification');
      } finally {
        reading = null;
      }
      // Rows held behind a missing seq are looked at again once its wait ends.
      if (held.size > 0 && !closed && !gapTimer) {
        gapTimer = setTimeout(() => {
          gapTimer = undefined;
          void read();
        }, gapWaitMs);
        gapTimer.unref();
      }
    })();
    return reading;
  };

  const caughtUpTo = async (): Promise<GlobalPosition | null> => {
    const { rows } = await db
      .query<{ name: string; position: string }>('SELECT name, position FROM projection_checkpoints')
      .catch(() => ({ rows: [] as Array<{ name: string; position: string }> }));
    const relevant = rows.filter((row) => projections.includes(row.name));
    // A projection without a checkpoint has applied nothing yet.
    if (relevant.length < projections.length) return null;
    if (relevant.length === 0) return START;
    return relevant.map((row) => parsePosition(row.position)).reduce((lowest, position) => (comparePositions(position, lowest) < 0 ? position : lowest));
  };

  let checking: Promise<void> | null = null;
  const checkWaiters = (): Promise<void> => {
    if (waiters.size === 0 || closed) return Promise.resolve();
    checking ??= caughtUpTo()
      .then((reached) => {
        if (reached) waiters.release(reached);
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  };

  const onNotify = () => {
    void read();
    void checkWaiters();
  };
  const listening = await listen(READ_MODEL_CHANGES_CHANNEL, onNotify, onNotify);
  const safetyNet = setInterval(onNotify, safetyPollMs);
  safetyNet.unref();
  let waitPoll: NodeJS.Timeout | undefined;
  const pollWhileWaiting = () => {
    if (waitPoll || waiters.size === 0 || closed) return;
    waitPoll = setInterval(() => {
      if (waiters.size === 0) {
        clearInterval(waitPoll);
        waitPoll = undefined;
        return;
      }
      void checkWaiters();
    }, waitPollMs);
    waitPoll.unref();
  };
  // Every API process prunes: a DELETE of old rows is the same whoever runs it, and none is special.
  const pruning = setInterval(
    () => void pruneLoggedChanges(db).catch((error: unknown) => logger.warn({ err: error }, 'old read-model changes not pruned')),
    Math.min(READ_MODEL_CHANGES_RETENTION_MS / 4, 5 * 60_000),
  );
  pruning.unref();

  return {
    onChange(listener) {
      changes.on('change', listener);
      return () => changes.off('change', listener);
    },
    announce(change) {
      // Logged like a projected change, so every API process (this one too) hears it from the log.
      void db
        .transaction((tx) => logReadModelChanges(tx, [change]))
        .catch((error: unknown) => logger.warn({ err: error, readModel: change.readModel, eventType: change.eventType }, 'change not announced'));
    },
    waitFor(position, timeoutMs = 5000) {
      if (comparePositions(position, START) <= 0) return Promise.resolve();
      const waited = waiters.wait(position, timeoutMs);
      void checkWaiters();
      pollWhileWaiting();
      return waited;
    },
    async close() {
      closed = true;
      clearInterval(safetyNet);
      clearInterval(waitPoll);
      clearInterval(pruning);
      clearTimeout(gapTimer);
      await listening.close();
      await reading;
      await checking;
    },
  };
}
