// The dispute workflow's deadlines against the Temporal time-skipping test server, PGlite in memory
// and stand-in effects: a claim unanswered for 30 days is upheld by default (and closes when the
// appeal window passes), an appeal after the 7-day window is refused with the decider's message,
// and evidence not sent within 14 days returns the case to under_review; refusals arrive as DomainErrors.
// Whoever must act is reminded 7 days and 1 day before each deadline, and no longer once it is met.
import { randomUUID } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_REFUSALS, disputeDecider, type DisputeEvent, type DisputeState } from '../../domain/disputes/dispute.decider';
import { disputeStreamId } from '../../domain/disputes/dispute.events';
import type { DisputeActor, DisputeCommands, FileCaseInput } from '../../domain/disputes/ports';
import { eventRegistry } from '../../domain/registry';
import { ForbiddenError, IllegalStateError } from '../../domain/shared/errors';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { recordingDisputeEffects, type RecordingDisputeEffects } from '../../tests/support/dispute-effects-stand-in';
import { seedCreator, seedWork } from '../../tests/support/seed-work';
import { closedHistory, historyFile, keepHistory } from '../../tests/support/workflow-history';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createDisputeActivities } from './activities';
import { temporalDisputeCommands } from './client';
import { disputeWorkflowId } from './shared';
import { findTestServer } from '../../tests/support/temporal-test-server';

const testServer = await findTestServer();

