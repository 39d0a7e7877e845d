// Withdrawals run in this process, for an app built without Temporal (the route tests): the same
// steps as the withdrawal workflow (workflows/withdrawal/shared.ts), called directly.
import { createWithdrawalActivities, type WithdrawalActivityDeps } from '../../workflows/withdrawal/activities';
import type { WithdrawalClient } from '../../workflows/withdrawal/client';
import { executeWithdrawal } from '../../workflows/withdrawal/shared';

export function inProcessWithdrawalClient(deps: WithdrawalActivityDeps): WithdrawalClient {
  const activities = createWithdrawalActivities(deps);
  return { withdraw: (input) => executeWithdrawal(activities, input) };
}
