// Fault test with the platform's real dispute effects: a case's worker process is SIGKILLed in the
// middle of paying a resolution's compensation, after the deduction from the work's royalty contract
// was recorded and before the claimant's tokens were credited; a new worker takes over, and the
// resolution completes with the claimant credited exactly once, the contract's pending lowered
// exactly once, the compensation recorded once on the case and the work unfrozen.
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
import { pendingCents, royaltyContractDecider, type RoyaltyContractCommand } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import { availableMicros } from '../../domain/tokens/token-account.decider';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { workFrozenOf } from '../../infra/disputes/work-freeze';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { contractIdFor } from '../../infra/royalties/contract-id';
import { findTemporalCli, startTemporalDevServer, type DevServer } from '../../infra/temporal/dev-server';
import { openTokenAccount } from '../../infra/tokens/open-accounts';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { allProjections } from '../../projections/all';
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
    // The effects' estimated value reads the work's issued licenses from the read models.
    for (const projection of allProjections) await db.query(projection.schema);
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

  async function spawnWorker(pauseBeforeCreditMs: number): Promise<WorkerProcess> {
    const worker = startWorkerProcess('tests/support/dispute-worker.fixture.ts', {
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: server.address,
      TASK_QUEUE: taskQueue,
      PAUSE_BEFORE_CREDIT_MS: String(pauseBeforeCreditMs),
      LOG_LEVEL: 'warn',
    });
    workers.push(worker);
    await worker.ready;
    return worker;
  }

  const context = { correlationId: 'test', actor: 'test' };
  const contract = (workId: string, command: RoyaltyContractCommand) => handleCommand(eventStore, royaltyContractStreamId(contractIdFor(workId)), royaltyContractDecider, command, context);
  const contractState = async (workId: string) =>
    (await eventStore.readStream(royaltyContractStreamId(contractIdFor(workId)))).reduce((s, e) => royaltyContractDecider.evolve(s, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);

  // The kill lands between the compensation's two writes: the worker's ledger waits before the
  // credit (tests/support/dispute-worker.fixture.ts), so the deduction is recorded on the contract and
  // the claimant not yet credited. The retry must credit what was deducted then, and deduct nothing again.
  it('pays the compensation once and completes the resolution after the worker is SIGKILLed between the deduction and the credit', { timeout: 240_000 }, async () => {
    const actor = async (name: string, roles: DisputeActor['roles']): Promise<DisputeActor> => ({ userId: (await seedCreator(eventStore, name)).userId, name, roles });
    const owner = await actor('olivia', ['creator']);
    const claimant = await actor('carl', ['creator']);
    const reviewer = await actor('rita', ['creator', 'reviewer']);
    const tokenLedger = new TokenLedger(eventStore);
    await openTokenAccount(tokenLedger, claimant.userId!, context);
    const { workId } = await seedWork(eventStore, owner.userId!, { title: 'Night Drive' });
    const contractId = contractIdFor(workId);
    const created = RoyaltyContractCreated.create({
      contractId, contentId: workId, ownerId: owner.userId!, contentTitle: 'Night Drive', templateType: 'standard_royalty', royaltySplit: 85, distributionSchedule: 'weekly', minimumThreshold: 100,
      terms: { contractId }, canonical: '{}', termsSha256: 'a'.repeat(64), signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '1', usdAmount: '1',
    });
    await contract(workId, { type: 'CreateContract', data: created.data });
    await contract(workId, { type: 'RecordEarnings', data: { amountCents: 2000, source: 'distribution_statement', reference: 's1', description: 'Statement' } });
    const balanceBefore = availableMicros(await tokenLedger.account(claimant.userId!));

    const first = await spawnWorker(120_000);
    const commands = temporalDisputeCommands(client, taskQueue);
    const { disputeId } = await commands.file({ kind: 'dispute', workId, disputeType: 'copyright_infringement', priority: 'high', subject: 'Mine', description: 'The hook is mine', claimedRights: [] }, claimant);
    expect(await workFrozenOf(eventStore)(workId)).toBe(true);
    expect((await contractState(workId)).status).toBe('disputed');
    await commands.act(disputeId, { action: 'respond', message: 'It is mine' }, owner);
    await commands.act(disputeId, { action: 'assign', reviewer }, reviewer);
    const resolving = commands.act(disputeId, { action: 'resolve', outcome: 'upheld', details: 'Copied', compensationCents: 700 }, reviewer);
    resolving.catch(() => undefined);
    const reference = compensationReference(disputeId, 1);
    const credits = async () => (await eventStore.readStream(tokenAccountStreamId(claimant.userId!))).filter((e) => (e.data as { reference?: string }).reference === reference);
    const deductions = async () =>
      (await eventStore.readStream(royaltyContractStreamId(contractId))).filter((e) => e.type === 'RoyaltyCompensationDeducted' && (e.data as { reference: string }).reference === reference);

    const deadline = Date.now() + 60_000;
    while ((await deductions()).length === 0) {
      if (Date.now() > deadline) throw new Error(`The compensation was never deducted. Worker output:\n${first.output()}`);
      await sleep(20);
    }
    await first.kill('SIGKILL');
    const caseTypes = async () => (await eventStore.readStream(disputeStreamId(disputeId))).map((e) => e.type);
    expect(await credits()).toHaveLength(0);
    expect(await caseTypes()).not.toContain('DisputeCompensationPaid');
    expect(pendingCents(await contractState(workId))).toBe(1300);

    await spawnWorker(0);
    await resolving;
    const types = await caseTypes();
    expect(types.filter((type) => type === 'DisputeCompensationPaid')).toHaveLength(1);
    expect(types.slice(-3)).toEqual(['DisputeResolved', 'DisputeCompensationPaid', 'DisputeAssetsUnfrozen']);
    const paid = (await eventStore.readStream(disputeStreamId(disputeId))).find((e) => e.type === 'DisputeCompensationPaid')!.data;
    expect(paid).toMatchObject({ decidedCents: 700, paidCents: 700, contractId, note: null });

    expect(await credits()).toHaveLength(1);
    expect(availableMicros(await new TokenLedger(eventStore).account(claimant.userId!)) - balanceBefore).toBe(700 * 10_000);
    expect(await deductions()).toHaveLength(1);
    const after = await contractState(workId);
    expect(pendingCents(after)).toBe(2000 - 700);
    expect(after.status).toBe('active');
    expect(await workFrozenOf(eventStore)(workId)).toBe(false);
  });
});
