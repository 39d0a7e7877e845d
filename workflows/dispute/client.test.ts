// The in-process DisputeCommands against PGlite and stand-in effects: filing answers the automatic
// actions that really happened, refusals arrive as the decider's DomainErrors, a resolution pays its
// compensation once and lifts the freeze, and a review's decision reaches the track before it closes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORACLE_ACTOR, DISPUTE_REFUSALS, disputeDecider, type DisputeEvent, type DisputeState } from '../../domain/disputes/dispute.decider';
import { disputeStreamId } from '../../domain/disputes/dispute.events';
import type { DisputeActor, FileCaseInput } from '../../domain/disputes/ports';
import { eventRegistry } from '../../domain/registry';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { recordingDisputeEffects } from '../../tests/support/dispute-effects-stand-in';
import { seedCreator, seedWork } from '../../tests/support/seed-work';
import { createDisputeActivities } from './activities';
import { inProcessDisputeCommands } from '../../tests/support/in-process-clients';

let db: Db;
let eventStore: PostgresEventStore;
let owner: DisputeActor;
let claimant: DisputeActor;
let reviewer: DisputeActor;
let workId: string;

beforeAll(async () => {
  db = await pgliteDb();
  await migrate(db, eventStoreMigrations);
  eventStore = new PostgresEventStore(db, eventRegistry);
  const actor = async (name: string, roles: DisputeActor['roles']): Promise<DisputeActor> => ({ userId: (await seedCreator(eventStore, name)).userId, name, roles });
  owner = await actor('olivia', ['creator']);
  claimant = await actor('carl', ['creator']);
  reviewer = await actor('rita', ['creator', 'reviewer']);
  workId = (await seedWork(eventStore, owner.userId!, { title: 'Night Drive' })).workId;
});

afterAll(async () => {
  await eventStore.close();
  await db.close();
});

const filing = (overrides: Partial<FileCaseInput> = {}): FileCaseInput => ({
  kind: 'dispute',
  workId,
  disputeType: 'copyright_infringement',
  priority: 'high',
  subject: 'My chorus',
  description: 'The chorus is mine',
  claimedRights: ['reproduction'],
  ...overrides,
});

async function caseState(disputeId: string): Promise<DisputeState> {
  const events = await eventStore.readStream(disputeStreamId(disputeId));
  return events.reduce((s, e) => disputeDecider.evolve(s, { type: e.type, data: e.data } as DisputeEvent), disputeDecider.initialState);
}

