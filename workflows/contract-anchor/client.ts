// Anchors royalty contracts for the API: starts the contract's anchor workflow and waits for its
// answer. A contract is anchored once: a second call joins the running workflow or answers the
// ended one's outcome.
import type { Client } from '@temporalio/client';
import { executeOnce } from '../execute-once';
import { contractAnchorWorkflowId, type AnchorAnswer, type ContractAnchorInput } from './shared';
import { TASK_QUEUE } from '../task-queue';

export interface ContractAnchorClient {
  /** Signs, records and sends the contract's deploy payment; answers where it stands. */
  anchor(input: ContractAnchorInput): Promise<AnchorAnswer>;
}

export function temporalContractAnchorClient(client: Client, taskQueue = TASK_QUEUE): ContractAnchorClient {
  return {
    anchor: (input) => executeOnce<ContractAnchorInput, AnchorAnswer>(client, 'contractAnchor', contractAnchorWorkflowId(input.contractId), taskQueue, input),
  };
}
