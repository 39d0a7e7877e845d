// Runs projections as checkpointed subscriptions to the event store. Each batch of events is
// applied and its checkpoint saved in one transaction, so after a crash a projection resumes
// exactly after the last batch it committed. Live clients hear about changes only after commit.
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
import type { ReadModelFeed } from './read-model-feed';

const CHECKPOINT_SCHEMA = `
  CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name text PRIMARY KEY,
    version integer NOT NULL,
    position text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`;

interface Waiter {
  position: GlobalPosition;
  resolve: () => void;
}

export class Projector implements ReadModelFeed {
  private readonly subscriptions: Subscription[] = [];
  private readonly positions = new Map<string, GlobalPosition>();
  private readonly changes = new EventEmitter();
  private readonly waiters: Waiter[] = [];

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
    logger.info({ projections: this.projections.map((p) => p.name) }, 'projector started');
  }

  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.stop()));
  }

  /** Tells live clients of a change made outside the projections (the developer API's usage log). */
  announce(change: ReadModelChange): void {
    this.changes.emit('change', change);
  }

  onChange(listener: (change: ReadModelChange) => void): () => void {
    this.changes.on('change', listener);
    return () => this.changes.off('change', listener);
  }

  /** Resolves once every projection has committed the event at `position` (read-your-writes). */
  waitFor(position: GlobalPosition, timeoutMs = 5000): Promise<void> {
    if (this.projections.length === 0 || comparePositions(this.caughtUpTo(), position) >= 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`Read models did not reach ${formatPosition(position)} within ${timeoutMs} ms`));
      }, timeoutMs);
      // Kept sorted by position, so progress only looks at the waiters it releases. New positions
      // are usually the latest, hence the search from the end.
      let index = this.waiters.length;
      while (index > 0 && comparePositions(this.waiters[index - 1]!.position, position) > 0) index--;
      this.waiters.splice(index, 0, waiter);
    });
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
    const reached = this.caughtUpTo();
    let released = 0;
    while (released < this.waiters.length && comparePositions(this.waiters[released]!.position, reached) <= 0) released++;
    for (const waiter of this.waiters.splice(0, released)) waiter.resolve();
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
    const changes = await this.db.transaction(async (tx) => {
      const applied = await applyEvents(tx, projection, batch);
      await saveCheckpoint(tx, projection, last);
      return applied;
    });
    this.positions.set(projection.name, last);
    this.releaseWaiters();
    for (const change of changes) this.changes.emit('change', change);
  }
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
