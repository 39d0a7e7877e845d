// Runs projections as checkpointed subscriptions to the event store. Each batch of events is
// applied and its checkpoint saved in one transaction, so after a crash a projection resumes
// exactly after the last batch it committed. Live clients hear about changes only after commit:
// in this process through onChange, in API processes elsewhere through the change log
// (read_model_changes, written in the same transaction) and a NOTIFY delivered on commit.
// The checkpoint moves only from the position this projector last committed (compare-and-set), so
// a deposed leader that still applies a batch rolls it back instead of applying it twice.
import { EventEmitter } from 'node:events';
import type { Db, Queryable } from '../infra/db/db';
import {
  comparePositions,
  formatPosition,
  parsePosition,
  START,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type Subscription,
} from '../infra/eventstore/event-store';
import { logger } from '../infra/logger/logger';
import { applyEvents, type Projection, type ReadModelChange } from './projection';
import { PositionWaiters } from './position-waiters';
import { logReadModelChanges, pruneLoggedChanges } from './read-model-change-log';
import { readModelChangeMigrations, type ReadModelFeed } from './read-model-feed';

const CHECKPOINT_SCHEMA = `
  CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name text PRIMARY KEY,
    version integer NOT NULL,
    position text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`;

/** How often the leading projector drops logged changes older than the retention. */
const PRUNE_EVERY_MS = 5 * 60 * 1000;


export class Projector implements ReadModelFeed {
  private readonly subscriptions: Subscription[] = [];
  private readonly positions = new Map<string, GlobalPosition>();
  private readonly changes = new EventEmitter();
  private readonly waiters = new PositionWaiters();
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly eventStore: EventStore,
    readonly projections: readonly Projection[],
  ) {
    this.changes.setMaxListeners(0);
  }

  /** Creates missing read models, rebuilds those whose version changed, and starts following the store. */
  async start(): Promise<void> {
    await this.db.query(CHECKPOINT_SCHEMA);
    // Idempotent DDL (the same as the migration), so a projector on a database migrated without it still logs.
    for (const migration of readModelChangeMigrations) await this.db.query(migration.sql);
    for (const projection of this.projections) {
      const from = await this.prepare(projection);
      this.positions.set(projection.name, from);
      const subscription = this.eventStore.subscribe(
        from,
        (batch) => this.applyBatch(projection, batch),
        { onError: (error) => logger.error({ err: error, projection: projection.name }, 'projection stopped') },
      );
      this.subscriptions.push(subscription);
    }
    this.pruneTimer = setInterval(() => void this.pruneChangeLog(), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
    void this.pruneChangeLog();
    logger.info({ projections: this.projections.map((p) => p.name) }, 'projector started');
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    await Promise.all(this.subscriptions.splice(0).map((s) => s.stop()));
  }

  /**
   * Tells live clients of a change made outside the projections (the developer API's usage log):
   * logged and notified for API processes elsewhere, then heard here. A failed log costs only the
   * other processes' notice (logged as an error); this process still hears it.
   */
  announce(change: ReadModelChange): void {
    logReadModelChanges(this.db, [change]).then(
      ([logged]) => this.changes.emit('change', logged!.change),
      (error: unknown) => {
        logger.error({ err: error, readModel: change.readModel }, 'an announced change was not logged: other API processes miss it');
        this.changes.emit('change', change);
      },
    );
  }

  onChange(listener: (change: ReadModelChange) => void): () => void {
    this.changes.on('change', listener);
    return () => this.changes.off('change', listener);
  }

  /** Resolves once every projection has committed the event at `position` (read-your-writes). */
  waitFor(position: GlobalPosition, timeoutMs = 5000): Promise<void> {
    if (this.projections.length === 0 || comparePositions(this.caughtUpTo(), position) >= 0) return Promise.resolve();
    return this.waiters.wait(position, timeoutMs);
  }

  /** The position every projection has committed up to. */
  private caughtUpTo(): GlobalPosition {
    let lowest: GlobalPosition | undefined;
    for (const projection of this.projections) {
      const reached = this.positions.get(projection.name) ?? START;
      if (!lowest || comparePositions(reached, lowest) < 0) lowest = reached;
    }
    return lowest ?? START;
  }

  private releaseWaiters(): void {
    this.waiters.release(this.caughtUpTo());
  }

  private async prepare(projection: Projection): Promise<GlobalPosition> {
    const { rows } = await this.db.query<{ version: number; position: string }>(
      'SELECT version, position FROM projection_checkpoints WHERE name = $1',
      [projection.name],
    );
    const checkpoint = rows[0];
    if (checkpoint && checkpoint.version === projection.version) {
      await this.db.query(projection.schema);
      return parsePosition(checkpoint.position);
    }
    if (checkpoint) logger.info({ projection: projection.name, from: checkpoint.version, to: projection.version }, 'read model version changed, rebuilding');
    await resetProjection(this.db, projection);
    return START;
  }

  private async applyBatch(projection: Projection, batch: RecordedEvent[]): Promise<void> {
    const last = batch.at(-1)!.position;
    const from = this.positions.get(projection.name) ?? START;
    const changes = await this.db.transaction(async (tx) => {
      const logged = await logReadModelChanges(tx, await applyEvents(tx, projection, batch));
      await advanceCheckpoint(tx, projection, from, last);
      return logged.map(({ change }) => change);
    });
    this.positions.set(projection.name, last);
    this.releaseWaiters();
    for (const change of changes) this.changes.emit('change', change);
  }

  /** Drops logged changes older than the retention (browsers resume from at most that far back). */
  private async pruneChangeLog(): Promise<void> {
    await pruneLoggedChanges(this.db).catch((error: unknown) => logger.warn({ err: error }, 'pruning the read-model change log failed; tried again later'));
  }
}

