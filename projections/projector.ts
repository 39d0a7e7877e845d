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
import type { Projection, ReadModelChange } from './projection';

const CHECKPOINT_SCHEMA = `
  CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name text PRIMARY KEY,
    version integer NOT NULL,
    position text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`;

export class Projector {
  private readonly subscriptions: Subscription[] = [];
  private readonly positions = new Map<string, GlobalPosition>();
  private readonly changes = new EventEmitter();
  private readonly progress = new EventEmitter();

  constructor(
    private readonly db: Db,
    private readonly eventStore: EventStore,
    readonly projections: readonly Projection[],
  ) {
    this.changes.setMaxListeners(0);
    this.progress.setMaxListeners(0);
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

  onChange(listener: (change: ReadModelChange) => void): () => void {
    this.changes.on('change', listener);
    return () => this.changes.off('change', listener);
  }

  /** Resolves once every projection has committed the event at `position` (read-your-writes). */
  async waitFor(position: GlobalPosition, timeoutMs = 5000): Promise<void> {
    const caughtUp = () =>
      this.projections.every((p) => comparePositions(this.positions.get(p.name) ?? START, position) >= 0);
    if (caughtUp()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.progress.off('progress', check);
        reject(new Error(`Read models did not reach ${formatPosition(position)} within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (!caughtUp()) return;
        clearTimeout(timer);
        this.progress.off('progress', check);
        resolve();
      };
      this.progress.on('progress', check);
    });
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
      const applied: ReadModelChange[] = [];
      for (const event of batch) {
        if (!projection.handles.has(event.type)) continue;
        const change = await projection.apply(tx, event);
        if (change) applied.push(change);
      }
      await saveCheckpoint(tx, projection, last);
      return applied;
    });
    this.positions.set(projection.name, last);
    this.progress.emit('progress');
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
      for (const event of batch) {
        for (const projection of projections) {
          if (projection.handles.has(event.type)) await projection.apply(tx, event);
        }
      }
      for (const projection of projections) await saveCheckpoint(tx, projection, batch.at(-1)!.position);
    });
    position = batch.at(-1)!.position;
    replayed += batch.length;
  }
  return replayed;
}
