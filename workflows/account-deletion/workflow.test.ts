// The account deletion workflow against the Temporal dev server, PGlite in memory with the real
// read models, the session store and a file store: a user with tokens left is refused with the reason and keeps
// everything; a clear user is marked deleted, loses every session, API key and export archive, and leaves the
// users read model as "Deleted user"; a second start of the same deletion finds nothing left to do.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportDecider, type AccountExportCommand } from '../../domain/account-data/account-export.decider';
import { accountExportStreamId } from '../../domain/account-data/account-export.events';
import { apiKeyDecider } from '../../domain/developer/api-key.decider';
import { apiKeyStreamId } from '../../domain/developer/api-key.events';
import { decideUser, evolveUser, initialUserState } from '../../domain/identity/user.decider';
import { userStreamId } from '../../domain/identity/user.events';
import { eventRegistry } from '../../domain/registry';
import { tokensToMicros } from '../../domain/shared/tokens';
import { SessionStore, sessionMigrations } from '../../infra/auth/session-store';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { handleCommand, readState } from '../../infra/eventstore/command-handler';
import { parsePosition } from '../../infra/eventstore/event-store';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { FileStorage } from '../../infra/storage/file-storage';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { allProjections } from '../../projections/all';
import { Projector } from '../../projections/projector';
import { DELETED_USERNAME } from '../../domain/account-data/deletion-rules';
import { closedHistory, historyFile, keepHistory } from '../../tests/support/workflow-history';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createAccountDeletionActivities } from './activities';
import { temporalAccountDeletionClient } from './client';
import { accountDeletionWorkflowId } from './shared';

const cli = await findTemporalCli();

