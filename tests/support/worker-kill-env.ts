// The shared set-up of the worker-kill fault tests (tests/integration/*-worker-kill.test.ts), which
// had each repeated it: the suite skipped with a name saying what is missing (Postgres, the Temporal
// CLI); a fresh test database with the event store (and the read models when asked), a Temporal dev
// server and client; worker processes spawned from a fixture, all SIGKILLed and everything stopped
// after the suite. What differs between the tests (fixture, its env, names) is a parameter.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { findTemporalCli, startTemporalDevServer, type DevServer } from '../../infra/temporal/dev-server';
import { allProjections } from '../../projections/all';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from './postgres';
import { faultWorkflowBundlePath } from './fault-workflow-bundle';
import { startWorkerProcess, type WorkerProcess } from './worker-process';

/**
 * `describe(name, body)` when a Postgres server answers and a Temporal CLI is found, otherwise
 * `describe.skip` with the name followed by `(skipped: …)` saying which is missing.
 */
export async function describeWithPostgresAndTemporal(name: string, body: () => void): Promise<void> {
  const hasPostgres = await postgresAvailable();
  const cli = await findTemporalCli();
  const missing = [!hasPostgres && `no Postgres server at ${new URL(TEST_DATABASE_URL).host}`, !cli && 'no Temporal CLI found'].filter(Boolean);
  if (missing.length === 0) describe(name, body);
  else describe.skip(`${name} (skipped: ${missing.join(', ')})`, body);
}

export interface WorkerKillEnvOptions {
  /** Prefix of the temporary directory (holding the dev server's database), e.g. `goose-payout-kill-`. */
  tmpPrefix: string;
  /** Prefix of the task queue; a random UUID follows it. */
  taskQueuePrefix: string;
  /** The worker script spawned by `spawnWorker`, a path from the repository root. */
  fixture: string;
  /** Whether to create every projection's read-model tables (for activities that read them). */
  projectionSchemas: boolean;
}

export interface WorkerKillEnv {
  readonly taskQueue: string;
  readonly eventStore: PostgresEventStore;
  readonly client: Client;
  /**
   * Starts the fixture with DATABASE_URL, TEMPORAL_ADDRESS, TASK_QUEUE, LOG_LEVEL=warn, the fault
   * tests' workflow bundle (shorter activity timeouts) and `env`, and resolves once it is ready; it is SIGKILLed after the suite if still running.
   */
  spawnWorker(env: Record<string, string>): Promise<WorkerProcess>;
}

/** Registers the suite's beforeAll/afterAll; call it inside the describe body. Accessors throw before beforeAll ran. */
export function useWorkerKillEnv(options: WorkerKillEnvOptions): WorkerKillEnv {
  let dir: string | undefined;
  let database: TestDatabase | undefined;
  let server: DevServer | undefined;
  let db: Db | undefined;
  let eventStore: PostgresEventStore | undefined;
  let connection: Connection | undefined;
  let client: Client | undefined;
  const taskQueue = `${options.taskQueuePrefix}${randomUUID()}`;
  const workers: WorkerProcess[] = [];
  let bundlePath: string | undefined;

  beforeAll(async () => {
    const bundle = faultWorkflowBundlePath();
    bundle.catch(() => undefined); // awaited below, after the servers start
    dir = await mkdtemp(path.join(os.tmpdir(), options.tmpPrefix));
    database = await createTestDatabase();
    server = await startTemporalDevServer({ dbFile: path.join(dir, 'temporal.db'), ui: false });
    db = postgresDb(database.url, 4);
    await migrate(db, eventStoreMigrations);
    if (options.projectionSchemas) for (const projection of allProjections) await db.query(projection.schema);
    eventStore = new PostgresEventStore(db, eventRegistry);
    connection = await Connection.connect({ address: server.address });
    client = new Client({ connection, namespace: 'default' });
    bundlePath = await bundle;
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) await worker.kill('SIGKILL');
    await connection?.close();
    await eventStore?.close();
    await db?.close();
    await server?.stop();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`worker-kill env: ${what} is not set up (used outside the suite's tests?)`);
    return value;
  };

  return {
    taskQueue,
    get eventStore() {
      return ready(eventStore, 'the event store');
    },
    get client() {
      return ready(client, 'the Temporal client');
    },
    async spawnWorker(env) {
      const worker = startWorkerProcess(options.fixture, {
        DATABASE_URL: ready(database, 'the test database').url,
        TEMPORAL_ADDRESS: ready(server, 'the Temporal dev server').address,
        TASK_QUEUE: taskQueue,
        LOG_LEVEL: 'warn',
        WORKFLOW_BUNDLE_PATH: ready(bundlePath, 'the fault tests\' workflow bundle'),
        ...env,
      });
      workers.push(worker);
      await worker.ready;
      return worker;
    },
  };
}
