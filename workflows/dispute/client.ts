// The API's DisputeCommands on Temporal: files a case and acts on it (one workflow per case, its
// timers keeping the deadlines). Route tests run the same steps in-process
// (tests/support/in-process-clients.ts), without deadlines, as docs/disputes.md says.
import { randomUUID } from 'node:crypto';
import { WithStartWorkflowOperation, WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { DISPUTE_REFUSALS } from '../../domain/disputes/dispute.decider';
import type { DisputeCommands } from '../../domain/disputes/ports';
import { ForbiddenError, IllegalStateError, NotFoundError, UnauthorizedError, ValidationError, type DomainError } from '../../domain/shared/errors';
import { domainKindOf } from '../failure-kinds';
import { TASK_QUEUE } from '../task-queue';
import { actUpdate, disputeWorkflowId, fileUpdate, type DisputeCaseInput, type Refusal } from './shared';
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

export function temporalDisputeCommands(client: Client, taskQueue = TASK_QUEUE): DisputeCommands {
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
