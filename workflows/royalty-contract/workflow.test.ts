// The royalty contract workflow against real Temporal servers, PGlite in memory and stand-in payout
// ports: payouts asked for by update against the dev server (paid once, refused while an invitation
// is pending), and the weekly schedule against the time-skipping test server (a run after 7 days
// when pending reaches the minimum, none below it).
import { randomUUID } from 'node:crypto';
import { WithStartWorkflowOperation } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { royaltyContractDecider, type RoyaltyContractState } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import type { DistributionSchedule } from '../../domain/royalties/terms';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { allProjections } from '../../projections/all';
import { recordingExecutor, standInReceivers, standInSplit } from '../../tests/support/royalty-stand-ins';
import { closedHistory, historyFile, keepHistory } from '../../tests/support/workflow-history';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createRoyaltyContractActivities } from './activities';
import { payoutUpdate, royaltyContractWorkflowId, type RoyaltyContractInput } from './shared';
import { findTestServer } from '../../tests/support/temporal-test-server';

const cli = await findTemporalCli();
const testServer = await findTestServer();

interface Harness {
  db: Db;
  eventStore: PostgresEventStore;
  receivers: ReturnType<typeof standInReceivers>;
  executor: ReturnType<typeof recordingExecutor>;
  worker: Worker;
  workerRun: Promise<void>;
  taskQueue: string;
}

