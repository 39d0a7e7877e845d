// The data export workflow against the Temporal dev server, PGlite in memory with the real read
// models, and the file store in a temporary folder: an export finds the user's streams, records
// each step and writes the zip that the export's completion names; an export whose archive cannot
// be written is recorded as failed with the reason in plain words, after its retries.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportDecider } from '../../domain/account-data/account-export.decider';
import { accountExportStreamId } from '../../domain/account-data/account-export.events';
import { decideUser, evolveUser, initialUserState } from '../../domain/identity/user.decider';
import { userStreamId } from '../../domain/identity/user.events';
import { eventRegistry } from '../../domain/registry';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { storedUserNames } from '../../infra/identity/user-names';
import { FileStorage } from '../../infra/storage/file-storage';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { allProjections } from '../../projections/all';
import { findAccountExport } from '../../projections/account-exports/queries';
import { Projector } from '../../projections/projector';
import { registeredWork } from '../../tests/support/licensing';
import { closedHistory, historyFile, keepHistory } from '../../tests/support/workflow-history';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createAccountExportActivities } from './activities';
import { temporalAccountExportClient } from './client';
import { accountExportWorkflowId, type AccountExportInput, type AccountExportOutcome } from './shared';

const cli = await findTemporalCli();

(cli ? describe : describe.skip)(cli ? 'account export workflow (Temporal dev server)' : 'account export workflow (skipped: no Temporal CLI found)', () => {
  let env: TestWorkflowEnvironment;
  let db: Db;
  let eventStore: PostgresEventStore;
  let projector: Projector;
  let dataDir: string;
  let storage: FileStorage;
  const workers: Worker[] = [];
  const runs: Promise<void>[] = [];
  const taskQueue = `account-export-test-${randomUUID()}`;
  /** Its file store was never set up: every archive write fails. */
  const brokenQueue = `account-export-broken-${randomUUID()}`;
  const context = { correlationId: 'test', actor: 'test' };

  beforeAll(async () => {
    installTemporalRuntime();
    env = await TestWorkflowEnvironment.createLocal({
      server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] },
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-account-export-'));
    storage = new FileStorage(dataDir);
    await storage.init();
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    projector = new Projector(db, eventStore, allProjections);
    await projector.start();
    const workflowBundle = await bundleTrackLifecycleWorkflows();
    const userNames = storedUserNames(db, eventStore);
    for (const [queue, files] of [[taskQueue, storage], [brokenQueue, new FileStorage(path.join(dataDir, 'missing'))]] as const) {
      const worker = await Worker.create({ connection: env.nativeConnection, namespace: 'default', taskQueue: queue, workflowBundle, activities: createAccountExportActivities({ eventStore, db, storage: files, userNames }) });
      workers.push(worker);
      runs.push(worker.run());
    }
  }, 180_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
    await Promise.all(runs);
    await projector?.stop();
    await eventStore?.close();
    await db?.close();
    await env?.teardown();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function user(): Promise<string> {
    const userId = randomUUID();
    const registered = await handleCommand(eventStore, userStreamId(userId), { decide: decideUser, evolve: evolveUser, initialState: initialUserState }, { type: 'RegisterUser', data: { userId, username: `user_${userId.slice(0, 8)}`, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA' } }, context);
    await projector.waitFor(registered.result!.lastPosition);
    return userId;
  }

  async function run(queue: string, userId: string): Promise<{ input: AccountExportInput; outcome: AccountExportOutcome }> {
    const input = { exportId: randomUUID(), userId, ...context };
    await handleCommand(eventStore, accountExportStreamId(input.exportId), accountExportDecider, { type: 'RequestAccountExport', data: { exportId: input.exportId, userId, requestedAt: new Date().toISOString() } }, context);
    await temporalAccountExportClient(env.client, queue).start(input);
    const outcome = await env.client.workflow.getHandle<(i: AccountExportInput) => Promise<AccountExportOutcome>>(accountExportWorkflowId(input.exportId)).result();
    await projector.waitFor((await eventStore.readStream(accountExportStreamId(input.exportId))).at(-1)!.position);
    return { input, outcome };
  }

  it('writes the archive of the user\'s events and documents, recording every step once', async () => {
    const userId = await user();
    const workId = await registeredWork({ eventStore, projector }, userId, 'Archived');
    const { input, outcome } = await run(taskQueue, userId);
    expect(outcome).toEqual({ kind: 'ready', storedName: `account-export-${input.exportId}.zip` });
    const types = (await eventStore.readStream(accountExportStreamId(input.exportId))).map((e) => e.type);
    expect(types).toEqual(['AccountExportRequested', 'AccountExportProgressed', 'AccountExportProgressed', 'AccountExportProgressed', 'AccountExportProgressed', 'AccountExportCompleted']);
    const found = await findAccountExport(db, userId, input.exportId);
    expect(found).toMatchObject({ storedName: outcome.kind === 'ready' ? outcome.storedName : null, view: { status: 'ready', stepsDone: 4 } });
    const files = unzipSync(new Uint8Array(await readFile(storage.storedPath(found!.storedName!))));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', `events/account/user-${userId}.jsonl`, `events/tracks/track-${workId}.jsonl`]));
    expect(strFromU8(files[`events/tracks/track-${workId}.jsonl`]!)).toContain('TrackCertificateIssued');

    // RECORD_WORKFLOW_HISTORIES=1 keeps this run as the committed history workflows/replay.test.ts replays.
    const history = await closedHistory(env.client.workflow.getHandle(accountExportWorkflowId(input.exportId)));
    await keepHistory(historyFile('account-export', 'ready-export'), history);
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history)).resolves.toBeUndefined();
  }, 60_000);

  it('records a failure for good with its reason when the archive cannot be written', async () => {
    const userId = await user();
    const { input, outcome } = await run(brokenQueue, userId);
    expect(outcome).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/^The archive could not be built: .*ENOENT/) });
    expect(await findAccountExport(db, userId, input.exportId)).toMatchObject({ storedName: null, view: { status: 'failed', failureReason: outcome.kind === 'failed' ? outcome.reason : '', downloadUrl: null } });
  }, 90_000);
});
