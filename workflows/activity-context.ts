// What activities ask of the Temporal context they may or may not run in: route tests run the same
// activities in process, outside any workflow, through the in-process clients in tests/support/.
import { Context } from '@temporalio/activity';
import { DomainError } from '../domain/shared/errors';
import { refusalFailure } from './failure-kinds';

/** The running workflow's id, or null outside an activity. */
export function currentWorkflowIdOrNull(): string | null {
  try {
    return Context.current().info.workflowExecution?.workflowId ?? null;
  } catch {
    return null;
  }
}

/** A domain refusal is final: Temporal must not retry it. Outside an activity it is thrown as it is. */
export function finalRefusal(error: unknown): never {
  if (error instanceof DomainError && currentWorkflowIdOrNull() !== null) throw refusalFailure(error);
  throw error;
}