async function openHarness(env: TestWorkflowEnvironment): Promise<Harness> {
  const db = await pgliteDb();
  await migrate(db, eventStoreMigrations);
  // The activities read the creator's name from the users read model, which joins the others.
  for (const projection of allProjections) await db.query(projection.schema);
  const eventStore = new PostgresEventStore(db, eventRegistry);
  const receivers = standInReceivers();
  const executor = recordingExecutor();
  const taskQueue = `royalty-contract-test-${randomUUID()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    workflowBundle: await bundleTrackLifecycleWorkflows(),
    activities: createRoyaltyContractActivities({ eventStore, db, receiversOf: receivers, payoutExecutor: executor, splitPayout: standInSplit }),
  });
  return { db, eventStore, receivers, executor, worker, workerRun: worker.run(), taskQueue };
}

async function closeHarness(h: Harness | undefined): Promise<void> {
  if (!h) return;
  if (h.worker.getState() === 'RUNNING') h.worker.shutdown();
  await h.workerRun;
  await h.eventStore.close();
  await h.db.close();
}

async function createContract(h: Harness, schedule: DistributionSchedule, createdAt: Date): Promise<RoyaltyContractInput> {
  const contractId = randomUUID();
  const created = RoyaltyContractCreated.create({
    contractId,
    contentId: randomUUID(),
    ownerId: randomUUID(),
    contentTitle: 'Night Drive',
    templateType: 'standard_royalty',
    royaltySplit: 85,
    distributionSchedule: schedule,
    minimumThreshold: 100,
    terms: { contractId },
    canonical: '{}',
    termsSha256: 'a'.repeat(64),
    signature: { algorithm: 'Ed25519', keyId: 'goose-test', publicKey: 'pk', value: 'sig' },
    network: 'testnet',
    xrpAmount: '99.900000',
    usdAmount: '49.95',
  });
  await handleCommand(h.eventStore, royaltyContractStreamId(contractId), royaltyContractDecider, { type: 'CreateContract', data: created.data }, { correlationId: 'test', actor: 'test' });
  return { contractId, createdAt: createdAt.toISOString() };
}

async function earn(h: Harness, contractId: string, amountCents: number): Promise<void> {
  await handleCommand(h.eventStore, royaltyContractStreamId(contractId), royaltyContractDecider, {
    type: 'RecordEarnings',
    data: { amountCents, source: 'distribution_statement', reference: randomUUID(), description: 'Statement line' },
  }, { correlationId: 'test', actor: 'test' });
}

async function contractState(h: Harness, contractId: string): Promise<RoyaltyContractState> {
  const events = await h.eventStore.readStream(royaltyContractStreamId(contractId));
  return events.reduce((s, e) => royaltyContractDecider.evolve(s, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);
}

/** Waits (real time) until the contract has `count` completed runs. */
async function completedRuns(h: Harness, contractId: string, count: number, timeoutMs = 20_000): Promise<RoyaltyContractState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await contractState(h, contractId);
    if ([...state.runs.values()].filter((run) => run.completed).length >= count || Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const request = (amountCents: number | null = null) => ({ requestId: randomUUID(), trigger: 'manual' as const, amountCents, correlationId: randomUUID(), actor: 'user:test' });

(cli ? describe : describe.skip)(cli ? 'royaltyContract workflow (Temporal dev server)' : 'royaltyContract workflow (skipped: no Temporal CLI found)', () => {
  let env: TestWorkflowEnvironment;
  let h: Harness;

  beforeAll(async () => {
    installTemporalRuntime();
    env = await TestWorkflowEnvironment.createLocal({
      server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] },
    });
    h = await openHarness(env);
  }, 120_000);

  afterAll(async () => {
    await closeHarness(h);
    await env?.teardown();
  });

  it('pays a requested payout once, line by line, and answers with the run', async () => {
    const input = await createContract(h, 'on_demand', new Date());
    await env.client.workflow.start('royaltyContract', { taskQueue: h.taskQueue, workflowId: royaltyContractWorkflowId(input.contractId), args: [input] });
    await earn(h, input.contractId, 1001);
    const handle = env.client.workflow.getHandle(royaltyContractWorkflowId(input.contractId));
    const sameRequest = request();
    const answer = await handle.executeUpdate(payoutUpdate, { args: [sameRequest] });
    expect(answer.runId).toBe(`${input.contractId}:${sameRequest.requestId}`);
    const state = await contractState(h, input.contractId);
    const run = state.runs.get(answer.runId!)!;
    expect(run.completed).toBe(true);
    expect(run.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(1001);
    // The same request again (a retried HTTP call) finds its run: nothing is paid twice.
    const again = await handle.executeUpdate(payoutUpdate, { args: [sameRequest] });
    expect(again.runId).toBe(answer.runId);
    const calls = [...h.executor.paid.entries()].filter(([key]) => key.startsWith(answer.runId!)).map(([, paid]) => paid.calls);
    expect(calls).toEqual([1, 1]);
    expect(state.earningsCents - state.distributedCents).toBe(0);
  }, 60_000);

  it('replays the run that paid a payout (RECORD_WORKFLOW_HISTORIES=1 keeps it as the committed history)', async () => {
    const input = await createContract(h, 'on_demand', new Date());
    await earn(h, input.contractId, 1001);
    const started = await env.client.workflow.start('royaltyContract', { taskQueue: h.taskQueue, workflowId: royaltyContractWorkflowId(input.contractId), args: [input] });
    expect((await started.executeUpdate(payoutUpdate, { args: [request()] })).runId).not.toBeNull();
    // The run that paid continues as new; its own history is the one kept.
    const history = await closedHistory(env.client.workflow.getHandle(started.workflowId, started.firstExecutionRunId));
    await keepHistory(historyFile('royalty-contract', 'paid-payout'), history);
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history)).resolves.toBeUndefined();
  }, 60_000);

  it('starts no run while a receiver has not answered the invitation, and says so', async () => {
    const input = await createContract(h, 'on_demand', new Date());
    await earn(h, input.contractId, 500);
    const state = await contractState(h, input.contractId);
    h.receivers.set(state.contentId!, [{ receiverId: 'r-1', receiverName: 'Ada', receiverEmail: 'ada@example.com', royaltyPercentage: 10, receiverWallet: null, invitationStatus: 'pending', acceptedUserId: null }]);
    const answer = await env.client.workflow.executeUpdateWithStart(payoutUpdate, {
      args: [request()],
      startWorkflowOperation: new WithStartWorkflowOperation('royaltyContract', {
        workflowId: royaltyContractWorkflowId(input.contractId),
        taskQueue: h.taskQueue,
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
      }),
    });
    expect(answer).toEqual({ runId: null, message: 'Waiting for Ada to accept the royalty invitation: every party agrees to the split before money moves' });
    expect((await contractState(h, input.contractId)).runs.size).toBe(0);
  }, 60_000);
});

(testServer ? describe : describe.skip)(testServer ? 'royaltyContract schedule (Temporal time-skipping server)' : 'royaltyContract schedule (skipped: no temporal-test-server found)', () => {
  let env: TestWorkflowEnvironment;
  let h: Harness;

  beforeAll(async () => {
    installTemporalRuntime();
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer! } } });
    h = await openHarness(env);
  }, 120_000);

  afterAll(async () => {
    await closeHarness(h);
    await env?.teardown();
  });

  it('a weekly contract pays after 7 days when pending reaches the minimum, and not below it', async () => {
    const now = new Date(await env.currentTimeMs());
    const due = await createContract(h, 'weekly', now);
    const below = await createContract(h, 'weekly', now);
    await earn(h, due.contractId, 150);
    await earn(h, below.contractId, 99);
    for (const input of [due, below]) {
      await env.client.workflow.start('royaltyContract', { taskQueue: h.taskQueue, workflowId: royaltyContractWorkflowId(input.contractId), args: [input] });
    }
    await env.sleep('6 days');
    expect((await contractState(h, due.contractId)).runs.size).toBe(0);
    await env.sleep('1 day');
    const paid = await completedRuns(h, due.contractId, 1);
    const [run] = [...paid.runs.values()];
    expect(run).toMatchObject({ amountCents: 150, completed: true });
    expect([...paid.runs.keys()][0]).toMatch(/:scheduled-/);
    expect((await contractState(h, below.contractId)).runs.size).toBe(0);
  }, 120_000);
});
