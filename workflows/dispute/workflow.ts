// One case as a workflow (id `dispute-<disputeId>`): filed by an update-with-start that answers the
// automatic actions once the work is frozen and its owner told; every action is an update answered
// once its events and the effects it owes are recorded (a refusal fails the update with the decider's message); the
// deadlines are timers read from the case (DISPUTE_DEADLINES via the decider): an unanswered claim is
// upheld by default, unsent evidence returns the case to review, the appeal window closes it. After
// a resolution the compensation is paid and the freeze lifted before the appeal window runs. Whoever
// must act is reminded 7 days and 1 day before each deadline, from the same waits' timers.
import { allHandlersFinished, ApplicationFailure, condition, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { AutoAction } from '../../domain/contracts/disputes';
import { failureKindOf } from '../failure-kinds';
import type { DisputeActivities } from './activities';
import {
  actUpdate,
  deadlineKey,
  deadlinesOf,
  fileUpdate,
  nextDeadline,
  remindersAhead,
  settleEffects,
  type CaseClock,
  type DeadlineReminder,
  type DisputeCaseInput,
  type Refusal,
} from './shared';

const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;
// The effects (freeze, compensation) call the token ledger and the royalty contract: a dead worker's
// step is taken over after its heartbeat-less timeout.
const acts = proxyActivities<DisputeActivities>({ startToCloseTimeout: '30 seconds', retry });

/** Runs recorded before deadline reminders existed replay without them. */
const REMINDERS_PATCH = 'dispute-deadline-reminders';

const failure = (refusal: Refusal) => ApplicationFailure.create({ type: failureKindOf(refusal.kind), message: refusal.message, nonRetryable: true });

export async function disputeCase(input: DisputeCaseInput): Promise<void> {
  const { disputeId, correlationId } = input;
  const now = () => new Date().toISOString();
  let clock: CaseClock | null = null;
  let changed = false;
  let filing: { autoActions: AutoAction[] } | { refused: Refusal } | null = null;
  const take = (next: CaseClock) => {
    if (!clock || next.version >= clock.version) clock = next;
    changed = true;
  };
  // The reminders still owed, per deadline: planned when the deadline is first seen (moments already
  // past then are skipped), dropped with their timer when it no longer applies (answered, evidence
  // request changed or ended, resolved, appealed, closed).
  const reminders = new Map<string, DeadlineReminder[]>();
  const nextReminder = (current: CaseClock): DeadlineReminder | null => {
    const deadlines = deadlinesOf(current);
    const live = new Set(deadlines.map(deadlineKey));
    for (const key of [...reminders.keys()]) if (!live.has(key)) reminders.delete(key);
    for (const deadline of deadlines) if (!reminders.has(deadlineKey(deadline))) reminders.set(deadlineKey(deadline), remindersAhead(deadline, Date.now()));
    return [...reminders.values()].flat().sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0] ?? null;
  };

  setHandler(fileUpdate, async () => {
    await condition(() => filing !== null);
    if ('refused' in filing!) throw failure(filing.refused);
    return { disputeId, autoActions: filing!.autoActions };
  });
  setHandler(actUpdate, async ({ request, actor, correlationId: requestCorrelation }) => {
    await condition(() => filing !== null);
    if ('refused' in filing!) throw failure({ kind: 'not_found', message: 'No such dispute' });
    const answer = await acts.actOnCase({ disputeId, request, actor, correlationId: requestCorrelation, at: now() });
    if ('refused' in answer) throw failure(answer.refused);
    take(answer.clock);
    // Answer once the effects the action owes (a refreeze after an appeal, a resolution's compensation) are recorded.
    await condition(() => clock!.next === null || clock!.closed);
    return { streamVersion: clock!.version };
  });

  const filed = await acts.fileCase({ ...input, at: now() });
  if ('refused' in filed) {
    filing = filed;
    await condition(allHandlersFinished);
    return;
  }
  take(filed.clock);
  take(await settleEffects(acts, clock!, { disputeId, correlationId, now }));
  filing = { autoActions: await acts.autoActionsOf(disputeId) };

  for (let current: CaseClock = clock!; !current.closed; current = clock!) {
    if (current.next) {
      take(await settleEffects(acts, current, { disputeId, correlationId, now }));
      continue;
    }
    changed = false;
    const deadline = nextDeadline(current);
    if (!deadline) {
      await condition(() => changed);
      continue;
    }
    const reminder = patched(REMINDERS_PATCH) ? nextReminder(current) : null;
    // The soonest deadline keeps its own moment; a reminder wakes the wait only when it comes first.
    const remindFirst = reminder !== null && Date.parse(reminder.at) < Date.parse(deadline.dueAt);
    const wakeAt = remindFirst ? reminder.at : deadline.dueAt;
    const woke = await condition(() => changed, Math.max(1, Date.parse(wakeAt) - Date.now()));
    if (woke) continue;
    if (remindFirst) {
      const key = deadlineKey(reminder);
      reminders.set(key, reminders.get(key)!.filter((r) => r !== reminder));
      const at = new Date(Math.max(Date.now(), Date.parse(reminder.at))).toISOString();
      take(await acts.remindDeadline({ disputeId, kind: reminder.kind, dueAt: reminder.dueAt, daysBefore: reminder.daysBefore, correlationId, at }));
      continue;
    }
    const at = new Date(Math.max(Date.now(), Date.parse(deadline.dueAt))).toISOString();
    take(await acts.passCaseDeadline({ disputeId, kind: deadline.kind, correlationId, at }));
  }
  await condition(allHandlersFinished);
}
