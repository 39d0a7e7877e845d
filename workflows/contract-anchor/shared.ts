// What the contract anchor workflow, its activities and its callers share: the
// workflow id rule (one per contract), the input, the answer, and the steps in order, so the
// Temporal workflow and an in-process runner take the same path.
import type { AnchorStatus } from '../../domain/royalties/royalty-contract.events';

export function contractAnchorWorkflowId(contractId: string): string {
  return `contract-anchor-${contractId}`;
}

export interface ContractAnchorInput {
  contractId: string;
  correlationId: string;
  actor: string;
}

/** Where the contract's deploy payment stands once recorded, and whether one was signed. */
export interface AnchorAnswer {
  status: AnchorStatus;
  signed: boolean;
}

/** After signing: the answer when nothing is to be sent (or it was recorded already), else submit. */
export type SigningStep = { kind: 'recorded'; answer: AnchorAnswer } | { kind: 'submit' };

/** The activities an anchor needs (the workflow's proxies, or the functions themselves in-process). */
export interface AnchorSteps {
  /** Signs the deploy payment and records it (RecordAnchorSigned), with its status when it is not to be sent. */
  signAnchor(input: ContractAnchorInput): Promise<SigningStep>;
  /** Sends the recorded payment, follows it to validation and records its status. */
  submitAnchor(input: ContractAnchorInput): Promise<AnchorAnswer>;
}

/** One anchor: sign and record, then send what was recorded. Run again, each step finds what it did. */
export async function executeAnchor(steps: AnchorSteps, input: ContractAnchorInput): Promise<AnchorAnswer> {
  const signing = await steps.signAnchor(input);
  return signing.kind === 'recorded' ? signing.answer : steps.submitAnchor(input);
}
