// A royalty contract's XRP Ledger anchor as a workflow (id `contract-anchor-<contractId>`): the
// deploy payment from the creator's account is signed and recorded, then sent and followed to
// validation (docs/royalties.md). The creating request waits for its answer.
import { proxyActivities } from '@temporalio/workflow';
import type { ContractAnchorActivities } from './activities';
import { executeAnchor, type AnchorAnswer, type ContractAnchorInput } from './shared';

// Following a payment to validation takes until its last ledger has passed (about a minute at most).
const steps = proxyActivities<ContractAnchorActivities>({
  startToCloseTimeout: '3 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
});

export async function contractAnchor(input: ContractAnchorInput): Promise<AnchorAnswer> {
  return executeAnchor(steps, input);
}
