// The remindDeadline activity on PGlite: a reminder is appended once even when the activity runs
// again (a retry) or twice at the same moment (the second append carries the same derived event ids
// and is taken as done), it answers the case's clock, and a reminder for an answered claim appends
// nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeStreamId } from '../../domain/disputes/dispute.events';
import type { DisputeActor } from '../../domain/disputes/ports';
import { eventRegistry } from '../../domain/registry';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { recordingDisputeEffects } from '../../tests/support/dispute-effects-stand-in';
import { inProcessDisputeCommands } from '../../tests/support/in-process-clients';
import { seedCreator, seedWork } from '../../tests/support/seed-work';
import { createDisputeActivities, type DisputeActivities } from './activities';

const DAY_MS = 24 * 3600 * 1000;

let db: Db;
let eventStore: PostgresEventStore;
let activities: DisputeActivities;
let owner: DisputeActor;
let claimant: DisputeActor;

beforeAll(async () => {
  db = await pgliteDb();
  await migrate(db, eventStoreMigrations);
  eventStore = new PostgresEventStore(db, eventRegistry);
  activities = createDisputeActivities({ eventStore, effects: recordingDisputeEffects() });
  owner = { userId: (await seedCreator(eventStore, 'olivia')).userId, name: 'olivia', roles: ['creator'] };
  claimant = { userId: (await seedCreator(eventStore, 'carl')).userId, name: 'carl', roles: ['creator'] };
});

afterAll(async () => {
  await eventStore.close();
  await db.close();
});

async function fileCase(): Promise<{ disputeId: string; answerDueAt: string }> {
  const { workId } = await seedWork(eventStore, owner.userId!, { title: 'Night Drive' });
  const commands = inProcessDisputeCommands(activities);
  const { disputeId } = await commands.file({ kind: 'dispute', workId, disputeType: 'copyright_infringement', priority: 'high', subject: 'Mine', description: 'The hook', claimedRights: [] }, claimant);
  const filed = (await eventStore.readStream(disputeStreamId(disputeId))).find((e) => e.type === 'DisputeFiled')!.data as { answerDueAt: string };
  return { disputeId, answerDueAt: filed.answerDueAt };
}

const weekBefore = (disputeId: string, dueAt: string) => ({
  disputeId,
  kind: 'response' as const,
  dueAt,
  daysBefore: 7,
  correlationId: 'c1',
  at: new Date(Date.parse(dueAt) - 7 * DAY_MS).toISOString(),
});

const reminders = async (disputeId: string) => (await eventStore.readStream(disputeStreamId(disputeId))).filter((e) => e.type === 'DisputeDeadlineReminded');

describe('remindDeadline', () => {
  it('appends the reminder once, whether run again afterwards or twice at once', async () => {
    const { disputeId, answerDueAt } = await fileCase();
    const [first, second] = await Promise.all([activities.remindDeadline(weekBefore(disputeId, answerDueAt)), activities.remindDeadline(weekBefore(disputeId, answerDueAt))]);
    const again = await activities.remindDeadline(weekBefore(disputeId, answerDueAt));
    const recorded = await reminders(disputeId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ data: { kind: 'response', party: 'respondent', dueAt: answerDueAt, daysBefore: 7 }, metadata: { actor: 'system:dispute-reminder' } });
    expect([first.version, second.version, again.version]).toEqual([recorded[0]!.streamVersion, recorded[0]!.streamVersion, recorded[0]!.streamVersion]);
    expect(again).toMatchObject({ answerDueAt, closed: false });
  });

  it('appends nothing once the claim is answered', async () => {
    const { disputeId, answerDueAt } = await fileCase();
    await inProcessDisputeCommands(activities).act(disputeId, { action: 'respond', message: 'It is mine' }, owner);
    const clock = await activities.remindDeadline(weekBefore(disputeId, answerDueAt));
    expect(await reminders(disputeId)).toEqual([]);
    expect(clock.answerDueAt).toBeNull();
  });
});
