// The read-model feed of an API process that runs no projector (GOOSE_ROLE=api): it hears the
// projecting process through Postgres. Each NOTIFY on READ_MODEL_CHANGES_CHANNEL names a committed
// row of read_model_changes, read here and handed to the listeners in order; read-your-writes polls
// the projections' checkpoints. (A minimal version for the roles; the live-updates work replaces it.)
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Db } from '../infra/db/db';
import { comparePositions, formatPosition, parsePosition, type GlobalPosition } from '../infra/eventstore/event-store';
import { logger } from '../infra/logger/logger';
import { allProjections } from './all';
import type { Projection, ReadModelChange } from './projection';
import { logReadModelChanges } from './projector';
import { READ_MODEL_CHANGES_CHANNEL, type ReadModelFeed } from './read-model-feed';

const log = logger.child({ component: 'postgres-read-model-feed' });
const CHECKPOINT_POLL_MS = 50;
const RECONNECT_MS = 1000;

export interface PostgresReadModelFeed extends ReadModelFeed {
  close(): Promise<void>;
}

export async function openPostgresReadModelFeed(
  db: Db,
  { connectionString, projections = allProjections }: { connectionString: string; projections?: readonly Projection[] },
): Promise<PostgresReadModelFeed> {
  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  let closed = false;
  let listener: pg.Client | null = null;
  let pending: number[] = [];
  let reading: Promise<void> = Promise.resolve();

  /** Reads the notified rows, in order of their seq, and hands each change to the listeners. */
  const readPending = async () => {
    const seqs = pending;
    pending = [];
    if (seqs.length === 0) return;
    const { rows } = await db.query<{ seq: string; change: ReadModelChange }>('SELECT seq::text AS seq, change FROM read_model_changes WHERE seq = ANY($1::bigint[]) ORDER BY seq', [seqs]);
    for (const row of rows) changes.emit('change', { ...row.change, seq: Number(row.seq) });
  };

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, application_name: 'goose-read-model-feed' });
    const reconnect = (error?: unknown) => {
      if (listener !== client || closed) return;
      listener = null;
      log.warn({ err: error }, 'the change feed’s connection was lost: listening again');
      void client.end().catch(() => undefined);
      setTimeout(() => void listen().catch((listenError: unknown) => reconnect(listenError)), RECONNECT_MS).unref();
    };
    listener = client;
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    client.on('notification', (message) => {
      if (message.channel !== READ_MODEL_CHANGES_CHANNEL || !message.payload) return;
      pending.push(Number(message.payload));
      reading = reading.then(readPending).catch((error: unknown) => log.error({ err: error }, 'reading notified read-model changes failed'));
    });
    await client.connect();
    await client.query(`LISTEN ${READ_MODEL_CHANGES_CHANNEL}`);
  };
  await listen();

  /** The position every projection has committed up to, from their checkpoints (START-like when one is missing). */
  const reached = async (position: GlobalPosition): Promise<boolean> => {
    const { rows } = await db.query<{ name: string; position: string }>('SELECT name, position FROM projection_checkpoints WHERE name = ANY($1::text[])', [projections.map((p) => p.name)]);
    if (rows.length < projections.length) return false;
    return rows.every((row) => comparePositions(parsePosition(row.position), position) >= 0);
  };

  return {
    onChange(callback) {
      changes.on('change', callback);
      return () => changes.off('change', callback);
    },
    announce(change) {
      // Heard back through the NOTIFY, like every other change, by this process and the others.
      logReadModelChanges(db, [change]).catch((error: unknown) => log.error({ err: error, readModel: change.readModel }, 'an announced change was not logged'));
    },
    async waitFor(position, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!(await reached(position))) {
        if (Date.now() > deadline) throw new Error(`Read models did not reach ${formatPosition(position)} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_POLL_MS));
      }
    },
    async close() {
      closed = true;
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
      await reading;
    },
  };
}
