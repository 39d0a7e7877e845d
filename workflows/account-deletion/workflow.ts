// The account deletion workflow (id `account-deletion-<userId>`): check what blocks it, mark the
// account deleted, end its sessions, revoke its API keys and withdraw its offers. Each step is
// idempotent (keyed events, deciders that decide nothing twice), so retries are safe; once the
// account is marked deleted, the steps after it are retried until they are done.
import { proxyActivities } from '@temporalio/workflow';
import type { AccountDeletionActivities } from './activities';
import { executeAccountDeletion, type AccountDeletionInput, type AccountDeletionOutcome } from './shared';

const steps = proxyActivities<AccountDeletionActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export async function accountDeletion(input: AccountDeletionInput): Promise<AccountDeletionOutcome> {
  return executeAccountDeletion(steps, input);
}
