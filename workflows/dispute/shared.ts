// What the dispute workflow, its activities and its callers share: the workflow id rule (one
// workflow per case), the input, the updates (file, act), the case's clock (what the workflow needs
// of the case's state to know its next effect and its next deadline), and the order of the effects,
// so the Temporal workflow and the in-process client run the same steps.
import { defineUpdate } from '@temporalio/workflow';
import type { AutoAction } from '../../domain/contracts/disputes';
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
  passCaseDeadline(input: { disputeId: string; kind: 'response' | 'evidence' | 'appeal'; correlationId: string; at: string }): Promise<CaseClock>;
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

/** The next deadline the case waits for, if any. */
export function nextDeadline(clock: CaseClock): { kind: 'response' | 'evidence' | 'appeal'; dueAt: string } | null {
  const due = [
    clock.answerDueAt ? { kind: 'response' as const, dueAt: clock.answerDueAt } : null,
    clock.evidenceDueAt ? { kind: 'evidence' as const, dueAt: clock.evidenceDueAt } : null,
    clock.appealUntil ? { kind: 'appeal' as const, dueAt: clock.appealUntil } : null,
  ].filter((d) => d !== null);
  due.sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
  return due[0] ?? null;
}