describe('in-process dispute commands', () => {
  it('files a case: the work is frozen, its owner told, and the answer lists exactly that', async () => {
    const effects = recordingDisputeEffects(1234);
    const commands = inProcessDisputeCommands(createDisputeActivities({ eventStore, effects }));
    const filed = await commands.file(filing(), claimant);
    expect(filed.autoActions.map((a) => a.action)).toEqual(['case_opened', 'payouts_frozen', 'licensing_frozen', 'owner_notified']);
    expect(filed.autoActions[3]!.detail).toBe('Told in the app: a notification in their bell and notifications page links to the case. Not by mail: they have no confirmed e-mail address');
    expect(effects.calls.map((c) => c.effect)).toEqual(['freeze', 'notify']);
    expect(await caseState(filed.disputeId)).toMatchObject({ status: 'open', estimatedValueCents: 1234, respondent: { userId: owner.userId, name: 'olivia' }, workTitle: 'Night Drive' });
    // One open case per claimant and work.
    await expect(commands.file(filing(), claimant)).rejects.toThrow(DISPUTE_REFUSALS.openCase(filed.disputeId));
  });

  it('refuses a filing against your own work (403), an unregistered work (400) and an unknown one (404)', async () => {
    const commands = inProcessDisputeCommands(createDisputeActivities({ eventStore, effects: recordingDisputeEffects() }));
    await expect(commands.file(filing(), owner)).rejects.toBeInstanceOf(ForbiddenError);
    const unregistered = (await seedWork(eventStore, owner.userId!, { title: 'Demo', outcome: null })).workId;
    await expect(commands.file(filing({ workId: unregistered }), claimant)).rejects.toBeInstanceOf(ValidationError);
    await expect(commands.file(filing({ workId: 'no-such-work' }), claimant)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('runs a case to resolution: answer, assignment, resolution with compensation paid once, freeze lifted; an outsider is refused', async () => {
    const effects = recordingDisputeEffects(300);
    const commands = inProcessDisputeCommands(createDisputeActivities({ eventStore, effects }));
    const work = (await seedWork(eventStore, owner.userId!, { title: 'Slow Burn' })).workId;
    const { disputeId } = await commands.file(filing({ workId: work }), claimant);
    await commands.act(disputeId, { action: 'respond', message: 'It is mine' }, owner);
    await expect(commands.act(disputeId, { action: 'assign', reviewer: claimant }, claimant)).rejects.toThrow(DISPUTE_REFUSALS.reviewerRole);
    await commands.act(disputeId, { action: 'assign', reviewer }, reviewer);
    await expect(commands.act(disputeId, { action: 'resolve', outcome: 'upheld', details: 'x', compensationCents: 1 }, owner)).rejects.toBeInstanceOf(ForbiddenError);
    const { streamVersion } = await commands.act(disputeId, { action: 'resolve', outcome: 'upheld', details: 'Copied', compensationCents: 500 }, reviewer);
    const state = await caseState(disputeId);
    expect(streamVersion).toBe((await eventStore.readStream(disputeStreamId(disputeId))).length);
    expect(state).toMatchObject({ status: 'resolved', freeze: null, compensations: [`dispute-compensation-${disputeId}-1`] });
    const paid = (await eventStore.readStream(disputeStreamId(disputeId))).find((e) => e.type === 'DisputeCompensationPaid')!.data;
    expect(paid).toMatchObject({ decidedCents: 500, paidCents: 300, note: 'Only 300 cents were pending', toUserId: claimant.userId });
    expect(effects.calls.filter((c) => c.disputeId === disputeId).map((c) => c.effect)).toEqual(['freeze', 'notify', 'compensate', 'unfreeze']);
    // Appealed: escalated and frozen again.
    await commands.act(disputeId, { action: 'appeal', reason: 'The reviewer missed my stems' }, owner);
    expect(await caseState(disputeId)).toMatchObject({ status: 'escalated', freeze: { payoutsFrozen: true } });
    await expect(commands.act(disputeId, { action: 'appeal', reason: 'again' }, claimant)).rejects.toBeInstanceOf(IllegalStateError);
  });

  it('opens a review of a held track for the oracle; the reviewer’s decision reaches the track and closes the case', async () => {
    const deliverReviewDecision = vi.fn(async () => {});
    const effects = recordingDisputeEffects();
    const commands = inProcessDisputeCommands(createDisputeActivities({ eventStore, effects, deliverReviewDecision }));
    const held = (await seedWork(eventStore, owner.userId!, { title: 'Held', status: 'needs_review', outcome: null })).workId;
    const filed = await commands.file(filing({ kind: 'oracle_review', workId: held, checkId: 'c1', disputeId: 'review-c1-held' }), ORACLE_ACTOR);
    expect(filed.autoActions.map((a) => a.action)).toEqual(['case_opened', 'owner_notified']);
    expect(effects.calls.map((c) => c.effect)).toEqual(['notify']);
    await commands.act(filed.disputeId, { action: 'assign', reviewer }, reviewer);
    await commands.act(filed.disputeId, { action: 'review_decision', outcome: 'cleared', details: 'A common progression' }, reviewer);
    expect(deliverReviewDecision).toHaveBeenCalledWith({ trackId: held, checkId: 'c1', disputeId: 'review-c1-held', outcome: 'cleared', details: 'A common progression', reviewerName: 'rita' });
    expect((await caseState(filed.disputeId)).closedAt).not.toBeNull();
    await expect(commands.act(filed.disputeId, { action: 'message', messageId: 'm1', message: 'hi' }, owner)).rejects.toThrow(DISPUTE_REFUSALS.closed);
  });
});
