// Runs withdrawals for the API: starts the withdrawal's workflow and waits for its outcome. One
// withdrawal id runs once: a second call joins the running workflow or answers the ended one's
// outcome, so nothing is debited or sent twice.
import type { Client } from '@temporalio/client';
import { executeOnce } from '../execute-once';
import { withdrawalWorkflowId, type WithdrawalInput, type WithdrawalOutcome } from './shared';
import { TASK_QUEUE } from '../task-queue';

export interface WithdrawalClient {
  /** Debits, sends and (if nothing was sent) credits back; answers the outcome. */
  withdraw(input: WithdrawalInput): Promise<WithdrawalOutcome>;
}

export function temporalWithdrawalClient(client: Client, taskQueue = TASK_QUEUE): WithdrawalClient {
  return {
    withdraw: (input) => executeOnce<WithdrawalInput, WithdrawalOutcome>(client, 'withdrawal', withdrawalWorkflowId(input.withdrawalId), taskQueue, input),
  };
}
