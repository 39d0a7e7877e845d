// The API's DisputeCommands: files a case and acts on it. The Temporal client is what runs in
// production (one workflow per case, its timers keeping the deadlines); the in-process client runs
// the same steps directly, one at a time per case, for an app built without Temporal such as the
// route tests — it keeps no deadlines (no timers run there), which is said in docs/disputes.md.
import { randomUUID } from 'node:crypto';
import { WithStartWorkflowOperation, WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { DISPUTE_REFUSALS } from '../../domain/disputes/dispute.decider';
import type { DisputeCommands } from '../../domain/disputes/ports';
import { ForbiddenError, IllegalStateError, NotFoundError, UnauthorizedError, ValidationError, type DomainError } from '../../domain/shared/errors';
import { domainKindOf } from '../failure-kinds';
import type { DisputeActivities } from './activities';
import { actUpdate, DISPUTE_TASK_QUEUE, disputeWorkflowId, fileUpdate, settleEffects, type DisputeCaseInput, type Refusal, type StepAnswer } from './shared';
import type { disputeCase } from './workflow';

/** The decider's refusal again as its DomainError, so the API answers its status and message. */
export function domainErrorOf(refusal: Refusal): DomainError {
  switch (refusal.kind) {
    case 'validation':
      return new ValidationError(refusal.message);
    case 'unauthorized':
      return new UnauthorizedError(refusal.message);
    case 'forbidden':
      return new ForbiddenError(refusal.message);
    case 'not_found':
      return new NotFoundError(refusal.message);
    // The case decider refuses neither for payment nor for concurrency; were one to arrive, it is a state conflict.
    case 'payment_required':
    case 'illegal_state':
    case 'concurrency':
      return new IllegalStateError(refusal.message);
    default: {
      const unknown: never = refusal.kind;
      throw new Error(`Unknown refusal kind ${String(unknown)}`);
    }
  }
}

/** An update's failure that carries a refusal becomes the DomainError; anything else is rethrown. */
function refusalOf(error: unknown): DomainError | null {
  if (!(error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure)) return null;
  const kind = domainKindOf(error.cause.type);
  return kind ? domainErrorOf({ kind, message: error.cause.message }) : null;
}

function answerOrThrow(answer: StepAnswer) {
  if ('refused' in answer) throw domainErrorOf(answer.refused);
  return answer.clock;
}

export function temporalDisputeCommands(client: Client, taskQueue = DISPUTE_TASK_QUEUE): DisputeCommands {
  return {
    async file(filing, claimant) {
      const disputeId = filing.disputeId ?? randomUUID();
      const input: DisputeCaseInput = { disputeId, filing: { ...filing, disputeId }, claimant, correlationId: randomUUID() };
      try {
        return await client.workflow.executeUpdateWithStart(fileUpdate, {
          args: [],
          startWorkflowOperation: new WithStartWorkflowOperation<typeof disputeCase>('disputeCase', {
            workflowId: disputeWorkflowId(disputeId),
            taskQueue,
            args: [input],
            workflowIdConflictPolicy: 'USE_EXISTING',
          }),
        });
      } catch (error) {
        throw refusalOf(error) ?? error;
      }
    },
    async act(disputeId, request, actor) {
      try {
        return await client.workflow.getHandle(disputeWorkflowId(disputeId)).executeUpdate(actUpdate, { args: [{ request, actor, correlationId: randomUUID() }] });
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) throw refusal;
        // The workflow ends when its case closes (or its filing was refused): nothing more is taken.
        if (error instanceof WorkflowNotFoundError || isCompleted(error)) throw new IllegalStateError(DISPUTE_REFUSALS.closed);
        throw error;
      }
    },
  };
}

function isCompleted(error: unknown): boolean {
  return error instanceof Error && /workflow execution already completed/i.test(error.message);
}

/** Runs cases in this process, one step at a time per case; no timers, so no deadline passes here. */
export function inProcessDisputeCommands(activities: DisputeActivities): DisputeCommands {
  const chains = new Map<string, Promise<unknown>>();
  const now = () => new Date().toISOString();
  function serial<T>(disputeId: string, work: () => Promise<T>): Promise<T> {
    const next = (chains.get(disputeId) ?? Promise.resolve()).catch(() => undefined).then(work);
    chains.set(disputeId, next);
    return next;
  }
  return {
    file(filing, claimant) {
      const disputeId = filing.disputeId ?? randomUUID();
      const correlationId = randomUUID();
      return serial(disputeId, async () => {
        const clock = answerOrThrow(await activities.fileCase({ disputeId, filing: { ...filing, disputeId }, claimant, correlationId, at: now() }));
        await settleEffects(activities, clock, { disputeId, correlationId, now });
        return { disputeId, autoActions: await activities.autoActionsOf(disputeId) };
      });
    },
    act(disputeId, request, actor) {
      const correlationId = randomUUID();
      return serial(disputeId, async () => {
        const clock = answerOrThrow(await activities.actOnCase({ disputeId, request, actor, correlationId, at: now() }));
        const settled = await settleEffects(activities, clock, { disputeId, correlationId, now });
        return { streamVersion: settled.version };
      });
    },
  };
}
