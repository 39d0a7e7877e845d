// Contract anchors run in this process, for an app built without Temporal (the route tests): the
// same steps as the contract anchor workflow (workflows/contract-anchor/shared.ts), called directly.
import { createContractAnchorActivities, type ContractAnchorActivityDeps } from '../../workflows/contract-anchor/activities';
import type { ContractAnchorClient } from '../../workflows/contract-anchor/client';
import { executeAnchor } from '../../workflows/contract-anchor/shared';

export function inProcessContractAnchorClient(deps: ContractAnchorActivityDeps): ContractAnchorClient {
  const activities = createContractAnchorActivities(deps);
  return { anchor: (input) => executeAnchor(activities, input) };
}
