// What the dispute workflow, its activities and its callers share: the workflow id rule (one
// workflow per case), the input, the updates (file, act), the case's clock (what the workflow needs
// of the case's state to know its next effect, its deadlines and their reminders), and the order of
// the effects, so the Temporal workflow and the in-process client run the same steps.
import { defineUpdate } from '@temporalio/workflow';
import type { AutoAction } from '../../domain/contracts/disputes';
import { daysToMs, DEADLINE_REMINDER_DAYS } from '../../domain/disputes/deadlines';
import type { DisputeActionRequest, DisputeActor, FileCaseInput } from '../../domain/disputes/ports';
import type { DomainError } from '../../domain/shared/errors';

export function disputeWorkflowId(disputeId: string): string {
  return `dispute-${disputeId}`;
}

export interface DisputeCaseInput {
  disputeId: string;
  filing: FileCaseInput;
  claimant: DisputeActor;
  correlationId: string;
}

/** A refusal as data (it crosses Temporal as an ApplicationFailure of its kind's type, ../failure-kinds.ts). */
export interface Refusal {
  kind: DomainError['kind'];
  message: string;
}

/** What the workflow needs to know of the case, read after every step. */
export interface CaseClock {
  /** The case stream's version this was read at: a later read wins. */
  version: number;
  filed: boolean;
  kind: 'dispute' | 'oracle_review';
  closed: boolean;
  /** The respondent has not answered and the case is undecided: it resolves by default then. */
  answerDueAt: string | null;
  /** Evidence is requested (pending_evidence): the case returns to review then. */
  evidenceDueAt: string | null;
  /** Decided and appealable: the case closes then. */
  appealUntil: string | null;
  /** The effect the case needs next, in order; null when it waits for people or deadlines. */
  next: CaseEffect | null;
}

/**
 * The effects, in the order they are owed: a dispute freezes its work while it is undecided (again
 * after an appeal), its owner is told once, a resolution pays its compensation once per round, then
 * the freeze lifts; a case final at once (a review, a second resolution) closes — a review's
 * decision reaching its track first.
 */
export type CaseEffect = 'freeze' | 'notify' | 'compensate' | 'unfreeze' | 'close';

export type StepAnswer = { refused: Refusal } | { clock: CaseClock };

export const fileUpdate = defineUpdate<{ disputeId: string; autoActions: AutoAction[] }, []>('file');
export const actUpdate = defineUpdate<{ streamVersion: number }, [{ request: DisputeActionRequest; actor: DisputeActor; correlationId: string }]>('act');

/** The activities a case needs (the workflow's proxies, or the functions themselves in-process). */
export interface DisputeSteps {
  fileCase(input: DisputeCaseInput & { at: string }): Promise<StepAnswer>;
  actOnCase(input: { disputeId: string; request: DisputeActionRequest; actor: DisputeActor; correlationId: string; at: string }): Promise<StepAnswer>;
  applyCaseEffect(input: { disputeId: string; effect: CaseEffect; correlationId: string; at: string }): Promise<CaseClock>;
  passCaseDeadline(input: { disputeId: string; kind: DeadlineKind; correlationId: string; at: string }): Promise<CaseClock>;
  /** Records a deadline's reminder (DisputeDeadlineReminded), once; nothing when the deadline no longer applies. */
  remindDeadline(input: { disputeId: string; kind: DeadlineKind; dueAt: string; daysBefore: number; correlationId: string; at: string }): Promise<CaseClock>;
  autoActionsOf(disputeId: string): Promise<AutoAction[]>;
}

/** Runs the owed effects until none is left (each step records its event, so a rerun repeats nothing). */
export async function settleEffects(steps: Pick<DisputeSteps, 'applyCaseEffect'>, clock: CaseClock, input: { disputeId: string; correlationId: string; now: () => string }): Promise<CaseClock> {
  let current = clock;
  while (current.next && !current.closed) {
    current = await steps.applyCaseEffect({ disputeId: input.disputeId, effect: current.next, correlationId: input.correlationId, at: input.now() });
  }
  return current;
}

export type DeadlineKind = 'response' | 'evidence' | 'appeal';
export interface Deadline {
  kind: DeadlineKind;
  dueAt: string;
}

/** The deadlines the case runs now, soonest first. */
export function deadlinesOf(clock: CaseClock): Deadline[] {
  const due = [
    clock.answerDueAt ? { kind: 'response' as const, dueAt: clock.answerDueAt } : null,
    clock.evidenceDueAt ? { kind: 'evidence' as const, dueAt: clock.evidenceDueAt } : null,
    clock.appealUntil ? { kind: 'appeal' as const, dueAt: clock.appealUntil } : null,
  ].filter((d) => d !== null);
  return due.sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
}

/** The next deadline the case waits for, if any. */
export function nextDeadline(clock: CaseClock): Deadline | null {
  return deadlinesOf(clock)[0] ?? null;
}

/** One reminder of a deadline, due `daysBefore` days before it, at `at`. */
export interface DeadlineReminder extends Deadline {
  daysBefore: number;
  at: string;
}

/** A deadline's identity: a moved deadline (a new evidence request) is another deadline. */
export function deadlineKey(deadline: Deadline): string {
  return `${deadline.kind}@${deadline.dueAt}`;
}

/** The reminders of `deadline` still ahead of `nowMs`, soonest first (DEADLINE_REMINDER_DAYS before it). */
export function remindersAhead(deadline: Deadline, nowMs: number): DeadlineReminder[] {
  return DEADLINE_REMINDER_DAYS.map((daysBefore) => ({ ...deadline, daysBefore, at: new Date(Date.parse(deadline.dueAt) - daysToMs(daysBefore)).toISOString() }))
    .filter((reminder) => Date.parse(reminder.at) > nowMs)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
