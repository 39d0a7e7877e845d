// Fault test: a case's worker process is SIGKILLed after it credited the claimant's compensation and
// before it recorded it; a new worker takes over, and the resolution completes with the claimant
// credited exactly once, the compensation recorded once and the freeze lifted.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compensationReference } from '../../domain/disputes/dispute.decider';
import { disputeStreamId } from '../../domain/disputes/dispute.events';
import type { DisputeActor } from '../../domain/disputes/ports';
import { eventRegistry } from '../../domain/registry';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { findTemporalCli, startTemporalDevServer, type DevServer } from '../../infra/temporal/dev-server';
import { openTokenAccount } from '../../infra/tokens/open-accounts';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { temporalDisputeCommands } from '../../workflows/dispute/client';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../support/postgres';
import { seedCreator, seedWork } from '../support/seed-work';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';

const hasPostgres = await postgresAvailable();
const cli = await findTemporalCli();
const missing = [!hasPostgres && `no Postgres server at ${new URL(TEST_DATABASE_URL).host}`, !cli && 'no Temporal CLI found'].filter(Boolean);
const suite = missing.length === 0 ? describe : describe.skip;

suite(missing.length === 0 ? 'dispute worker killed mid-resolution' : `dispute worker killed mid-resolution (skipped: ${missing.join(', ')})`, () => {
  let dir: string;
  let database: TestDatabase;
  let server: DevServer;
  let db: Db;
  let eventStore: PostgresEventStore;
  let connection: Connection;
  let client: Client;
  const taskQueue = `dispute-kill-${randomUUID()}`;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-dispute-kill-'));
    database = await createTestDatabase();
    server = await startTemporalDevServer({ dbFile: path.join(dir, 'temporal.db'), ui: false });
    db = postgresDb(database.url, 4);
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    connection = await Connection.connect({ address: server.address });
    client = new Client({ connection, namespace: 'default' });
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) await worker.kill('SIGKILL');
    await connection?.close();
    await eventStore?.close();
    await db?.close();
    await server?.stop();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  async function spawnWorker(pauseAfterCompensateMs: number): Promise<WorkerProcess> {
    const worker = startWorkerProcess('tests/support/dispute-worker.fixture.ts', {
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: server.address,
      TASK_QUEUE: taskQueue,
      PAUSE_AFTER_COMPENSATE_MS: String(pauseAfterCompensateMs),
      LOG_LEVEL: 'warn',
    });
    workers.push(worker);
    await worker.ready;
    return worker;
  }

  it('credits the claimant once and completes the resolution after the worker is SIGKILLed between crediting and recording', { timeout: 240_000 }, async () => {
    const actor = async (name: string, roles: DisputeActor['roles']): Promise<DisputeActor> => ({ userId: (await seedCreator(eventStore, name)).userId, name, roles });
    const owner = await actor('olivia', ['creator']);
    const claimant = await actor('carl', ['creator']);
    const reviewer = await actor('rita', ['creator', 'reviewer']);
    await openTokenAccount(new TokenLedger(eventStore), claimant.userId!, { correlationId: 'test', actor: 'test' });
    const { workId } = await seedWork(eventStore, owner.userId!, { title: 'Night Drive' });

    const first = await spawnWorker(120_000);
    const commands = temporalDisputeCommands(client, taskQueue);
    const { disputeId } = await commands.file({ kind: 'dispute', workId, disputeType: 'copyright_infringement', priority: 'high', subject: 'Mine', description: 'The hook is mine', claimedRights: [] }, claimant);
    await commands.act(disputeId, { action: 'respond', message: 'It is mine' }, owner);
    await commands.act(disputeId, { action: 'assign', reviewer }, reviewer);
    const resolving = commands.act(disputeId, { action: 'resolve', outcome: 'upheld', details: 'Copied', compensationCents: 700 }, reviewer);
    resolving.catch(() => undefined);
    const reference = compensationReference(disputeId, 1);
    const credits = async () => (await eventStore.readStream(tokenAccountStreamId(claimant.userId!))).filter((e) => (e.data as { reference?: string }).reference === reference);

    const deadline = Date.now() + 60_000;
    while ((await credits()).length === 0) {
      if (Date.now() > deadline) throw new Error(`The compensation was never credited. Worker output:\n${first.output()}`);
      await sleep(20);
    }
    await first.kill('SIGKILL');
    const caseTypes = async () => (await eventStore.readStream(disputeStreamId(disputeId))).map((e) => e.type);
    expect(await caseTypes()).not.toContain('DisputeCompensationPaid');

    await spawnWorker(0);
    await resolving;
    const types = await caseTypes();
    expect(types.filter((type) => type === 'DisputeCompensationPaid')).toHaveLength(1);
    expect(types.slice(-3)).toEqual(['DisputeResolved', 'DisputeCompensationPaid', 'DisputeAssetsUnfrozen']);
    const paid = await credits();
    expect(paid).toHaveLength(1);
    expect((paid[0]!.data as { amountMicros: number }).amountMicros).toBe(700 * 10_000);
  });
});