(testServer ? describe : describe.skip)(testServer ? 'dispute workflow deadlines (Temporal time-skipping server)' : 'dispute workflow deadlines (skipped: no temporal-test-server found)', () => {
  let env: TestWorkflowEnvironment;
  let db: Db;
  let eventStore: PostgresEventStore;
  let effects: RecordingDisputeEffects;
  let worker: Worker;
  let workerRun: Promise<void>;
  let commands: DisputeCommands;
  let owner: DisputeActor;
  let claimant: DisputeActor;
  let reviewer: DisputeActor;

  beforeAll(async () => {
    installTemporalRuntime();
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer! } } });
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    effects = recordingDisputeEffects();
    const taskQueue = `dispute-test-${randomUUID()}`;
    worker = await Worker.create({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue,
      workflowBundle: await bundleTrackLifecycleWorkflows(),
      activities: createDisputeActivities({ eventStore, effects }),
    });
    workerRun = worker.run();
    commands = temporalDisputeCommands(env.client, taskQueue);
    const actor = async (name: string, roles: DisputeActor['roles']): Promise<DisputeActor> => ({ userId: (await seedCreator(eventStore, name)).userId, name, roles });
    owner = await actor('olivia', ['creator']);
    claimant = await actor('carl', ['creator']);
    reviewer = await actor('rita', ['creator', 'reviewer']);
  }, 120_000);

  afterAll(async () => {
    if (worker?.getState() === 'RUNNING') worker.shutdown();
    await workerRun;
    await eventStore?.close();
    await db?.close();
    await env?.teardown();
  });

  async function fileAgainstNewWork(): Promise<string> {
    const { workId } = await seedWork(eventStore, owner.userId!, { title: `Work ${randomUUID().slice(0, 6)}` });
    const filing: FileCaseInput = { kind: 'dispute', workId, disputeType: 'copyright_infringement', priority: 'medium', subject: 'Mine', description: 'The hook is mine', claimedRights: [] };
    return (await commands.file(filing, claimant)).disputeId;
  }

  async function caseState(disputeId: string): Promise<DisputeState> {
    const events = await eventStore.readStream(disputeStreamId(disputeId));
    return events.reduce((s, e) => disputeDecider.evolve(s, { type: e.type, data: e.data } as DisputeEvent), disputeDecider.initialState);
  }

  /** Waits (real time) until the case's state satisfies `done`: timers fire at once, their activities take real time. */
  async function until(disputeId: string, done: (state: DisputeState) => boolean, timeoutMs = 20_000): Promise<DisputeState> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await caseState(disputeId);
      if (done(state) || Date.now() > deadline) return state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const types = async (disputeId: string) => (await eventStore.readStream(disputeStreamId(disputeId))).map((e) => e.type);
  /** The case's reminders; `onTime` when one was recorded at its moment (daysBefore its deadline), or within the minute after as a timer fires. */
  const remindersOf = async (disputeId: string) =>
    (await eventStore.readStream(disputeStreamId(disputeId)))
      .filter((e) => e.type === 'DisputeDeadlineReminded')
      .map((e) => {
        const { remindedAt, ...reminder } = e.data as { disputeId: string; kind: string; party: string; dueAt: string; daysBefore: number; remindedAt: string };
        const lateMs = Date.parse(remindedAt) - (Date.parse(reminder.dueAt) - reminder.daysBefore * 24 * 3600 * 1000);
        return { ...reminder, onTime: lateMs >= 0 && lateMs < 60_000 };
      });

  it('a claim unanswered for 30 days is reminded at day 23 and day 29, upheld by default at day 30, reminded a day before its appeal window ends, and closed when it passes', async () => {
    const disputeId = await fileAgainstNewWork();
    const { answerDueAt } = await caseState(disputeId);
    await env.sleep('22 days');
    expect(await remindersOf(disputeId)).toEqual([]);
    await env.sleep('1 day');
    await until(disputeId, (state) => state.reminded.length === 1);
    expect(await remindersOf(disputeId)).toEqual([{ disputeId, kind: 'response', party: 'respondent', dueAt: answerDueAt, daysBefore: 7, onTime: true }]);
    await env.sleep('6 days');
    await until(disputeId, (state) => state.reminded.length === 2);
    expect((await remindersOf(disputeId))[1]).toEqual({ disputeId, kind: 'response', party: 'respondent', dueAt: answerDueAt, daysBefore: 1, onTime: true });
    expect((await caseState(disputeId)).status).toBe('open');
    await env.sleep('1 day');
    const resolved = await until(disputeId, (state) => state.status === 'resolved' && state.freeze === null);
    expect(resolved).toMatchObject({ status: 'resolved', freeze: null, resolution: { outcome: 'upheld', byDefault: true, by: { userId: null, name: 'GOOSE' } } });
    // The deadline itself fires when it always did (its timer, within the minute after).
    const lateMs = Date.parse(resolved.resolution!.resolvedAt) - Date.parse(answerDueAt!);
    expect(lateMs >= 0 && lateMs < 60_000).toBe(true);
    const appealUntil = resolved.resolution!.appealUntil;
    await env.sleep('6 days');
    await until(disputeId, (state) => state.reminded.length === 3);
    await env.sleep('1 day');
    const handle = env.client.workflow.getHandle(disputeWorkflowId(disputeId));
    await handle.result();
    // The appeal window is 7 days: its 7-day reminder would fall on the resolution itself, so only the 1-day one is sent.
    expect((await remindersOf(disputeId))[2]).toEqual({ disputeId, kind: 'appeal', party: 'either', dueAt: appealUntil, daysBefore: 1, onTime: true });
    expect(await types(disputeId)).toEqual([
      'DisputeFiled',
      'DisputeAssetsFrozen',
      'DisputeOwnerNotified',
      'DisputeDeadlineReminded',
      'DisputeDeadlineReminded',
      'DisputeDeadlinePassed',
      'DisputeResolved',
      'DisputeAssetsUnfrozen',
      'DisputeDeadlineReminded',
      'DisputeDeadlinePassed',
      'DisputeClosed',
    ]);
    // Its run is the committed history of a case with reminders (RECORD_WORKFLOW_HISTORIES=1 keeps it).
    const history = await closedHistory(handle);
    await keepHistory(historyFile('dispute', 'reminded-case'), history);
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history)).resolves.toBeUndefined();
  }, 120_000);

  it('a claim answered before day 23 gets no answer reminders; after its resolution only the appeal reminder comes', async () => {
    const disputeId = await fileAgainstNewWork();
    await env.sleep('2 days');
    await commands.act(disputeId, { action: 'respond', message: 'It is mine' }, owner);
    await env.sleep('30 days');
    // A reminder would be recorded within moments of its timer (see above): give it the time.
    expect((await until(disputeId, (state) => state.reminded.length > 0, 2_000)).reminded).toEqual([]);
    await commands.act(disputeId, { action: 'assign', reviewer }, reviewer);
    await commands.act(disputeId, { action: 'resolve', outcome: 'upheld', details: 'Copied', compensationCents: 0 }, reviewer);
    const { appealUntil } = (await caseState(disputeId)).resolution!;
    await env.sleep('6 days');
    await until(disputeId, (state) => state.reminded.length === 1);
    expect(await remindersOf(disputeId)).toEqual([{ disputeId, kind: 'appeal', party: 'either', dueAt: appealUntil, daysBefore: 1, onTime: true }]);
    // An appeal ends the window: the case waits for the new resolution, with no further reminder.
    await commands.act(disputeId, { action: 'appeal', reason: 'The reviewer missed the stems' }, owner);
    await env.sleep('2 days');
    expect(await until(disputeId, (state) => state.reminded.length > 1, 2_000)).toMatchObject({ status: 'escalated', closedAt: null, reminded: [expect.stringMatching(/^appeal@/)] });
  }, 120_000);

  it('reminds the parties asked for evidence 7 days and 1 day before it is due, only those who have not sent any; a request withdrawn is not reminded', async () => {
    const disputeId = await fileAgainstNewWork();
    const withdrawn = await fileAgainstNewWork();
    for (const id of [disputeId, withdrawn]) {
      await commands.act(id, { action: 'respond', message: 'It is mine' }, owner);
      await commands.act(id, { action: 'assign', reviewer }, reviewer);
      await commands.act(id, { action: 'request_evidence', from: 'both', note: 'Send the session files' }, reviewer);
    }
    const dueAt = (await caseState(disputeId)).evidenceRequest!.dueAt;
    await env.sleep('1 day');
    await commands.act(withdrawn, { action: 'change_status', status: 'under_review', note: 'Enough to decide' }, reviewer);
    await env.sleep('6 days');
    await until(disputeId, (state) => state.reminded.length === 1);
    expect(await remindersOf(disputeId)).toEqual([{ disputeId, kind: 'evidence', party: 'both', dueAt, daysBefore: 7, onTime: true }]);
    await commands.act(disputeId, { action: 'add_evidence', evidenceId: randomUUID(), type: 'document', description: 'Session files', file: null }, claimant);
    await env.sleep('6 days');
    await until(disputeId, (state) => state.reminded.length === 2);
    expect((await remindersOf(disputeId))[1]).toEqual({ disputeId, kind: 'evidence', party: 'respondent', dueAt, daysBefore: 1, onTime: true });
    await env.sleep('1 day');
    expect((await until(disputeId, (state) => state.status === 'under_review')).status).toBe('under_review');
    expect(await remindersOf(withdrawn)).toEqual([]);
  }, 120_000);

  it('an appeal after the 7-day window is refused with the decider’s message; within it the case is escalated', async () => {
    const late = await fileAgainstNewWork();
    const inTime = await fileAgainstNewWork();
    for (const disputeId of [late, inTime]) {
      await commands.act(disputeId, { action: 'respond', message: 'It is mine' }, owner);
      await commands.act(disputeId, { action: 'assign', reviewer }, reviewer);
      await commands.act(disputeId, { action: 'resolve', outcome: 'rejected', details: 'Not copied', compensationCents: 0 }, reviewer);
    }
    const { resolution } = await caseState(late);
    await commands.act(inTime, { action: 'appeal', reason: 'The reviewer missed the stems' }, claimant);
    expect(await caseState(inTime)).toMatchObject({ status: 'escalated', freeze: { payoutsFrozen: true } });
    // The appeal window passes on the other case: it closes, and an appeal is refused.
    await env.sleep('7 days');
    await env.client.workflow.getHandle(disputeWorkflowId(late)).result();
    const refused = commands.act(late, { action: 'appeal', reason: 'Too late' }, claimant);
    await expect(refused).rejects.toBeInstanceOf(IllegalStateError);
    await expect(refused).rejects.toThrow(DISPUTE_REFUSALS.closed);
    expect((await caseState(late)).closedAt).not.toBeNull();
    expect(resolution!.appealUntil).toBe(new Date(Date.parse(resolution!.resolvedAt) + 7 * 24 * 3600 * 1000).toISOString());
  }, 120_000);

  // histories/resolved-case.history.pb is this run recorded before the deadline reminders (no patch
  // marker); it is kept as it is so that runs of that build keep replaying, and is never re-recorded.
  it('replays the run of a case answered, resolved and closed (RECORD_WORKFLOW_HISTORIES=1 keeps it as the committed history answered-case)', async () => {
    const disputeId = await fileAgainstNewWork();
    await commands.act(disputeId, { action: 'respond', message: 'It is mine' }, owner);
    await commands.act(disputeId, { action: 'assign', reviewer }, reviewer);
    await commands.act(disputeId, { action: 'resolve', outcome: 'rejected', details: 'Not copied', compensationCents: 0 }, reviewer);
    await env.sleep('7 days');
    const history = await closedHistory(env.client.workflow.getHandle(disputeWorkflowId(disputeId)));
    await keepHistory(historyFile('dispute', 'answered-case'), history);
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history)).resolves.toBeUndefined();
  }, 120_000);

  it('evidence not sent within 14 days returns the case to under_review', async () => {
    const disputeId = await fileAgainstNewWork();
    await commands.act(disputeId, { action: 'respond', message: 'It is mine' }, owner);
    await commands.act(disputeId, { action: 'assign', reviewer }, reviewer);
    // A refusal crosses Temporal as the decider's DomainError.
    const byOwner = commands.act(disputeId, { action: 'request_evidence', from: 'respondent', note: 'x' }, owner);
    await expect(byOwner).rejects.toBeInstanceOf(ForbiddenError);
    await expect(byOwner).rejects.toThrow(DISPUTE_REFUSALS.notAssigned);
    await commands.act(disputeId, { action: 'request_evidence', from: 'respondent', note: 'Send the session files' }, reviewer);
    expect((await caseState(disputeId)).status).toBe('pending_evidence');
    await env.sleep('13 days');
    expect((await caseState(disputeId)).status).toBe('pending_evidence');
    await env.sleep('1 day');
    expect((await until(disputeId, (state) => state.status === 'under_review')).status).toBe('under_review');
    const passed = (await eventStore.readStream(disputeStreamId(disputeId))).filter((e) => e.type === 'DisputeDeadlinePassed').map((e) => e.data);
    expect(passed).toMatchObject([{ kind: 'evidence', consequence: 'The requested evidence did not arrive in time: the case returns to review' }]);
  }, 120_000);
});