/** Moves the checkpoint from `from` to `to`; throws (rolling the batch back) when another projector moved it. */
async function advanceCheckpoint(tx: Queryable, projection: Projection, from: GlobalPosition, to: GlobalPosition): Promise<void> {
  const { rows } = await tx.query(
    `UPDATE projection_checkpoints SET position = $4, updated_at = now() WHERE name = $1 AND version = $2 AND position = $3 RETURNING name`,
    [projection.name, projection.version, formatPosition(from), formatPosition(to)],
  );
  if (rows.length === 0) throw new Error(`Checkpoint of ${projection.name} is no longer at ${formatPosition(from)}: another projector applied this batch`);
}

async function saveCheckpoint(tx: Queryable, projection: Projection, position: GlobalPosition): Promise<void> {
  await tx.query(
    `INSERT INTO projection_checkpoints (name, version, position, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (name) DO UPDATE SET version = excluded.version, position = excluded.position, updated_at = now()`,
    [projection.name, projection.version, formatPosition(position)],
  );
}

/** Drops a projection's tables, recreates them empty and puts its checkpoint back to the start. */
export async function resetProjection(db: Db, projection: Projection): Promise<void> {
  await db.query(CHECKPOINT_SCHEMA);
  await db.transaction(async (tx) => {
    for (const table of projection.tables) await tx.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
    await tx.query(projection.schema);
    await saveCheckpoint(tx, projection, START);
  });
}

/**
 * Drops every read model and replays the whole store into them, batch by batch, with the same
 * handlers the live projector uses. Run it with the live projector stopped.
 */
export async function rebuildProjections(db: Db, eventStore: EventStore, projections: readonly Projection[]): Promise<number> {
  let replayed = 0;
  for (const projection of projections) await resetProjection(db, projection);
  let position = START;
  for (;;) {
    const batch = await eventStore.readAll(position, { limit: 1000 });
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      for (const projection of projections) await applyEvents(tx, projection, batch);
      for (const projection of projections) await saveCheckpoint(tx, projection, batch.at(-1)!.position);
    });
    position = batch.at(-1)!.position;
    replayed += batch.length;
  }
  return replayed;
}