(cli ? describe : describe.skip)(cli ? 'account deletion workflow (Temporal dev server)' : 'account deletion workflow (skipped: no Temporal CLI found)', () => {
  let env: TestWorkflowEnvironment;
  let db: Db;
  let eventStore: PostgresEventStore;
  let projector: Projector;
  let sessions: SessionStore;
  let tokenLedger: TokenLedger;
  let dataDir: string;
  let storage: FileStorage;
  let worker: Worker;
  let workerRun: Promise<void>;
  const taskQueue = `account-deletion-test-${randomUUID()}`;
  const context = { correlationId: 'test', actor: 'test' };

  beforeAll(async () => {
    installTemporalRuntime();
    env = await TestWorkflowEnvironment.createLocal({
      server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] },
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-account-deletion-'));
    storage = new FileStorage(dataDir);
    await storage.init();
    db = await pgliteDb();
    await migrate(db, [...eventStoreMigrations, ...sessionMigrations]);
    eventStore = new PostgresEventStore(db, eventRegistry);
    projector = new Projector(db, eventStore, allProjections);
    await projector.start();
    sessions = new SessionStore(db);
    tokenLedger = new TokenLedger(eventStore);
    worker = await Worker.create({ connection: env.nativeConnection, namespace: 'default', taskQueue, workflowBundle: await bundleTrackLifecycleWorkflows(), activities: createAccountDeletionActivities({ eventStore, db, sessions, storage }) });
    workerRun = worker.run();
  }, 180_000);

  afterAll(async () => {
    if (worker?.getState() === 'RUNNING') worker.shutdown();
    await workerRun;
    await projector?.stop();
    await eventStore?.close();
    await db?.close();
    await env?.teardown();
    await rm(dataDir, { recursive: true, force: true });
  });

  const client = () => temporalAccountDeletionClient(env.client, taskQueue);

  async function user(tokens: number) {
    const userId = randomUUID();
    const username = `user_${userId.slice(0, 8)}`;
    await handleCommand(eventStore, userStreamId(userId), { decide: decideUser, evolve: evolveUser, initialState: initialUserState }, { type: 'RegisterUser', data: { userId, username, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA' } }, context);
    const opened = await tokenLedger.execute(userId, { type: 'OpenAccount', data: { userId, welcomeBonusMicros: tokensToMicros(tokens) } }, context);
    const keyId = randomUUID().replaceAll('-', '').slice(0, 16);
    const key = await handleCommand(eventStore, apiKeyStreamId(keyId), apiKeyDecider, { type: 'CreateApiKey', data: { keyId, ownerId: userId, keyName: 'Mine', tier: 'free', keyPrefix: `gk_${keyId}`, keySha256: 'a'.repeat(64), termsVersion: 'test', termsAcceptedAt: new Date().toISOString() } }, context);
    await projector.waitFor(key.result!.lastPosition);
    await projector.waitFor(opened.result!.lastPosition);
    const session = await sessions.create(userId);
    return { userId, username, keyId, session: session.token };
  }

  it('refuses while tokens are left, deleting nothing', async () => {
    const account = await user(5);
    const outcome = await client().delete({ userId: account.userId, ...context });
    expect(outcome).toMatchObject({ kind: 'refused', blockers: [{ kind: 'token_balance', reason: expect.stringContaining('5 tokens') }] });
    expect(await sessions.userIdFor(account.session)).toBe(account.userId);
    expect((await readState(eventStore, userStreamId(account.userId), { evolve: evolveUser, initialState: initialUserState })).status).toBe('registered');
  }, 60_000);

  /** A finished export of the user's data, its archive in the file store. */
  async function exportArchive(userId: string): Promise<string> {
    const exportId = randomUUID();
    const storedName = `account-export-${exportId}.zip`;
    await writeFile(storage.storedPath(storedName), 'PK');
    const run = (command: AccountExportCommand) => handleCommand(eventStore, accountExportStreamId(exportId), accountExportDecider, command, context);
    await run({ type: 'RequestAccountExport', data: { exportId, userId, requestedAt: new Date().toISOString() } });
    const done = await run({ type: 'CompleteAccountExport', data: { exportId, storedName, sizeBytes: 2, sha256: 'c'.repeat(64), streamCount: 1, eventCount: 1, documentCount: 0, completedAt: new Date().toISOString() } });
    await projector.waitFor(done.result!.lastPosition);
    return storage.storedPath(storedName);
  }

  it('deletes a clear account: marked deleted, signed out, its key revoked, its archives removed, its name cleared; started again, nothing is left to do', async () => {
    const account = await user(0);
    const archive = await exportArchive(account.userId);
    const outcome = await client().delete({ userId: account.userId, ...context });
    expect(outcome).toMatchObject({ kind: 'deleted', sessionsEnded: 1, apiKeysRevoked: 1, offersWithdrawn: 0, exportsRemoved: 1, position: expect.any(String) });
    if (outcome.kind !== 'deleted') return;
    await projector.waitFor(parsePosition(outcome.position!));
    expect((await readState(eventStore, userStreamId(account.userId), { evolve: evolveUser, initialState: initialUserState })).status).toBe('deleted');
    expect(await sessions.userIdFor(account.session)).toBeNull();
    await expect(stat(archive)).rejects.toThrow(/ENOENT/);
    expect((await readState(eventStore, apiKeyStreamId(account.keyId), apiKeyDecider)).status).toBe('revoked');
    const { rows } = await db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [account.userId]);
    expect(rows[0]!.username).toBe(DELETED_USERNAME);
    // RECORD_WORKFLOW_HISTORIES=1 keeps this run as the committed history workflows/replay.test.ts replays.
    const history = await closedHistory(env.client.workflow.getHandle(accountDeletionWorkflowId(account.userId)));
    await keepHistory(historyFile('account-deletion', 'deleted-account'), history);
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history)).resolves.toBeUndefined();
    // Asked again (a retried request), a new run finds nothing left to do.
    expect(await client().delete({ userId: account.userId, ...context })).toEqual({ kind: 'deleted', position: null, sessionsEnded: 0, apiKeysRevoked: 0, offersWithdrawn: 0, exportsRemoved: 1 });
    expect((await env.client.workflow.getHandle(accountDeletionWorkflowId(account.userId)).describe()).status.name).toBe('COMPLETED');
  }, 60_000);
});
